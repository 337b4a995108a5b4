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
  /** Photo paths under the shop, `/media/…`. */
  photos: string[];
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

/** The YML date, `YYYY-MM-DDTHH:mm+03:00`, in Moscow time as Yandex shows it. */
function ymlDate(now: Date): string {
  const msk = new Date(now.getTime() + 3 * 3_600_000);
  return `${msk.toISOString().slice(0, 16)}+03:00`;
}

/** Yandex Market YML (yml_catalog/shop/offers), every variant an offer grouped by `group_id`. */
export function ymlFeed({
  shopName,
  url,
  publicUrl,
  now,
  categories,
  offers,
}: {
  shopName: string;
  url: string;
  publicUrl: string;
  now: Date;
  categories: FeedCategory[];
  offers: FeedOffer[];
}): string {
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<yml_catalog date="${ymlDate(now)}">`);
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
    out.push(`<url>${x(`${url}${o.path}?size=${encodeURIComponent(o.size)}`)}</url>`);
    out.push(`<price>${roubles(o.price)}</price>`);
    if (o.oldPrice !== null && o.oldPrice > o.price) out.push(`<oldprice>${roubles(o.oldPrice)}</oldprice>`);
    out.push('<currencyId>RUR</currencyId>');
    out.push(`<categoryId>${o.categoryNumber}</categoryId>`);
    for (const p of o.photos.slice(0, 10)) out.push(`<picture>${x(`${publicUrl}${p}`)}</picture>`);
    out.push(`<vendorCode>${x(o.art)}</vendorCode>`);
    if (o.description) out.push(`<description>${x(o.description.slice(0, 3000))}</description>`);
    if (!isStandInBarcode(o.barcode)) out.push(`<barcode>${x(o.barcode)}</barcode>`);
    if (o.size) out.push(`<param name="Размер" unit="RU">${x(o.size)}</param>`);
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
  url,
  publicUrl,
  offers,
}: {
  shopName: string;
  url: string;
  publicUrl: string;
  offers: FeedOffer[];
}): string {
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
    out.push(`<g:link>${x(`${url}${o.path}?size=${encodeURIComponent(o.size)}`)}</g:link>`);
    const [first, ...more] = o.photos;
    if (first) out.push(`<g:image_link>${x(`${publicUrl}${first}`)}</g:image_link>`);
    for (const p of more.slice(0, 10))
      out.push(`<g:additional_image_link>${x(`${publicUrl}${p}`)}</g:additional_image_link>`);
    out.push(`<g:availability>${availability}</g:availability>`);
    out.push(`<g:price>${roubles(discounted ? (o.oldPrice ?? o.price) : o.price)} RUB</g:price>`);
    if (discounted) out.push(`<g:sale_price>${roubles(o.price)} RUB</g:sale_price>`);
    out.push('<g:condition>new</g:condition>');
    out.push(`<g:brand>${x(shopName)}</g:brand>`);
    if (isGtin(o.barcode)) out.push(`<g:gtin>${o.barcode}</g:gtin>`);
    out.push(`<g:mpn>${x(o.art)}</g:mpn>`);
    out.push(`<g:item_group_id>${x(o.groupId)}</g:item_group_id>`);
    if (o.size) out.push(`<g:size>${x(o.size)}</g:size>`);
    if (o.colour) out.push(`<g:color>${x(o.colour)}</g:color>`);
    out.push('</item>');
  }
  out.push('</channel>');
  out.push('</rss>');
  return `${out.join('\n')}\n`;
}
