import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useRevalidator, useSearchParams } from 'react-router';
import { localizePath } from '../../core/content/menu.rules.ts';
import { pathInLocale, pick } from '../../core/i18n.ts';
import { foreignCurrencies } from '../../core/money.ts';
import { loadAllTexts, useT } from '../i18n/index.ts';
import { DAY_S, setCookie } from '../lib/cookies.ts';
import { laterPart } from '../lib/later-part.ts';
import { useShop } from '../shop-context.ts';
import { useStaffMode } from '../staff/edit-mode.ts';
import { useOpenCabinet } from './cabinet/cabinet-context.ts';
import { BagIcon, HeartIcon, MenuIcon, SearchIcon, UserIcon } from './icons.tsx';

// The favourites panel's and the search's code loads on their first opening, the cart's as the
// page starts (below): none of it is in the page's first load, and each brings the edition's whole
// dictionary with it, since the first load has only the first-paint texts
// (docs/decisions/0017-first-paint-and-first-start.md, docs/decisions/0049-first-load-split.md).
type CartPanelType = typeof import('./cart-panel.tsx').CartPanel;
// Requested as the page starts in the browser, beside hydration and not awaited by it.
const cartPanelModule =
  typeof document === 'undefined'
    ? null
    : Promise.all([import('./cart-panel.tsx'), loadAllTexts()]).then(([m]) => m);
const FavouritesPanel = lazy(() =>
  Promise.all([import('./favourites-panel.tsx'), loadAllTexts()]).then(([m]) => ({
    default: m.FavouritesPanel,
  })),
);
const SearchPopup = lazy(() =>
  Promise.all([import('./search-popup.tsx'), loadAllTexts()]).then(([m]) => ({ default: m.SearchPopup })),
);
// The global menu draws nothing until its first opening; its module comes as the page starts.
const globalMenu = laterPart(() =>
  Promise.all([import('./global-menu.tsx'), loadAllTexts()]).then(([m]) => m.GlobalMenu),
);

export function Header() {
  const shop = useShop();
  const t = useT();
  // catalogue.md §6: an editor renames, relinks and reorders the header's items in place.
  const staffMode = useStaffMode();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [menuOpen, setMenuOpen] = useState(false);
  const GlobalMenu = globalMenu.usePart();
  const [menuMounted, setMenuMounted] = useState(false);
  if (menuOpen && !menuMounted) setMenuMounted(true);
  // checkout.md §4: opening the cart closes favourites and the other way round.
  const [panel, setPanel] = useState<'cart' | 'favourites' | null>(null);
  // A panel is mounted from its first opening on (it keeps its state between openings).
  const [mounted, setMounted] = useState({ favourites: false });
  useEffect(() => {
    if (panel === 'favourites') setMounted((m) => (m.favourites ? m : { favourites: true }));
  }, [panel]);
  // The cart panel is there, closed, from just after hydration on (not from its first opening), so
  // its 0.2 s opening delay counts from the button (catalogue.md §4) as before; no Suspense boundary
  // holds its first showing back.
  const [CartPanel, setCartPanel] = useState<CartPanelType | null>(null);
  useEffect(() => {
    let live = true;
    cartPanelModule
      ?.then((m) => {
        if (live) setCartPanel(() => m.CartPanel);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const [searchParams, setSearchParams] = useSearchParams();
  const cartInQuery = searchParams.has('cart') || searchParams.has('success');
  useEffect(() => {
    if (cartInQuery) setPanel('cart');
  }, [cartInQuery]);
  function closePanel() {
    setPanel(null);
    // The payment return's result screen is seen once: closing it leaves a plain address.
    if (searchParams.has('cart') || searchParams.has('success')) {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('cart');
          next.delete('success');
          next.delete('orderID');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }
  const [searchOpen, setSearchOpen] = useState(false);
  const openCabinet = useOpenCabinet();
  // catalogue.md §2: white on the home page until scrolled past the header's height.
  const onHome = location.pathname === '/' || location.pathname === '/en';
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!onHome) return;
    const onScroll = () =>
      setScrolled(window.scrollY > (document.querySelector('.header')?.clientHeight ?? 64));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [onHome]);
  const home = shop.locale === 'en' ? '/en' : '/';
  const other = shop.locale === 'en' ? 'ru' : 'en';
  const [logoFirst, ...rest] = shop.shopName.split(' ');
  const logoRest = rest.join(' ');

  function chooseCurrency(value: string) {
    setCookie('shi-currency', value, 365 * DAY_S);
    void revalidator.revalidate();
  }

  return (
    <header
      className={`header${onHome && !scrolled ? ' header--home-top' : ''}${shop.locale === 'en' ? ' header--currency' : ''}`}
    >
      <div className="header__inner">
        <div className="header__side">
          <button
            type="button"
            className="icon-button header__menu-button"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-label={t('header.menu')}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
            <span className="header__menu-label" aria-hidden="true">
              {t('header.menu')}
            </span>
          </button>
          <nav className="header__nav" aria-label={t('menu.catalogue')}>
            {staffMode ? (
              <staffMode.kit.MenuLinks
                place={{ kind: 'header' }}
                items={shop.menu.header.map((item) => ({
                  name: pick(item.name, shop.locale),
                  path: item.path,
                }))}
                itemClassName="header__nav-link"
              />
            ) : (
              shop.menu.header.map((item) => (
                <Link key={item.path} to={localizePath(item.path, shop.locale)} className="header__nav-link">
                  {pick(item.name, shop.locale)}
                </Link>
              ))
            )}
          </nav>
        </div>
        <Link to={home} className="logo" aria-label={`${shop.shopName} — ${t('header.home')}`}>
          <span className="logo__word">{logoFirst}</span>{' '}
          {logoRest ? <span className="logo__word logo__word--thin">{logoRest}</span> : null}
        </Link>
        <div className="header__side header__side--end">
          {shop.locale === 'en' ? (
            <label className="currency">
              <span className="visually-hidden">{t('header.currency')}</span>
              <select
                className="currency__select"
                value={shop.currency}
                onChange={(e) => chooseCurrency(e.target.value)}
              >
                {foreignCurrencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <a
            className="header__edition"
            href={`${pathInLocale(location.pathname, other)}${location.search}`}
            hrefLang={other}
            lang={other}
            aria-label={`${other.toUpperCase()} — ${t('header.editionLabel')}`}
          >
            {other.toUpperCase()}
          </a>
          <button
            type="button"
            className="icon-button"
            aria-haspopup="dialog"
            aria-label={t('header.search')}
            onClick={() => setSearchOpen(true)}
          >
            <SearchIcon />
          </button>
          <button
            type="button"
            className={`icon-button header__account${shop.user ? ' header__account--signed-in' : ''}`}
            aria-haspopup="dialog"
            aria-label={
              shop.user
                ? `${t('header.account')}: ${shop.user.name || shop.user.email || ''}`
                : t('header.account')
            }
            onClick={() => openCabinet()}
          >
            <UserIcon />
          </button>
          <button
            type="button"
            className="icon-button counter-button"
            aria-haspopup="dialog"
            aria-label={`${t('header.favourites')}: ${shop.favouritesCount}`}
            onClick={() => setPanel('favourites')}
          >
            <HeartIcon />
            {shop.favouritesCount > 0 ? <span className="counter">{shop.favouritesCount}</span> : null}
          </button>
          <button
            type="button"
            className="icon-button counter-button"
            aria-haspopup="dialog"
            aria-label={`${t('header.cart')}: ${shop.cartCount}`}
            onClick={() => setPanel('cart')}
          >
            <BagIcon />
            {shop.cartCount > 0 ? <span className="counter">{shop.cartCount}</span> : null}
          </button>
        </div>
      </div>
      {GlobalMenu && menuMounted ? <GlobalMenu open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
      {CartPanel ? <CartPanel open={panel === 'cart'} onClose={closePanel} /> : null}
      <Suspense fallback={null}>
        {mounted.favourites ? <FavouritesPanel open={panel === 'favourites'} onClose={closePanel} /> : null}
      </Suspense>
      <Suspense fallback={null}>
        {searchOpen ? <SearchPopup open onClose={() => setSearchOpen(false)} /> : null}
      </Suspense>
    </header>
  );
}
