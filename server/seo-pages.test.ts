import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productGroups, variantProducts } from '../core/db/schema/index.ts';
import { convertFromRub } from '../core/money.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { createTestDatabase, type Engine, engines, type TestDatabase } from '../tests/setup/test-database.ts';
import {
  type BuiltApp,
  builtShopConfig,
  ensureStorefrontBuild,
  startBuiltShop,
} from '../tests/support/built-shop.ts';

/**
 * Issue 21, SEO: the server-rendered HTML of the shop's pages (the built storefront through the
 * app's inject): JSON-LD in the page's own currency with one Offer per size, Open Graph and Twitter
 * cards, canonical addresses, hreflang pairs with x-default, the grid's h2, titles, a Russian 404.
 */
const origin = builtShopConfig.publicUrl;

// The built storefront imports `#app-context` through Node itself: the app is loaded the same way
// (tests/support/built-shop.ts), outside the test runner's module graph.
beforeAll(ensureStorefrontBuild, 180_000);

/** The tags of a page's head, read as a crawler does. */
function head(html: string) {
  const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];
  const tags = [...html.matchAll(/<(meta|link)\b[^>]*>/g)].map((m) => m[0]);
  const meta = (key: string) =>
    tags
      .filter((t) => t.startsWith('<meta') && (attr(t, 'property') === key || attr(t, 'name') === key))
      .map((t) => decode(attr(t, 'content') ?? ''));
  const links = (rel: string) =>
    tags
      .filter((t) => t.startsWith('<link') && attr(t, 'rel') === rel)
      .map((t) => ({
        href: decode(attr(t, 'href') ?? ''),
        hreflang: attr(t, 'hrefLang') ?? attr(t, 'hreflang'),
      }));
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
  const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
  return { meta, links, jsonLd, title };
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe.each(engines)('rendered SEO of the shop’s pages on %s', (engine: Engine) => {
  let database: TestDatabase;
  let app: BuiltApp;
  let usdRate: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemo(database.db, { mediaDir: path.join(os.tmpdir(), 'seo-media'), renderPhotos: false });
    const shop = await startBuiltShop(database, () => new Date('2026-11-20T09:00:00Z'));
    app = shop.app;
    await shop.services.rates.refreshRates();
    usdRate = (await shop.services.rates.getLatestRates())?.rates.USD ?? 0;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function page(url: string, status = 200) {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(status);
    return { html: res.body, ...head(res.body) };
  }

  const productId = 'linen-shirt-dress-sand';

  async function productGroupLd(url: string) {
    const p = await page(url);
    const group = p.jsonLd.find((j) => j['@type'] === 'ProductGroup') as {
      brand: { name: string };
      hasVariant: {
        size: string;
        sku: string;
        gtin13?: string;
        offers: { priceCurrency: string; price: string; availability: string };
      }[];
    };
    return { p, group };
  }

  it('a Russian product page: a ProductGroup with one rouble Offer per size, gtin13 and the brand', async () => {
    const { group } = await productGroupLd(`/products/${productId}`);
    const variants = await database.db
      .select()
      .from(variantProducts)
      .where(eq(variantProducts.groupId, productId));
    expect(group.hasVariant.map((v) => v.sku).sort()).toEqual(variants.map((v) => v.id).sort());
    for (const offer of group.hasVariant) {
      const variant = variants.find((v) => v.id === offer.sku);
      expect(offer.size).toBe(variant?.size);
      expect(offer.offers).toMatchObject({ priceCurrency: 'RUB', price: '12990.00' });
      expect(offer.offers.availability).toMatch(
        (variant?.stock ?? 0) > 0 ? /InStock$/ : /OutOfStock$|PreOrder$/,
      );
      if (/^\d{13}$/.test(variant?.barcode ?? '')) expect(offer.gtin13).toBe(variant?.barcode);
    }
    expect(group.hasVariant.some((v) => v.gtin13)).toBe(true);
    expect(group.brand.name).toBe('Северная линия');
  });

  it('an English product page says USD with the converted price it shows', async () => {
    const { p, group } = await productGroupLd(`/en/products/${productId}`);
    const offers = group.hasVariant.map((v) => v.offers);
    expect(new Set(offers.map((o) => o.priceCurrency))).toEqual(new Set(['USD']));
    const [row] = await database.db.select().from(productGroups).where(eq(productGroups.id, productId));
    // DECISIONS 7's conversion of the rouble price, as the page shows it (`$154`).
    const usd = convertFromRub(row?.price ?? 0, 'USD', usdRate).amount / 100;
    expect(usdRate).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.price).toBe(usd.toFixed(2));
    expect(p.html).toContain(`$${usd.toLocaleString('en-US')}`);
    expect(p.meta('product:price:currency')).toEqual(['USD']);
    expect(p.meta('product:price:amount')).toEqual([usd.toFixed(2)]);
    expect(p.meta('og:locale')).toEqual(['en_US']);
  });

  it('Open Graph and Twitter cards on every kind of page', async () => {
    for (const [url, locale] of [
      ['/', 'ru_RU'],
      ['/en', 'en_US'],
      ['/catalog', 'ru_RU'],
      ['/catalog/dresses', 'ru_RU'],
      [`/products/${productId}`, 'ru_RU'],
      ['/en/about', 'en_US'],
      ['/payment-result?orderID=1&result=success', 'ru_RU'],
      ['/status', 'ru_RU'],
      ['/en/status', 'en_US'],
      ['/app', 'ru_RU'],
      ['/en/app', 'en_US'],
      ['/unsubscribe?token=x', 'ru_RU'],
      ['/en/newsletter-confirm?token=x', 'en_US'],
    ] as const) {
      const p = await page(url);
      for (const key of ['og:title', 'og:description', 'og:image', 'og:url', 'og:type', 'twitter:title']) {
        expect(p.meta(key), `${url} ${key}`).toHaveLength(1);
        expect(p.meta(key)[0], `${url} ${key}`).not.toBe('');
      }
      expect(p.meta('og:image')[0], url).toMatch(new RegExp(`^${origin}/media/`));
      expect(p.meta('og:locale'), url).toEqual([locale]);
      expect(p.meta('twitter:card'), url).toEqual(['summary_large_image']);
      expect(p.meta('og:url')[0], url).toBe(`${origin}${url === '/' ? '/' : url.split('?')[0]}`);
    }
  });

  it('canonical on / and /en; hreflang pairs with x-default on each edition', async () => {
    expect((await page('/')).links('canonical')).toEqual([{ href: `${origin}/`, hreflang: undefined }]);
    expect((await page('/en')).links('canonical')).toEqual([{ href: `${origin}/en`, hreflang: undefined }]);
    for (const url of [`/products/${productId}`, `/en/products/${productId}`]) {
      const alternates = (await page(url)).links('alternate');
      expect(alternates).toEqual(
        expect.arrayContaining([
          { hreflang: 'ru', href: `${origin}/products/${productId}` },
          { hreflang: 'en', href: `${origin}/en/products/${productId}` },
          { hreflang: 'x-default', href: `${origin}/products/${productId}` },
        ]),
      );
      expect(alternates.filter((a) => a.hreflang === 'x-default')).toHaveLength(1);
    }
    const home = (await page('/en')).links('alternate');
    expect(home).toContainEqual({ hreflang: 'ru', href: `${origin}/` });
    expect(home).toContainEqual({ hreflang: 'x-default', href: `${origin}/` });
  });

  it('card names sit under an h2 of the grid, not straight under the h1', async () => {
    const { html } = await page('/catalog/dresses');
    const headings = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    const firstCard = headings.indexOf(3);
    expect(firstCard).toBeGreaterThan(0);
    expect(headings.slice(0, firstCard)).toContain(2);
    // No heading level is skipped going down.
    for (let i = 1; i < headings.length; i++) {
      expect((headings[i] as number) - (headings[i - 1] as number)).toBeLessThanOrEqual(1);
    }
  });

  it('the payment result has a title and is not indexed', async () => {
    const p = await page('/payment-result?orderID=1&result=success');
    expect(p.title).toMatch(/^Заказ не найден|^.+ \| Северная линия/);
    expect(p.title).not.toBe('');
    expect(p.meta('robots')).toEqual(['noindex']);
  });

  it('the mail-link pages are not indexed', async () => {
    for (const url of ['/unsubscribe?token=x', '/en/newsletter-confirm?token=x']) {
      expect((await page(url)).meta('robots'), url).toEqual(['noindex']);
    }
  });

  it('a 404 in the Russian edition says it in Russian, in the English one in English', async () => {
    const ru = await page('/no-such-page-at-all', 404);
    expect(ru.html).toContain('Страница не найдена');
    expect(ru.title).toMatch(/^Страница не найдена/);
    expect(ru.html).not.toContain('This page could not be found');
    const product = await page('/products/no-such-product', 404);
    expect(product.html).toContain('Страница не найдена');
    const en = await page('/en/no-such-page-at-all', 404);
    expect(en.html).toContain('This page could not be found');
    expect(en.title).toMatch(/^This page could not be found/);
  });
});
