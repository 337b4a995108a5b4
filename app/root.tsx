import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { appContext } from '#app-context';
import {
  type CartCookie,
  isCartCookie,
  isFavoritesCookie,
  readCookie,
  readJsonCookie,
} from '../core/cart/cookies.rules.ts';
import { catalogueMenuEntries, globalMenuRows } from '../core/content/menu.rules.ts';
import { type Locale, type Localized, localeFromPath, pathInLocale, pick } from '../core/i18n.ts';
import { type Currency, type ForeignCurrency, isCurrency } from '../core/money.ts';
import type { Route } from './+types/root';
import { counterScripts } from './components/analytics.tsx';
import { AnalyticsScripts } from './components/analytics-scripts.tsx';
import { CabinetContext } from './components/cabinet/cabinet-context.ts';
import type { CabinetView } from './components/cabinet/cabinet-popup.tsx';
import { QuickOrderContext } from './components/checkout/quick-order-context.ts';
import { type ContactPopup, ContactPopupContext } from './components/contact-popup-context.ts';
import { Header } from './components/header.tsx';
import { Preloader } from './components/preloader.tsx';
import { applyTextOverrides, LocaleContext, loadAllTexts, translate } from './i18n/index.ts';
import { laterHydrated, markShellHydrated } from './lib/later-hydrated.tsx';
import { laterPart } from './lib/later-part.ts';
import { reloadForChunkError, useChunkReload } from './lib/network.ts';
import { seoMeta } from './lib/seo.ts';
import { useNonce } from './nonce.ts';
import { ShopContext } from './shop-context.ts';
import { useStaffModeLoader } from './staff/edit-mode.ts';
import shopStyles from './styles/shop.css?url';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, maps, staging, clearSessionCookie } = context.get(appContext);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const cookie = request.headers.get('cookie');
  const [settings, categories, latest, sessionUser] = await Promise.all([
    services.settings.getShopSettings(),
    services.catalogue.listTopCategories(),
    locale === 'en' ? services.rates.getLatestRates() : Promise.resolve(null),
    services.auth.getSessionUser(readCookie(cookie, 'shi_token')),
  ]);
  // checkout.md §6: the signed-in shopper's profile and addresses prefill the forms; the cart kept on
  // the server (DECISIONS 8) replaces this device's cookie after hydration.
  if (!sessionUser && readCookie(cookie, 'shi_token')) clearSessionCookie();
  const [user, userCart] = sessionUser
    ? await Promise.all([services.users.getUserView(sessionUser), services.users.getCart(sessionUser.id)])
    : [null, null];
  // checkout.md §9: the English edition's currency lives in `shi-currency` (default USD).
  const chosen = readCookie(cookie, 'shi-currency');
  const currency: Currency =
    locale === 'ru'
      ? 'RUB'
      : isCurrency(chosen) && chosen !== 'RUB' && latest
        ? chosen
        : latest
          ? 'USD'
          : 'RUB';
  const prefix = settings.ui.global.menu.categoriesPrefix;
  // catalogue.md §2: `?product=` opens the product in a modal on any page but its own.
  const modalId = url.searchParams.get('product');
  const modalProduct =
    modalId && !/^\/(en\/)?products\//.test(url.pathname)
      ? await services.catalogue.getProductPage(modalId)
      : null;
  const wanted = url.searchParams.get('p');
  return {
    locale,
    publicUrl,
    maps,
    staging,
    currency,
    user,
    userCart,
    rates: (latest?.rates ?? {}) as Partial<Record<ForeignCurrency, number>>,
    cartCount: readJsonCookie(cookie, 'cart', isCartCookie, []).reduce((n, item) => n + item.count, 0),
    favouritesCount: readJsonCookie(cookie, 'favorites', isFavoritesCookie, []).length,
    shopName: settings.main.shopName[locale] || settings.main.shopName.ru,
    productModal: modalProduct
      ? {
          product: modalProduct,
          selected:
            modalProduct.variants.find((v) => v.id === wanted)?.id ??
            (modalProduct.variants.length === 1 ? (modalProduct.variants[0]?.id ?? null) : null),
        }
      : null,
    contacts: settings.contacts,
    /** The edition's interface texts changed in the back office (usually none). */
    texts: await services.texts.getOverrides(locale),
    // Legal requisites for the footer, the counters for every page (both optional in settings).
    seller: settings.main.seller ?? null,
    analytics: counterScripts(settings.main.analytics),
    engagement: settings.ui.engagement,
    delivery: {
      freeDeliveryMin: settings.main.freeDeliveryMin,
      englishDisabledGetWays: settings.main.englishDisabledGetWays,
      moscowDeliveryPrice: settings.ui.moscowDeliveryPrice,
      moscowDeliveryOutMkadPrice: settings.ui.moscowDeliveryOutMkadPrice,
      moscowTryDeliveryPrice: settings.ui.moscowTryDeliveryPrice,
      moscowTryDeliveryOutMkadPrice: settings.ui.moscowTryDeliveryOutMkadPrice,
      payments: settings.main.payments,
      // The kinds of payment the configured providers take: a method none takes is not offered.
      paymentKinds: services.payments.kinds,
      // Only this edition's texts reach the page.
      texts: {
        moscow: pickTexts(settings.ui.deliveryTexts.moscow, locale),
        'moscow-try': pickTexts(settings.ui.deliveryTexts['moscow-try'], locale),
        self: pickTexts(settings.ui.deliveryTexts.self, locale),
      },
    },
    menu: {
      catalogue: catalogueMenuEntries(prefix, categories, locale),
      rows: globalMenuRows(categories.length, prefix.length),
      columns: settings.ui.global.menu.columns,
      header: settings.ui.header.menu,
      labels: {
        phone: settings.ui.phoneLabel,
        email: settings.ui.emailLabel,
        socials: settings.ui.socialsLabel,
      },
    },
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

function pickTexts(texts: { title: Localized; subtitle: Localized }, locale: Locale) {
  return { title: pick(texts.title, locale), subtitle: pick(texts.subtitle, locale) };
}

/**
 * DECISIONS 27: a tap on a main control marked `data-tap` (add to cart) made before the page has
 * hydrated is remembered here, and the control's component replays it once hydrated
 * (app/components/product-view.tsx). It runs before any module script, in the page's first bytes.
 * The recorder stops once the whole page has hydrated, or once the control's component has taken the
 * taps (it sets `__shopTaps` to null): parts hydrated after the shell (app/lib/later-hydrated.tsx)
 * hydrate a moment later than the rest, and a tap on them in between is kept too.
 */
const TAP_RECORDER =
  "window.__shopTaps=[];document.addEventListener('click',function(e){var q=window.__shopTaps;if(!q||document.documentElement.dataset.hydrated)return;var t=e.target instanceof Element&&e.target.closest('[data-tap]');if(t)q.push(t.getAttribute('data-tap'))},true)";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>('root');
  const location = useLocation();
  const locale: Locale = data?.locale ?? localeFromPath(location.pathname);
  applyTextOverrides(locale, data?.texts);
  const origin = data?.publicUrl ?? '';
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#f6f3ee" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" hrefLang="ru" href={`${origin}${pathInLocale(location.pathname, 'ru')}`} />
        <link rel="alternate" hrefLang="en" href={`${origin}${pathInLocale(location.pathname, 'en')}`} />
        <link
          rel="alternate"
          hrefLang="x-default"
          href={`${origin}${pathInLocale(location.pathname, 'ru')}`}
        />
        {/* Precedence makes React put the shop's stylesheet, the page's only render-blocking
            resource, ahead of the script preloads in <head>, so the browser asks for it first. */}
        <link rel="stylesheet" href={shopStyles} precedence="shop" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no input in it */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TAP_RECORDER }} />
        <Meta />
        <Links />
        <AnalyticsScripts scripts={data?.analytics ?? null} nonce={nonce} />
      </head>
      <body>
        <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** True from the first time `wanted` is true on: a part loaded on its first opening stays mounted. */
function useMountedOnce(wanted: boolean): boolean {
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted || wanted;
}

/**
 * Marks the document once React has hydrated it, the parts hydrated later included (end-to-end tests
 * wait for it before clicking; app/lib/later-hydrated.tsx).
 */
function useHydratedMarker() {
  useEffect(() => markShellHydrated(), []);
}

/** DECISIONS 34: a staging shop (`SANDBOX_ON_PUBLIC=allow`) says so on every storefront page. */
function StagingBanner({ locale }: { locale: Locale }) {
  return (
    <p className="staging-banner" role="note">
      {locale === 'en'
        ? 'Test shop: orders are not fulfilled, no payment is taken'
        : 'Тестовый магазин: заказы не выполняются, оплата не списывается'}
    </p>
  );
}

// The cabinet's code and styles load on its first opening; the quick-order window's (the cart
// panel) on its first opening; the product modal's only on a page that shows one; the contact
// popups' on their first opening. Each brings the edition's whole dictionary
// (docs/decisions/0017-first-paint-and-first-start.md, docs/decisions/0049-first-load-split.md).
const CabinetPopup = lazy(() =>
  Promise.all([import('./components/cabinet/cabinet-popup.tsx'), loadAllTexts()]).then(([m]) => m),
);
const CartPanel = lazy(() =>
  Promise.all([import('./components/cart-panel.tsx'), loadAllTexts()]).then(([m]) => ({
    default: m.CartPanel,
  })),
);
const ProductModal = lazy(() =>
  Promise.all([import('./components/product-modal.tsx'), loadAllTexts()]).then(([m]) => ({
    default: m.ProductModal,
  })),
);
// Drawn by the server, hydrated once their code arrives after the first load: the footer, the
// timed notices and floating buttons, the loading bar, and (for a signed-in shopper) the cart kept
// on the server (docs/decisions/0049-first-load-split.md).
const Footer = laterHydrated(() => import('./components/footer.tsx').then((m) => m.Footer));
const EngagementParts = laterHydrated(() =>
  import('./components/engagement.tsx').then((m) => m.EngagementParts),
);
const LoadingBar = laterHydrated(() => import('./components/engagement.tsx').then((m) => m.LoadingBar));
const AccountSync = laterHydrated(() => import('./lib/use-account-sync.ts').then((m) => m.AccountSync));
// catalogue.md §4, §8: the city guess runs once on page load (Russian edition, idle, no `shi-city`).
const CityGuess = laterHydrated(() => import('./lib/use-city-guess.ts').then((m) => m.CityGuess));
const contactPopups = laterPart(() =>
  Promise.all([import('./components/contact-popups.tsx'), loadAllTexts()]).then(([m]) => m.ContactPopups),
);

export default function App({ loaderData }: Route.ComponentProps) {
  useHydratedMarker();
  useChunkReload();
  const [popup, setPopup] = useState<ContactPopup>(null);
  // The contact popups are there from their first opening on (they keep their state between openings).
  const contactsMounted = useMountedOnce(popup !== null);
  const ContactPopups = contactPopups.usePart();
  const [cabinet, setCabinet] = useState<{ open: boolean; view?: CabinetView; loaded: boolean }>({
    open: false,
    loaded: false,
  });
  // checkout.md §4: the quick-order window, opened from a product for a signed-in shopper.
  const [quick, setQuick] = useState<CartCookie | null>(null);
  // Stable values: a context that changes reaches the parts hydrated later (app/lib/later-hydrated.tsx).
  const openCabinet = useCallback((view?: CabinetView) => setCabinet({ open: true, view, loaded: true }), []);
  const openQuickOrder = useCallback((variantId: string) => setQuick([{ _id: variantId, count: 1 }]), []);
  // The mobile app's web views (the pickup widgets, `handle.bare`) show the page without the shop's chrome.
  const matches = useMatches();
  const bare = matches.some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
  // catalogue.md §6: a signed-in editor's tools, loaded as their own chunk only for staff, on the shop's pages.
  const staffMode = useStaffModeLoader(
    !bare && !matches.some((match) => (match.handle as { admin?: boolean } | undefined)?.admin),
  );
  // The back office draws its own frame (app/routes/admin/layout.tsx): none of the shop's chrome.
  if (matches.some((match) => (match.handle as { admin?: boolean } | undefined)?.admin)) return <Outlet />;
  if (bare) {
    return (
      <ShopContext.Provider value={loaderData}>
        <main id="main" className="page__main page__main--bare">
          <Outlet />
        </main>
      </ShopContext.Provider>
    );
  }
  return (
    <ShopContext.Provider value={loaderData}>
      <CabinetContext.Provider value={openCabinet}>
        <QuickOrderContext.Provider value={openQuickOrder}>
          <ContactPopupContext.Provider value={setPopup}>
            <LoadingBar />
            <div className="page">
              {loaderData.staging ? <StagingBanner locale={loaderData.locale} /> : null}
              <Header />
              <main id="main" className="page__main">
                <Outlet />
              </main>
              <Footer />
            </div>
            {loaderData.productModal ? (
              <Suspense fallback={null}>
                <ProductModal />
              </Suspense>
            ) : null}
            {ContactPopups && contactsMounted ? (
              <ContactPopups open={popup} onClose={() => setPopup(null)} />
            ) : null}
            {cabinet.loaded ? (
              <Suspense fallback={null}>
                <CabinetPopup
                  open={cabinet.open}
                  initialView={cabinet.view}
                  onClose={() => setCabinet((c) => ({ ...c, open: false }))}
                />
              </Suspense>
            ) : null}
            {quick && loaderData.user ? (
              <Suspense fallback={null}>
                <CartPanel key={quick[0]?._id} open quick={quick} onClose={() => setQuick(null)} />
              </Suspense>
            ) : null}
            <EngagementParts />
            <AccountSync user={loaderData.user} serverCart={loaderData.userCart} />
            <CityGuess locale={loaderData.locale} />
            {staffMode ? <staffMode.kit.EditingBar staff={staffMode.staff} /> : null}
          </ContactPopupContext.Provider>
        </QuickOrderContext.Provider>
      </CabinetContext.Provider>
    </ShopContext.Provider>
  );
}

/**
 * DECISIONS 27: the brand splash only where a page starts without server-rendered content (a
 * client-side start); a server-rendered page shows its content from the first paint.
 */
export function HydrateFallback() {
  const locale = localeFromPath(useLocation().pathname);
  return <Preloader name={translate(locale, 'meta.title').split(' — ')[0] ?? ''} />;
}

export function ErrorBoundary() {
  useHydratedMarker();
  const error = useRouteError();
  useEffect(() => {
    if (reloadForChunkError(error, sessionStorage, Date.now())) window.location.reload();
  }, [error]);
  const location = useLocation();
  const data = useRouteLoaderData<RootData>('root');
  const locale = data?.locale ?? localeFromPath(location.pathname);
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? t('error.notFound')
      : isRouteErrorResponse(error) && typeof error.data === 'string'
        ? error.data
        : t('error.generic');
  const body = (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__status">{status}</p>
      <h1 id="error-title" className="error-page__title">
        {message}
      </h1>
      <Link className="button button--dark" to={locale === 'en' ? '/en/catalog' : '/catalog'}>
        {t('error.toCatalogue')}
      </Link>
    </section>
  );
  if (!data) return <main className="page__main">{body}</main>;
  return (
    <ShopContext.Provider value={data}>
      <div className="page">
        <Header />
        <main id="main" className="page__main">
          {body}
        </main>
        <Footer />
      </div>
      <CityGuess locale={data.locale} />
    </ShopContext.Provider>
  );
}

export function meta({ location, error, loaderData }: Route.MetaArgs) {
  const locale = localeFromPath(location.pathname);
  const shop = translate(locale, 'meta.title');
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    const heading = translate(locale, notFound ? 'error.notFound' : 'error.generic');
    return [{ title: `${heading} | ${shop}` }, { name: 'robots', content: 'noindex' }];
  }
  // Pages without meta of their own: the shop's title, description and social cards.
  return seoMeta(loaderData?.publicUrl ?? '', {
    locale,
    title: shop,
    description: translate(locale, 'meta.description'),
    path: location.pathname,
  });
}
