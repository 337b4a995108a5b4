import type { MetaDescriptor } from 'react-router';
import { bannerSources } from '../../core/catalogue/media.rules.ts';
import type { Locale } from '../../core/i18n.ts';
import { type Currency, type ForeignCurrency, priceInCurrency } from '../../core/money.ts';

/** What the page meta needs of the root loader's data (app/root.tsx). */
export interface SeoRoot {
  publicUrl: string;
  locale: Locale;
  shopName: string;
  currency: Currency;
  rates: Partial<Record<ForeignCurrency, number>>;
}

/** The root loader's data among a meta function's matches (the root comes first). */
export function rootFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  const root = matches.find((m) => m?.id === 'root')?.loaderData;
  return (root ?? null) as SeoRoot | null;
}

const ogLocales: Record<Locale, string> = { ru: 'ru_RU', en: 'en_US' };

export interface SeoPage {
  locale: Locale;
  /** The document's title, shop name included. */
  title: string;
  /** The title shared on social networks (defaults to `title`). */
  socialTitle?: string;
  description: string;
  /** The page's address in its edition, without the origin (`/en/products/x`). */
  path: string;
  /** The canonical address when it is not `path` (a listing's page 2, say). */
  canonical?: string;
  /** An absolute or root-relative picture; the home banner when none. */
  image?: string | null;
  type?: 'website' | 'product' | 'article';
  /** Shopper pages that must not be indexed (payment results). */
  noindex?: boolean;
}

/**
 * The meta tags every page carries (issue 21): title, description, canonical, Open Graph and Twitter
 * cards (image, description, locale, url). hreflang pairs and x-default are drawn by the root layout.
 */
export function seoMeta(publicUrl: string, page: SeoPage): MetaDescriptor[] {
  const url = `${publicUrl}${page.path}`;
  const image = page.image ?? bannerSources('banners/hero').src;
  const absoluteImage = image.startsWith('http') ? image : `${publicUrl}${image}`;
  const social = page.socialTitle ?? page.title;
  const other: Locale = page.locale === 'ru' ? 'en' : 'ru';
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: page.canonical ?? url },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: social },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.canonical ?? url },
    { property: 'og:image', content: absoluteImage },
    { property: 'og:locale', content: ogLocales[page.locale] },
    { property: 'og:locale:alternate', content: ogLocales[other] },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: social },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: absoluteImage },
  ];
}

/** A price in the page's own currency for structured data: `{ currency, price: '154.00' }`. */
export function structuredPrice(kopecks: number, root: Pick<SeoRoot, 'currency' | 'rates'> | null) {
  const currency = root?.currency ?? 'RUB';
  try {
    const money = priceInCurrency(kopecks, currency, root?.rates ?? {});
    return { currency: money.currency, price: (money.amount / 100).toFixed(2) };
  } catch {
    // No rate for the chosen currency: the page shows roubles too.
    return { currency: 'RUB', price: (kopecks / 100).toFixed(2) };
  }
}
