import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTags, createReadCache } from '../../core/cache/read-cache.ts';
import { productGroups, variantProducts } from '../../core/db/schema/index.ts';
import { createFeedsService } from '../../core/exchange/feeds.service.ts';
import {
  buildSettings,
  insertCategory,
  insertProductGroup,
  insertSettings,
} from '../../tests/factories/catalogue.ts';
import { insertRates } from '../../tests/factories/rates.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) =>
    ['offer', 'category', 'item', 'picture', 'param', 'g:additional_image_link'].includes(name),
  parseTagValue: false,
  parseAttributeValue: false,
});

type Node = Record<string, unknown>;
const origin = (url: unknown) => new URL(String(url)).origin;

describe.each(engines)('marketplace feeds on %s', (engine) => {
  let t: TestApp;
  let groupId: string;
  let parent: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const settings = buildSettings();
    settings.main.shopName = { ru: 'Тестовый магазин', en: 'Test shop' };
    await insertSettings(t.database.db, settings);
    await insertRates(t.database.db);
    parent = (await insertCategory(t.database.db, { name: { ru: 'Женщинам', en: 'Women' } })).slug;
    const child = await insertCategory(t.database.db, {
      parentSlug: parent,
      name: { ru: 'Платья & сарафаны', en: 'Dresses' },
    });
    const g = await insertProductGroup(
      t.database.db,
      {
        categorySlug: child.slug,
        price: 4_990_00,
        oldPrice: 6_990_00,
        name: { ru: 'Платье «Лён»', en: 'Linen dress' },
        // A description formatted in 1C (docs/decisions/0044): the feeds carry its text, no tags.
        description: {
          ru: '<p>Платье из <strong>льна</strong>.</p><ul><li>Длина миди</li></ul>',
          en: '<p>A <em>linen</em> dress.</p>',
        },
      },
      [
        { size: 'S', stock: 2 },
        { size: 'M', stock: 0, preorder: true },
        { size: 'L', stock: 0 },
      ],
    );
    groupId = g.id;
    await t.database.db
      .update(variantProducts)
      .set({ barcode: '4607001234567' })
      .where(eq(variantProducts.id, `${g.id}-S`));
    // Hidden and unpriced groups are not offered.
    await insertProductGroup(t.database.db, { categorySlug: child.slug, published: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('YML: the yml_catalog rules (dated, shop, RUR, numeric categories and groups), every variant an offer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feeds/ru/yml.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parser.parse(res.body) as Node;
    const catalog = doc.yml_catalog as Node;
    expect(catalog['@date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d\+03:00$/);
    const shop = catalog.shop as Node;
    expect(shop.name).toBeTruthy();
    expect(shop.company).toBeTruthy();
    expect(shop.url).toMatch(/^https?:\/\//);
    expect((shop.currencies as Node).currency).toMatchObject({ '@id': 'RUR', '@rate': '1' });
    const cats = (shop.categories as Node).category as Node[];
    const ids = new Set(cats.map((c) => c['@id']));
    for (const c of cats) {
      expect(c['@id']).toMatch(/^[1-9]\d{0,17}$/);
      if (c['@parentId']) expect(ids.has(c['@parentId'])).toBe(true);
    }
    expect(cats.map((c) => c['#text'] ?? c)).toContain('Платья & сарафаны');
    const offers = ((shop.offers as Node).offer as Node[]).filter((o) =>
      String(o['@id']).startsWith(groupId),
    );
    expect(offers.map((o) => o['@id'])).toEqual([`${groupId}-L`, `${groupId}-M`, `${groupId}-S`]);
    const byId = new Map(offers.map((o) => [o['@id'], o]));
    expect(byId.get(`${groupId}-S`)?.['@available']).toBe('true');
    expect(byId.get(`${groupId}-M`)?.['@available']).toBe('true');
    expect(byId.get(`${groupId}-L`)?.['@available']).toBe('false');
    for (const o of offers) {
      expect(o['@group_id']).toMatch(/^\d{1,9}$/);
      expect(o.price).toBe('4990.00');
      expect(o.oldprice).toBe('6990.00');
      expect(o.currencyId).toBe('RUR');
      expect(ids.has(o.categoryId as string)).toBe(true);
      expect(o.url).toBe(`${origin(o.url)}/products/${groupId}?p=${o['@id']}`);
      expect((o.picture as string[]).length).toBe(2);
      for (const p of o.picture as string[])
        expect(p).toMatch(/^https?:\/\/.+\/media\/products\/.+-960\.jpg$/);
      expect(o.vendor).toBe('Тестовый магазин');
      expect(o.name).toBe('Платье «Лён»');
      expect(o.description).toBe('Платье из льна.\nДлина миди');
      expect((o.param as Node[]).map((p) => p['@name'])).toEqual(['Размер', 'Цвет']);
    }
    expect(byId.get(`${groupId}-S`)?.barcode).toBe('4607001234567');
    const all = (shop.offers as Node).offer as Node[];
    expect(all.every((o) => !String(o.name).startsWith('Платье ') || o.name === 'Платье «Лён»')).toBe(true);
  });

  it('Google: every item carries the required fields; the English edition names in English', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feeds/en/google.xml' });
    expect(res.statusCode).toBe(200);
    const doc = parser.parse(res.body) as Node;
    const channel = (doc.rss as Node).channel as Node;
    const items = (channel.item as Node[]).filter((i) => i['g:item_group_id'] === groupId);
    expect(items).toHaveLength(3);
    for (const item of items) {
      for (const field of [
        'g:id',
        'g:title',
        'g:description',
        'g:link',
        'g:image_link',
        'g:availability',
        'g:price',
        'g:condition',
        'g:brand',
        'g:mpn',
        'g:size',
        'g:color',
      ]) {
        expect(item[field], `${field} of ${item['g:id']}`).toBeTruthy();
      }
      expect(['in_stock', 'out_of_stock', 'preorder']).toContain(item['g:availability']);
      // DECISIONS 7 at the test's rate of 92.5 RUB per dollar: round(6990 / 92.5 * 1.1) = 83.
      expect(item['g:price']).toBe('83.00 USD');
      expect(item['g:sale_price']).toBe('59.00 USD');
      expect(item['g:link']).toBe(
        `${origin(String(item['g:link']))}/en/products/${groupId}?p=${item['g:id']}`,
      );
      expect(String(item['g:title'])).toMatch(/^Linen dress, [SML]$/);
    }
    const s = items.find((i) => i['g:id'] === `${groupId}-S`);
    expect(s?.['g:gtin']).toBe('4607001234567');
    expect(items.find((i) => i['g:id'] === `${groupId}-M`)?.['g:availability']).toBe('preorder');
    expect(items.find((i) => i['g:id'] === `${groupId}-L`)?.['g:availability']).toBe('out_of_stock');
    expect(items.find((i) => i['g:id'] === `${groupId}-L`)?.['g:gtin']).toBeUndefined();
  });

  it('the English Google feed in EUR or AED on asking, the Russian one in roubles; an unknown currency is not found', async () => {
    const price = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      const items = ((parser.parse(res.body) as Node).rss as Node).channel as Node;
      return (items.item as Node[]).find((i) => i['g:id'] === `${groupId}-S`)?.['g:sale_price'];
    };
    expect(await price('/feeds/en/google.xml?currency=EUR')).toBe('55.00 EUR');
    expect(await price('/feeds/en/google.xml?currency=AED')).toBe('216.00 AED');
    expect(await price('/feeds/ru/google.xml')).toBe('4990.00 RUB');
    const odd = await t.app.inject({ method: 'GET', url: '/feeds/en/google.xml?currency=RUB' });
    expect(odd.statusCode).toBe(404);
  });

  it('ETag and Last-Modified: 304 while unchanged, a new feed after a price change', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/feeds/ru/yml.xml' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/feeds/ru/yml.xml',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.database.db.update(productGroups).set({ price: 4_500_00 }).where(eq(productGroups.id, groupId));
    const changed = await t.app.inject({
      method: 'GET',
      url: '/feeds/ru/yml.xml',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('<price>4500.00</price>');
  });

  it('a cached feed is kept until a tag it depends on is invalidated', async () => {
    const cache = createReadCache({ enabled: true });
    let builds = 0;
    const feeds = createFeedsService({
      db: t.database.db,
      cache,
      clock: () => new Date('2026-11-20T09:00:00Z'),
      settings: async () => {
        builds += 1;
        return { shopName: 'Shop', vendor: 'Shop', preorderDays: 30 };
      },
      rates: async () => null,
    });
    const a = await feeds.get('yml', 'ru', 'https://shop.example');
    const b = await feeds.get('yml', 'ru', 'https://shop.example');
    expect(builds).toBe(1);
    expect(b.etag).toBe(a.etag);
    cache.invalidate([cacheTags.group(groupId)]);
    await feeds.get('yml', 'ru', 'https://shop.example');
    expect(builds).toBe(2);
    cache.invalidate([cacheTags.group('no-such-group')]);
    await feeds.get('yml', 'ru', 'https://shop.example');
    expect(builds).toBe(2);
    // A settings change (the brand, the pre-order days) rebuilds it too.
    cache.invalidate([cacheTags.settings]);
    await feeds.get('yml', 'ru', 'https://shop.example');
    expect(builds).toBe(3);
  });
});
