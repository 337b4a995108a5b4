import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chosenVariant } from '../../core/catalogue/variant-choice.rules.ts';
import { loadConfig } from '../../core/config/env.ts';
import { productGroups, productPhotos } from '../../core/db/schema/index.ts';
import {
  buildSettings,
  insertCategory,
  insertProductGroup,
  insertSettings,
} from '../../tests/factories/catalogue.ts';
import { insertRates } from '../../tests/factories/rates.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

/**
 * Issue 31: both feeds of both editions checked rule by rule against the marketplaces' published
 * requirements (docs/product/feeds.md lists the same rules with their sources), on every item.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) =>
    ['offer', 'category', 'item', 'picture', 'param', 'g:additional_image_link'].includes(name),
  parseTagValue: false,
  parseAttributeValue: false,
});
type Node = Record<string, unknown>;
type Rule = { rule: string; check: (item: Node) => boolean };

const isoWithOffset = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?([+-]\d\d:?\d\d|Z)$/;
const httpUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v);
const text = (v: unknown) => (typeof v === 'string' ? v : String((v as Node | undefined)?.['#text'] ?? ''));

/** Google Merchant Center product data specification: the attributes apparel variants need. */
function googleRules(currency: string): Rule[] {
  return [
    { rule: 'id: present, at most 50 characters', check: (i) => /^.{1,50}$/.test(text(i['g:id'])) },
    { rule: 'title: present, at most 150 characters', check: (i) => /^.{1,150}$/s.test(text(i['g:title'])) },
    {
      rule: 'description: present, at most 5000 characters',
      check: (i) => /^.{1,5000}$/s.test(text(i['g:description'])),
    },
    { rule: 'link: an http(s) address', check: (i) => httpUrl(i['g:link']) },
    { rule: 'image_link: an http(s) address', check: (i) => httpUrl(i['g:image_link']) },
    {
      rule: 'availability: in_stock, out_of_stock, preorder or backorder',
      check: (i) => ['in_stock', 'out_of_stock', 'preorder', 'backorder'].includes(text(i['g:availability'])),
    },
    {
      rule: 'availability_date: on every preorder item, ISO 8601 with an offset',
      check: (i) =>
        text(i['g:availability']) !== 'preorder' || isoWithOffset.test(text(i['g:availability_date'])),
    },
    {
      rule: `price: a number with two decimals and the ISO 4217 code, ${currency}`,
      check: (i) => new RegExp(`^\\d+\\.\\d\\d ${currency}$`).test(text(i['g:price'])),
    },
    {
      rule: 'sale_price: when given, in the same form and below the price',
      check: (i) =>
        i['g:sale_price'] === undefined ||
        (new RegExp(`^\\d+\\.\\d\\d ${currency}$`).test(text(i['g:sale_price'])) &&
          Number.parseFloat(text(i['g:sale_price'])) < Number.parseFloat(text(i['g:price']))),
    },
    {
      rule: 'condition: new, refurbished or used',
      check: (i) => ['new', 'refurbished', 'used'].includes(text(i['g:condition'])),
    },
    { rule: 'brand: present', check: (i) => text(i['g:brand']).length > 0 },
    {
      rule: 'identifiers: a GTIN of 8, 12, 13 or 14 digits, or the brand with an mpn',
      check: (i) =>
        /^(\d{8}|\d{12,14})$/.test(text(i['g:gtin'])) ||
        (i['g:gtin'] === undefined && text(i['g:mpn']).length > 0 && text(i['g:mpn']).length <= 70),
    },
    { rule: 'item_group_id (variants): present', check: (i) => /^.{1,50}$/.test(text(i['g:item_group_id'])) },
    {
      rule: 'color (apparel): present',
      check: (i) => text(i['g:color']).length > 0 && text(i['g:color']).length <= 100,
    },
    {
      rule: 'size (apparel): present',
      check: (i) => text(i['g:size']).length > 0 && text(i['g:size']).length <= 100,
    },
    {
      rule: 'size_system: when given, one of AU BR CN DE EU FR IT JP MEX UK US',
      check: (i) =>
        i['g:size_system'] === undefined ||
        ['AU', 'BR', 'CN', 'DE', 'EU', 'FR', 'IT', 'JP', 'MEX', 'UK', 'US'].includes(
          text(i['g:size_system']),
        ),
    },
    {
      rule: 'age_group (apparel): newborn, infant, toddler, kids or adult',
      check: (i) => ['newborn', 'infant', 'toddler', 'kids', 'adult'].includes(text(i['g:age_group'])),
    },
    {
      rule: 'gender (apparel): male, female or unisex',
      check: (i) => ['male', 'female', 'unisex'].includes(text(i['g:gender'])),
    },
  ];
}

/** Yandex Market YML: the offer elements every clothing offer needs. */
function ymlRules(categoryIds: Set<string>): Rule[] {
  const params = (o: Node) => (o.param as Node[] | undefined) ?? [];
  return [
    {
      rule: 'id: present, letters, digits, - and _ only',
      check: (o) => /^[A-Za-z0-9_-]{1,80}$/.test(text(o['@id'])),
    },
    { rule: 'available: true or false', check: (o) => ['true', 'false'].includes(text(o['@available'])) },
    { rule: 'group_id: digits, at most 9', check: (o) => /^\d{1,9}$/.test(text(o['@group_id'])) },
    { rule: 'name: present', check: (o) => text(o.name).length > 0 },
    { rule: 'vendor (clothing): present', check: (o) => text(o.vendor).length > 0 },
    {
      rule: 'url: an http(s) address of at most 512 characters',
      check: (o) => httpUrl(o.url) && text(o.url).length <= 512,
    },
    {
      rule: 'price: a positive number',
      check: (o) => /^\d+(\.\d{1,2})?$/.test(text(o.price)) && Number(o.price) > 0,
    },
    { rule: 'currencyId: RUR', check: (o) => text(o.currencyId) === 'RUR' },
    { rule: "categoryId: one of the shop's categories", check: (o) => categoryIds.has(text(o.categoryId)) },
    {
      rule: 'picture: 1 to 10 http(s) addresses',
      check: (o) => {
        const p = (o.picture as unknown[] | undefined) ?? [];
        return p.length >= 1 && p.length <= 10 && p.every(httpUrl);
      },
    },
    {
      rule: 'param Размер: a size grid unit (INT for letters, RU for Russian numbers), unless one-size',
      check: (o) => {
        const size = params(o).find((p) => p['@name'] === 'Размер');
        if (!size) return true;
        const value = text(size);
        const unit = size['@unit'];
        return /^\d/.test(value) ? unit === 'RU' : unit === 'INT';
      },
    },
    {
      rule: 'param Цвет: present',
      check: (o) => params(o).some((p) => p['@name'] === 'Цвет' && text(p).length > 0),
    },
  ];
}

/** Whether robots.txt's `User-agent: *` rules let a crawler fetch `pathAndQuery` (longest match wins, Allow on a tie). */
function allowedByRobots(robots: string, pathAndQuery: string): boolean {
  let inStar = false;
  const rules: { allow: boolean; pattern: string }[] = [];
  for (const line of robots.split('\n')) {
    const [field = '', ...rest] = line.split(':');
    const value = rest.join(':').trim();
    const key = field.trim().toLowerCase();
    if (key === 'user-agent') inStar = value === '*';
    else if (inStar && (key === 'allow' || key === 'disallow') && value)
      rules.push({ allow: key === 'allow', pattern: value });
  }
  const matching = rules.filter(({ pattern }) => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(pathAndQuery);
  });
  matching.sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow));
  return matching[0]?.allow ?? true;
}

describe.each(engines)('the feeds against the published rules on %s', (engine) => {
  let t: TestApp;
  const groups: string[] = [];
  const mediaDir = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
    LOG_LEVEL: 'silent',
  }).mediaDir;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    const settings = buildSettings();
    settings.main.feeds = { vendor: 'Лён и Ко', preorderDays: 21 };
    await insertSettings(db, settings);
    await insertRates(db);
    const women = await insertCategory(db, { name: { ru: 'Женщинам', en: 'Women' }, gender: 'female' });
    const dresses = await insertCategory(db, {
      parentSlug: women.slug,
      name: { ru: 'Платья', en: 'Dresses' },
    });
    const kids = await insertCategory(db, { name: { ru: 'Детям', en: 'Kids' }, ageGroup: 'kids' });
    const dress = await insertProductGroup(
      db,
      { categorySlug: dresses.slug, price: 4_990_00, oldPrice: 6_990_00 },
      [
        { size: 'XS', stock: 1 },
        { size: 'M', stock: 0, preorder: true },
        { size: 'XXL', stock: 0 },
      ],
    );
    const boys = await insertProductGroup(db, { categorySlug: kids.slug, price: 1_990_00, gender: 'male' }, [
      { size: '44', stock: 3 },
      { size: '46-48', stock: 0, preorder: true },
    ]);
    const scarf = await insertProductGroup(db, { categorySlug: women.slug, price: 2_490_00 }, [
      { size: '', stock: 4 },
    ]);
    groups.push(dress.id, boys.id, scarf.id);
    // Each product gets a real uploaded photo: its widest WebP rendition, as the pipeline stores it.
    await db.delete(productPhotos).where(inArray(productPhotos.groupId, groups));
    for (const id of groups) {
      const stem = `uploads/${randomBytes(10).toString('hex')}-960`;
      const webp = await sharp({ create: { width: 960, height: 1200, channels: 3, background: '#c8b89a' } })
        .webp()
        .toBuffer();
      fs.mkdirSync(path.join(mediaDir, 'uploads'), { recursive: true });
      fs.writeFileSync(path.join(mediaDir, `${stem}-960.webp`), webp);
      await db
        .insert(productPhotos)
        .values({ groupId: id, src: stem, width: 960, height: 1200, position: 0 });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res;
  };
  const ours = (id: unknown) => groups.some((g) => String(id).startsWith(`${g}-`));

  /** Links and photos, the same checks for both marketplaces. */
  async function checkLinksAndPhotos(links: { id: string; link: string }[], photos: string[]) {
    const robots = (await get('/robots.txt')).body;
    for (const { id, link } of links) {
      const url = new URL(link);
      expect(url.searchParams.get('p'), link).toBe(id);
      expect(
        allowedByRobots(robots, `${url.pathname}${url.search}`),
        `robots.txt lets ${link} be crawled`,
      ).toBe(true);
      // The product page preselects the size the offer names (app/routes/product.tsx).
      const group = await t.services.catalogue.getProductPage(url.pathname.split('/').pop() ?? '');
      expect(chosenVariant(group?.variants ?? [], url.searchParams), link).toBe(id);
    }
    for (const photo of new Set(photos)) {
      expect(photo, 'a JPEG the marketplaces take').toMatch(/\.jpg$/);
      const res = await get(new URL(photo).pathname);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  }

  it.each([
    ['ru', 'RUB', '/feeds/ru/google.xml'],
    ['en', 'USD', '/feeds/en/google.xml'],
    ['en', 'EUR', '/feeds/en/google.xml?currency=EUR'],
    ['en', 'AED', '/feeds/en/google.xml?currency=AED'],
  ])('Google (%s edition, %s): every rule on every item', async (_edition, currency, url) => {
    const channel = ((parser.parse((await get(url)).body) as Node).rss as Node).channel as Node;
    const items = (channel.item as Node[]).filter((i) => ours(i['g:id']));
    expect(items).toHaveLength(6);
    for (const { rule, check } of googleRules(currency))
      for (const item of items) expect(check(item), `${rule}: ${String(item['g:id'])}`).toBe(true);
    const byId = new Map(items.map((i) => [String(i['g:id']), i]));
    const [dress, boys, scarf] = groups;
    expect(byId.get(`${dress}-M`)?.['g:availability_date']).toBe('2026-12-11T00:00+03:00');
    expect(byId.get(`${dress}-XS`)?.['g:availability_date']).toBeUndefined();
    expect(byId.get(`${dress}-XS`)?.['g:gender']).toBe('female');
    expect(byId.get(`${boys}-44`)?.['g:age_group']).toBe('kids');
    expect(byId.get(`${boys}-44`)?.['g:gender']).toBe('male');
    expect(byId.get(`${scarf}-one`)?.['g:age_group']).toBe('adult');
    expect(byId.get(`${dress}-XS`)?.['g:brand']).toBe('Лён и Ко');
    expect(byId.get(`${dress}-XS`)?.['g:size_system']).toBe(_edition === 'en' ? 'EU' : undefined);
    expect(byId.get(`${boys}-44`)?.['g:size_system']).toBeUndefined();
    await checkLinksAndPhotos(
      items.map((i) => ({ id: String(i['g:id']), link: String(i['g:link']) })),
      items.map((i) => String(i['g:image_link'])),
    );
  });

  it.each(['ru', 'en'])('YML (%s edition): every rule on every offer', async (edition) => {
    const shop = ((parser.parse((await get(`/feeds/${edition}/yml.xml`)).body) as Node).yml_catalog as Node)
      .shop as Node;
    const ids = new Set(((shop.categories as Node).category as Node[]).map((c) => String(c['@id'])));
    const offers = ((shop.offers as Node).offer as Node[]).filter((o) => ours(o['@id']));
    expect(offers).toHaveLength(6);
    for (const { rule, check } of ymlRules(ids))
      for (const offer of offers) expect(check(offer), `${rule}: ${String(offer['@id'])}`).toBe(true);
    const size = (id: string) =>
      ((offers.find((o) => o['@id'] === id)?.param ?? []) as Node[]).find((p) => p['@name'] === 'Размер');
    expect(size(`${groups[0]}-XXL`)).toMatchObject({ '@unit': 'INT', '#text': 'XXL' });
    expect(size(`${groups[1]}-46-48`)).toMatchObject({ '@unit': 'RU', '#text': '46-48' });
    expect(size(`${groups[2]}-one`)).toBeUndefined();
    await checkLinksAndPhotos(
      offers.map((o) => ({ id: String(o['@id']), link: String(o.url) })),
      offers.flatMap((o) => (o.picture as string[]) ?? []),
    );
  });

  it('robots.txt is read as crawlers read it: the old ?size= links were shut out', async () => {
    const robots = (await get('/robots.txt')).body;
    expect(allowedByRobots(robots, `/products/${groups[0]}?size=M`)).toBe(false);
    expect(allowedByRobots(robots, `/products/${groups[0]}?p=${groups[0]}-M`)).toBe(true);
  });

  it("a product's own gender overrides its category's", async () => {
    const [dress] = groups;
    await t.database.db
      .update(productGroups)
      .set({ gender: 'unisex' })
      .where(eq(productGroups.id, dress ?? ''));
    const channel = ((parser.parse((await get('/feeds/ru/google.xml')).body) as Node).rss as Node)
      .channel as Node;
    const item = (channel.item as Node[]).find((i) => i['g:id'] === `${dress}-XS`);
    expect(item?.['g:gender']).toBe('unisex');
  });
});
