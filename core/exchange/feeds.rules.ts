import type { Audience } from '../catalogue/audience.rules.ts';
import type { Locale } from '../i18n.ts';
import { type Currency, type ForeignCurrency, priceInCurrency } from '../money.ts';
import { isStandInBarcode } from './exchange.rules.ts';
import type { FeedCategory } from './feeds.service.ts';

/** One variant as an offer of the feeds. Prices in kopecks. */
export interface FeedOffer {
  id: string;
  groupId: string;
  /** A number for the group: YML's `group_id` must be digits. */
  groupNumber: number;
  art: string;
  name: string;
  description: string;
  categoryNumber: number;
  price: number;
  oldPrice: number | null;
  available: boolean;
  preorder: boolean;
  barcode: string;
  size: string;
  colour: string;
  /** The product page's path, `/products/<group>`. */
  path: string;
  /** The photos' JPEG renditions under the shop, `/media/….jpg` (both marketplaces take JPEG). */
  photos: string[];
  /** Who it is for: the product's own values, else its category's (core/catalogue/audience.rules.ts). */
  audience: Audience;
}

/**
 * The offer's link: its product page naming the exact variant (DECISIONS 25: `?p=<variant id>`), which
 * the page preselects (core/catalogue/variant-choice.rules.ts) and robots.txt leaves open.
 */
export const offerLink = (base: string, offer: Pick<FeedOffer, 'path' | 'id'>) =>
  `${base}${offer.path}?p=${encodeURIComponent(offer.id)}`;

const letterSize = /^(?:\d?X{0,3}[SL]|M|\d?XS|\d?XL)$/i;
const russianNumericSize = /^\d{2,3}(?:[-/]\d{2,3})?$/;

/**
 * The YML `unit` of a size (Yandex's size grids): `INT` for letter sizes (XS…XXL), `RU` for the
 * Russian numeric ones (44, 46-48), none for anything else (the param is still sent).
 */
export function ymlSizeUnit(size: string): 'INT' | 'RU' | null {
  const s = size.trim();
  if (letterSize.test(s) || /^[A-Z]{1,4}\/[A-Z]{1,4}$/i.test(s)) return 'INT';
  if (russianNumericSize.test(s)) return 'RU';
  return null;
}

/**
 * Google's `size_system` (AU BR CN DE EU FR IT JP MEX UK US; it has no Russian system): none in the
 * Russian edition, where Google reads an absent system as the target country's, Russia's, which the
 * shop's sizes are; `EU` for letter sizes in the English edition (the European letter codes); none
 * for Russian numeric sizes there, since no allowed system has them (docs/product/feeds.md).
 */
export function googleSizeSystem(size: string, locale: Locale): 'EU' | null {
  if (locale === 'ru') return null;
  return ymlSizeUnit(size) === 'INT' ? 'EU' : null;
}

/** Google's `size` of a one-size item, in the feed's language. */
const oneSize: Record<Locale, string> = { ru: 'Без размера', en: 'One size' };

/** A moment as ISO 8601 with the Moscow offset, `YYYY-MM-DDTHH:mm+03:00`. */
export function moscowIso(at: Date): string {
  const msk = new Date(at.getTime() + 3 * 3_600_000);
  return `${msk.toISOString().slice(0, 16)}+03:00`;
}

/**
 * Google's `availability_date` of a pre-order item: the start of the day `days` after `now` in Moscow
 * (the shop's promised lead time; Google takes at most a year ahead).
 */
export function preorderDate(now: Date, days: number): string {
  const msk = new Date(now.getTime() + 3 * 3_600_000 + Math.min(days, 365) * 86_400_000);
  return `${msk.toISOString().slice(0, 10)}T00:00+03:00`;
}

/** The Google feed's prices: the edition's currency, converted as the storefront shows it. */
export interface FeedPricing {
  currency: Currency;
  rates: Partial<Record<ForeignCurrency, number>>;
}

const esc = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );
// XML 1.0 refuses control characters; descriptions typed in 1C sometimes carry them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 refuses these characters, so they are removed
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
const x = (text: string) => esc(clean(text));
const roubles = (kopecks: number) => (kopecks / 100).toFixed(2);
/** GTIN-8, 12, 13 or 14: the barcode is sent as a GTIN only when it is one. */
export const isGtin = (code: string) => /^(\d{8}|\d{12,14})$/.test(code);

/** Yandex Market YML (yml_catalog/shop/offers), every variant an offer grouped by `group_id`. */
export function ymlFeed({
  shopName,
  vendor,
  url,
  publicUrl,
  now,
  categories,
  offers,
}: {
  shopName: string;
  /** The brand every offer is made by (`vendor`). */
  vendor: string;
  url: string;
  publicUrl: string;
  now: Date;
  categories: FeedCategory[];
  offers: FeedOffer[];
}): string {
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<yml_catalog date="${moscowIso(now)}">`);
  out.push('<shop>');
  out.push(`<name>${x(shopName)}</name>`, `<company>${x(shopName)}</company>`, `<url>${x(url)}</url>`);
  out.push('<currencies><currency id="RUR" rate="1"/></currencies>');
  out.push('<categories>');
  for (const c of categories) {
    const parent = c.parentNumber ? ` parentId="${c.parentNumber}"` : '';
    out.push(`<category id="${c.number}"${parent}>${x(c.name)}</category>`);
  }
  out.push('</categories>');
  out.push('<offers>');
  for (const o of offers) {
    const available = o.available || o.preorder;
    out.push(`<offer id="${x(o.id)}" available="${available}" group_id="${o.groupNumber}">`);
    out.push(`<name>${x(o.name)}</name>`);
    out.push(`<url>${x(offerLink(url, o))}</url>`);
    out.push(`<price>${roubles(o.price)}</price>`);
    if (o.oldPrice !== null && o.oldPrice > o.price) out.push(`<oldprice>${roubles(o.oldPrice)}</oldprice>`);
    out.push('<currencyId>RUR</currencyId>');
    out.push(`<categoryId>${o.categoryNumber}</categoryId>`);
    for (const p of o.photos.slice(0, 10)) out.push(`<picture>${x(`${publicUrl}${p}`)}</picture>`);
    out.push(`<vendor>${x(vendor)}</vendor>`);
    out.push(`<vendorCode>${x(o.art)}</vendorCode>`);
    if (o.description) out.push(`<description>${x(o.description.slice(0, 3000))}</description>`);
    if (!isStandInBarcode(o.barcode)) out.push(`<barcode>${x(o.barcode)}</barcode>`);
    if (o.size) {
      const unit = ymlSizeUnit(o.size);
      out.push(`<param name="Размер"${unit ? ` unit="${unit}"` : ''}>${x(o.size)}</param>`);
    }
    if (o.colour) out.push(`<param name="Цвет">${x(o.colour)}</param>`);
    out.push('</offer>');
  }
  out.push('</offers>');
  out.push('</shop>');
  out.push('</yml_catalog>');
  return `${out.join('\n')}\n`;
}

/** Google Merchant Center (RSS 2.0 with the g: namespace), every variant an item of its group. */
export function googleFeed({
  shopName,
  brand,
  locale,
  url,
  publicUrl,
  now,
  preorderDays,
  pricing,
  offers,
}: {
  shopName: string;
  brand: string;
  locale: Locale;
  url: string;
  publicUrl: string;
  now: Date;
  /** Days from today a pre-order item is promised for (`availability_date`). */
  preorderDays: number;
  pricing: FeedPricing;
  offers: FeedOffer[];
}): string {
  const money = (kopecks: number) => {
    const m = priceInCurrency(kopecks, pricing.currency, pricing.rates);
    return `${(m.amount / 100).toFixed(2)} ${m.currency}`;
  };
  const availableOn = preorderDate(now, preorderDays);
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
  out.push('<channel>');
  out.push(
    `<title>${x(shopName)}</title>`,
    `<link>${x(url)}</link>`,
    `<description>${x(shopName)}</description>`,
  );
  for (const o of offers) {
    const discounted = o.oldPrice !== null && o.oldPrice > o.price;
    const availability = o.available ? 'in_stock' : o.preorder ? 'preorder' : 'out_of_stock';
    out.push('<item>');
    out.push(`<g:id>${x(o.id)}</g:id>`);
    out.push(`<g:title>${x(`${o.name}${o.size ? `, ${o.size}` : ''}`.slice(0, 150))}</g:title>`);
    out.push(`<g:description>${x((o.description || o.name).slice(0, 5000))}</g:description>`);
    out.push(`<g:link>${x(offerLink(url, o))}</g:link>`);
    const [first, ...more] = o.photos;
    if (first) out.push(`<g:image_link>${x(`${publicUrl}${first}`)}</g:image_link>`);
    for (const p of more.slice(0, 10))
      out.push(`<g:additional_image_link>${x(`${publicUrl}${p}`)}</g:additional_image_link>`);
    out.push(`<g:availability>${availability}</g:availability>`);
    if (availability === 'preorder') out.push(`<g:availability_date>${availableOn}</g:availability_date>`);
    out.push(`<g:price>${money(discounted ? (o.oldPrice ?? o.price) : o.price)}</g:price>`);
    if (discounted) out.push(`<g:sale_price>${money(o.price)}</g:sale_price>`);
    out.push('<g:condition>new</g:condition>');
    out.push(`<g:brand>${x(brand)}</g:brand>`);
    if (isGtin(o.barcode)) out.push(`<g:gtin>${o.barcode}</g:gtin>`);
    out.push(`<g:mpn>${x(o.art)}</g:mpn>`);
    out.push(`<g:item_group_id>${x(o.groupId)}</g:item_group_id>`);
    out.push(`<g:size>${x(o.size || oneSize[locale])}</g:size>`);
    const system = googleSizeSystem(o.size, locale);
    if (system) out.push(`<g:size_system>${system}</g:size_system>`);
    out.push(`<g:color>${x(o.colour)}</g:color>`);
    out.push(`<g:age_group>${o.audience.ageGroup}</g:age_group>`);
    out.push(`<g:gender>${o.audience.gender}</g:gender>`);
    out.push('</item>');
  }
  out.push('</channel>');
  out.push('</rss>');
  return `${out.join('\n')}\n`;
}
