import { encode } from 'uqr';
import { appContext } from '#app-context';
import { localeFromPath } from '../../core/i18n.ts';
import { translate } from '../i18n/index.ts';
import { useDevice } from '../lib/app-store.ts';
import { seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/app-page';

/** The QR code of `text` as one SVG path of unit squares (a quiet zone of two modules around it). */
function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { border: 2, ecc: 'M' });
  const parts: string[] = [];
  data.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size, path: parts.join('') };
}

/**
 * DECISIONS 29: the mobile-app page. The store links come from the app banner's settings; the QR
 * code (drawn here on the server, so its code never reaches the browser) opens this same page on a
 * phone, where the phone's own store comes first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const settings = await services.settings.getShopSettings();
  const banner = settings.ui.engagement.appBanner;
  const canonical = `${publicUrl}${locale === 'en' ? '/en' : ''}/app`;
  return {
    locale,
    canonical,
    publicUrl,
    shopName: settings.main.shopName[locale] || settings.main.shopName.ru,
    stores: { android: banner.androidUrl, ios: banner.iosUrl },
    qr: qrPath(canonical),
  };
}

const texts = {
  ru: {
    title: 'Мобильное приложение',
    description:
      'Приложение магазина для Android и iOS: новинки первыми, избранное и корзина под рукой, статус заказов.',
    lead: 'Новинки первыми, избранное и корзина под рукой, статус заказов и уведомления о поступлении размеров.',
    android: 'Скачать в Google Play',
    ios: 'Загрузить в App Store',
    androidNote: 'Для Android',
    iosNote: 'Для iPhone и iPad',
    qr: 'Наведите камеру телефона на код, чтобы открыть эту страницу на телефоне',
    qrLabel: 'QR-код страницы приложения',
  },
  en: {
    title: 'Mobile app',
    description:
      'The shop’s app for Android and iOS: new arrivals first, favourites and cart at hand, order status.',
    lead: 'New arrivals first, favourites and cart at hand, order status and back-in-stock alerts for your size.',
    android: 'Get it on Google Play',
    ios: 'Download on the App Store',
    androidNote: 'For Android',
    iosNote: 'For iPhone and iPad',
    qr: 'Point your phone’s camera at the code to open this page on the phone',
    qrLabel: 'QR code of the app page',
  },
} as const;

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const text = texts[d.locale];
  return seoMeta(d.publicUrl, {
    locale: d.locale,
    title: `${text.title} ${d.shopName} | ${translate(d.locale, 'meta.title')}`,
    socialTitle: `${text.title} ${d.shopName}`,
    description: text.description,
    path: `${d.locale === 'en' ? '/en' : ''}/app`,
  });
}

export default function AppPage({ loaderData }: Route.ComponentProps) {
  const { locale, stores, qr } = loaderData;
  const text = texts[locale];
  // Both stores in the server's answer; once in the browser the device's own store comes first.
  const device = useDevice();
  const links = [
    { id: 'android' as const, href: stores.android, label: text.android, note: text.androidNote },
    { id: 'ios' as const, href: stores.ios, label: text.ios, note: text.iosNote },
  ]
    .filter((link) => link.href)
    .sort((a, b) => Number(b.id === device) - Number(a.id === device));
  return (
    <article className="text-page app-page" data-device={device}>
      <h1 className="text-page__title">{text.title}</h1>
      <p className="app-page__lead">{text.lead}</p>
      <div className="app-page__body">
        <ul className="app-page__stores">
          {links.map((link) => (
            <li key={link.id} className={link.id === device ? 'app-page__store--mine' : undefined}>
              <a
                className={`button ${link.id === device || device === 'other' ? 'button--dark' : 'button--light'} app-page__store`}
                href={link.href}
                rel="noopener noreferrer"
                data-store={link.id}
              >
                {link.label}
              </a>
              <span className="app-page__note">{link.note}</span>
            </li>
          ))}
        </ul>
        <figure className="app-page__qr">
          <svg
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            width="184"
            height="184"
            role="img"
            aria-label={text.qrLabel}
            shapeRendering="crispEdges"
          >
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#1d1b18" />
          </svg>
          <figcaption>{text.qr}</figcaption>
        </figure>
      </div>
    </article>
  );
}
