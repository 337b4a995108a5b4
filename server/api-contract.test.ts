import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  categories,
  currencyRates,
  outbox,
  photoTags,
  productGroups,
  variantProducts,
} from '../core/db/schema/index.ts';
import { convertFromRub } from '../core/money.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { createTestApp, type TestApp } from '../tests/setup/test-app.ts';
import { engines } from '../tests/setup/test-database.ts';

/**
 * The public API's contract (DECISIONS 28; checkout.md §3, §7; catalogue.md §3, §7): every call the
 * specs list answers with the specs' field names and value forms, over the demo brand, in both
 * editions. docs/product/api-wire-shapes.md is the table these schemas check.
 */

/** A price on the wire: a number of the edition's currency with at most two decimals. */
const price = z
  .number()
  .nonnegative()
  .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), 'a price with at most two decimals');
/** The specs' flags: 1 or 0, never a boolean. */
const flag = z.union([z.literal(0), z.literal(1)]);
const id = z.string().min(1);
/** A name in the edition's language: a plain string, never a `{ ru, en }` object. */
const text = z.string();

const variant = z.object({
  _id: id,
  Color: text.min(1),
  /** Empty for one-size goods (bags, scarves). */
  TheSize: z.string(),
  WarehouseQuantity: z.number().int().nonnegative(),
  preorder: flag,
  notification: flag,
  name: text.min(1),
  Barcode: z.string().regex(/^\d{13}$/),
  price,
});

const group = z.object({
  _id: id,
  art: z.string().min(1),
  name: text.min(1),
  Barcode: z.string().nullable(),
  SynchronizationSection: text.min(1),
  category: z.string().min(1),
  price,
  oldPrice: price.nullable(),
  priceWithDiscount: price,
  discount: z.number().int().min(0).max(100),
  isNew: z.boolean(),
  colors: z
    .array(z.object({ _id: id, name: text.min(1), value: z.string().regex(/^#[0-9a-fA-F]{6}$/) }))
    .min(1),
  sizes: z.array(z.string()).min(1),
  size: z.string(),
  color: text.min(1),
  photos: z.array(z.object({ src: z.string().startsWith('/media/'), productID: id })),
  videos: z.array(z.string().startsWith('/media/')),
  source: z.object({
    name: text.min(1),
    new: flag,
    sale: flag,
    bestseller: flag,
    price,
    priceWithDiscount: price,
    category: z.string().min(1),
    count: z.number().int().nonnegative(),
  }),
  products: z.array(variant).min(1),
  productsBySize: z.record(z.string(), variant),
});

const savedAddress = z.object({
  id: z.number().int(),
  country: z.string(),
  countryId: z.number().int(),
  postcode: z.string(),
  city: z.string(),
  cityID: z.number().int(),
  street: z.string(),
  house: z.string(),
  entrance: z.string(),
  floor: z.string(),
  room: z.string(),
});

const user = z.object({
  _id: id,
  name: z.string(),
  secondName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  addresses: z.array(savedAddress),
  token: z.string().min(1).nullable(),
});

const searchResult = z.object({
  view: z.enum(['category', 'product', 'other']),
  name: text.min(1),
  path: z.string().startsWith('/'),
  _id: id,
  price: price.optional(),
  oldPrice: price.nullable().optional(),
});

const photoTag = z.object({
  left: z.number().min(0).max(100),
  top: z.number().min(0).max(100),
  name: text,
  path: z.string(),
  productID: id,
  maxWidth: z
    .number()
    .int()
    .min(0)
    .max(300)
    .refine((n) => n % 10 === 0),
  link: z.string(),
  group: group.nullable(),
});

const link = z.object({ name: text, path: z.string() });
const settingsList = z.tuple([
  z.object({ _id: z.literal('main'), freeDeliveryMin: price, shopName: text }),
  z.object({
    _id: z.literal('contacts'),
    phone: z.string(),
    email: z.string(),
    copyrights: text,
    vk: z.string(),
    instagram: z.string(),
    facebook: z.string(),
    whatsapp: z.string(),
    telegram: z.string(),
    pinterest: z.string(),
  }),
  z.object({
    _id: z.literal('ui'),
    header: z.object({ menu: z.array(link) }),
    global: z.object({
      menu: z.object({
        categoriesPrefix: z.array(link.extend({ isRed: z.boolean() })),
        columns: z.array(z.object({ name: text, items: z.array(link) })),
      }),
    }),
    phoneLabel: text,
    emailLabel: text,
    socialsLabel: text,
    catalog: z.object({ colors: z.array(z.object({ name: text, value: z.string() })) }),
    moscowTryDeliveryPrice: price.nullable(),
    moscowTryDeliveryOutMkadPrice: price.nullable(),
    deliveryTexts: z.object({
      moscow: z.object({ title: text, subtitle: text }),
      'moscow-try': z.object({ title: text, subtitle: text }),
      self: z.object({ title: text, subtitle: text }),
    }),
  }),
]);

const orderLine = z.object({
  _id: id,
  name: text.min(1),
  Barcode: z.string().regex(/^\d{13}$/),
  TheSize: z.string(),
  category: z.string().min(1),
  price,
  oldPrice: price.nullable(),
  count: z.number().int().positive(),
});
const analyticsOrder = z.object({
  orderID: z.number().int().positive(),
  products: z.array(orderLine).min(1),
  summ: price,
  deliveryPrice: price,
  get: z.string().min(1),
  payment: z.string().min(1),
  total: price,
  promocodeDiscountPrice: price,
});

/** Parses with the contract's schema; a failure names the path of the first bad field. */
function expectShape<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${what}: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data;
}

/** No `{ ru, en }` object anywhere: names travel in the edition's language. */
function expectNoLocalizedObjects(value: unknown, where: string): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) expectNoLocalizedObjects(v, `${where}.${i}`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  expect(Object.keys(value).sort(), where).not.toEqual(['en', 'ru']);
  for (const [k, v] of Object.entries(value)) expectNoLocalizedObjects(v, `${where}.${k}`);
}

const USD_RATE4 = 92_5000;

describe.each(engines)('the public API contract over the demo brand on %s', (engine) => {
  let t: TestApp;
  let groupIds: string[];
  let stored: Map<
    string,
    { price: number; oldPrice: number | null; name: { ru: string; en: string }; categorySlug: string }
  >;
  let stock: Map<
    string,
    { id: string; groupId: string; stock: number; preorder: boolean; notification: boolean; barcode: string }
  >;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    await seedDemo(db, { mediaDir: path.join(os.tmpdir(), 'api-contract-media'), renderPhotos: false });
    await db.insert(currencyRates).values([
      { currency: 'USD', date: '2026-11-20', rate4: USD_RATE4 },
      { currency: 'EUR', date: '2026-11-20', rate4: 100_1234 },
      { currency: 'AED', date: '2026-11-20', rate4: 25_1800 },
    ]);
    const rows = await db.select().from(productGroups).where(eq(productGroups.published, true));
    groupIds = rows.map((g) => g.id);
    stored = new Map(rows.map((g) => [g.id, g]));
    const variants = await db.select().from(variantProducts);
    stock = new Map(variants.map((v) => [v.id, v]));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const english = { 'accept-language': 'en', cookie: 'shi-currency=USD' };

  it('POST /api/groups-by-ids: every demo group with its sizes, roubles in the Russian edition', async () => {
    expect(groupIds.length).toBeGreaterThan(90);
    const res = await post('/api/groups-by-ids', groupIds);
    expect(res.statusCode).toBe(200);
    const groups = expectShape(z.array(group), res.json(), 'groups-by-ids');
    expect(groups.map((g) => g._id)).toEqual(groupIds);
    expectNoLocalizedObjects(res.json(), 'groups');
    let reduced = 0;
    for (const g of groups) {
      const row = stored.get(g._id);
      expect(row).toBeDefined();
      if (!row) continue;
      expect(g.name).toBe(row.name.ru);
      expect(g.category).toBe(row.categorySlug);
      expect(g.price).toBe(row.price / 100);
      expect(g.priceWithDiscount).toBe(g.price);
      expect(g.oldPrice).toBe(row.oldPrice === null ? null : row.oldPrice / 100);
      if (g.oldPrice !== null) {
        reduced += 1;
        expect(g.discount).toBeGreaterThan(0);
        expect(g.source.sale).toBe(1);
      }
      expect(g.colors.map((c) => c._id)).toContain(g._id);
      expect(g.sizes).toEqual(g.products.map((p) => p.TheSize));
      let count = 0;
      for (const p of g.products) {
        const v = stock.get(p._id);
        expect(v, p._id).toBeDefined();
        if (!v) continue;
        expect(p.WarehouseQuantity).toBe(v.stock);
        expect(p.preorder).toBe(v.preorder ? 1 : 0);
        expect(p.notification).toBe(v.notification ? 1 : 0);
        expect(p.Barcode).toBe(v.barcode);
        expect(p.price).toBe(g.price);
        expect(g.productsBySize[p.TheSize]).toEqual(p);
        count += v.stock;
      }
      expect(g.source.count).toBe(count);
    }
    // The demo has reduced goods, so the old price's form is checked too.
    expect(reduced).toBeGreaterThan(0);
  });

  it('POST /api/groups-by-ids in the English edition: English names, prices in the chosen currency', async () => {
    const res = await post('/api/groups-by-ids', groupIds.slice(0, 20), english);
    const groups = expectShape(z.array(group), res.json(), 'groups-by-ids en');
    for (const g of groups) {
      const row = stored.get(g._id);
      if (!row) throw new Error(`unknown group ${g._id}`);
      expect(g.name).toBe(row.name.en);
      expect(g.price).toBe(convertFromRub(row.price, 'USD', USD_RATE4).amount / 100);
      expect(g.products[0]?.price).toBe(g.price);
    }
  });

  it('POST /api/groups-by-ids takes variant ids (the cart) and leaves out unknown ids', async () => {
    const [first] = groupIds;
    const size = [...stock.values()].find((v) => v.groupId === first);
    const res = await post('/api/groups-by-ids', { ids: ['no-such-group', size?.id ?? '', first] });
    const groups = expectShape(z.array(group), res.json(), 'groups-by-ids cart');
    expect(groups.map((g) => g._id)).toEqual([first]);
  });

  it('POST /api/group-by-id: one group in the same shape; 404 for an unknown one', async () => {
    const [, second] = groupIds;
    const res = await post('/api/group-by-id', { _id: second });
    expect(expectShape(group, res.json(), 'group-by-id')._id).toBe(second);
    expect((await post('/api/group-by-id', { _id: 'no-such-group' })).statusCode).toBe(404);
  });

  it('POST /api/get-product-page-content: page, viewed, like and suggestions as groups', async () => {
    const [first, second] = groupIds as [string, string];
    const res = await post(
      '/api/get-product-page-content',
      { _id: first, currentCookieProducts: [], forLike: { limit: 4 } },
      { cookie: `viewed=${encodeURIComponent(JSON.stringify([second]))}` },
    );
    expect(res.statusCode).toBe(200);
    const body = expectShape(
      z.object({
        page: group,
        viewed: z.array(group),
        like: z.array(group).min(1).max(4),
        suggestions: z.array(group).max(4),
      }),
      res.json(),
      'get-product-page-content',
    );
    expect(body.page._id).toBe(first);
    expect(body.viewed.map((g) => g._id)).toEqual([second]);
    expectNoLocalizedObjects(res.json(), 'content');
  });

  it('POST /api/tags-fetch: the photo tags with the owning product and the product each shows', async () => {
    const [tag] = await t.database.db.select().from(photoTags).limit(1);
    if (!tag) throw new Error('the demo has no photo tags');
    const groups = (await post('/api/group-by-id', { _id: tag.groupId })).json();
    const cover = groups.photos.find((p: { src: string }) => p.src.includes(tag.src));
    expect(cover, 'the tagged photo among the group photos').toBeDefined();
    // The app sends back the photo address it was given.
    const res = await post('/api/tags-fetch', { src: cover.src, productID: tag.groupId });
    const body = expectShape(
      z.object({ result: z.literal(true), data: z.array(photoTag).min(1) }),
      res.json(),
      'tags-fetch',
    );
    expect(body.data[0]?.productID).toBe(tag.groupId);
    expect(body.data[0]?.group?._id).toBe(tag.link);
  });

  it('POST /api/search: view, name, path and _id; product prices in the edition currency', async () => {
    for (const [query, headers] of [
      ['платье', {}],
      ['dress', english],
    ] as const) {
      const res = await post('/api/search', { query }, headers);
      const list = expectShape(z.array(searchResult), res.json(), `search ${query}`);
      const products = list.filter((r) => r.view === 'product');
      expect(products.length, query).toBeGreaterThan(0);
      for (const p of products) {
        const row = stored.get(p._id);
        if (!row) throw new Error(`unknown product ${p._id}`);
        expect(p.price).toBe(
          headers === english ? convertFromRub(row.price, 'USD', USD_RATE4).amount / 100 : row.price / 100,
        );
      }
    }
  });

  it('GET /api/settings: the main, contacts and ui documents with texts and prices of the edition', async () => {
    for (const headers of [{}, english]) {
      const res = await get('/api/settings', headers);
      expect(res.statusCode).toBe(200);
      expectShape(settingsList, res.json(), 'settings');
      expectNoLocalizedObjects(res.json(), 'settings');
    }
  });

  it('sign-in, GET /api/user/fetch, POST /api/user/update and /api/user/remove-address speak the User shape', async () => {
    const ip = '10.20.0.1';
    const phone = '79990001122';
    const init = await get('/api/auth/init');
    expectShape(z.object({ result: z.literal(true), data: z.string().min(1) }), init.json(), 'auth/init');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/get-code?isBySMS=true',
      remoteAddress: ip,
      headers: { 'init-token': init.json().data },
      payload: { phone },
    });
    expect(sent.json().result).toBe(true);
    const [message] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))
      .orderBy(desc(outbox.id))
      .limit(1);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-code',
      remoteAddress: ip,
      payload: { phone, code: String(message?.payload.code) },
    });
    const signedIn = expectShape(
      z.object({ result: z.literal(true), data: z.object({ token: z.string().min(1), user }) }),
      checked.json(),
      'check-code',
    ).data;
    const auth = { authorization: `Bearer ${signedIn.token}` };

    const fetched = await get('/api/user/fetch', auth);
    const me = expectShape(
      z.object({ result: z.literal(true), data: user }),
      fetched.json(),
      'user/fetch',
    ).data;
    expect(me.token).toBe(signedIn.token);
    expect(me.phone).toBe(phone);

    const updated = await post('/api/user/update', { name: 'Анна', birthDate: '1990-05-01' }, auth);
    const profile = expectShape(
      z.object({ result: z.literal(true), data: user }),
      updated.json(),
      'user/update',
    );
    expect(profile.data).toMatchObject({ name: 'Анна', birthDate: '1990-05-01' });

    const saved = await post(
      '/api/user/update',
      {
        address: {
          country: 'Россия',
          countryId: 1,
          postcode: '',
          city: 'Москва',
          cityID: 44,
          street: 'Тверская',
          house: '1',
          entrance: '',
          floor: '',
          room: '5',
        },
      },
      auth,
    );
    const withAddress = expectShape(
      z.object({ result: z.literal(true), data: user }),
      saved.json(),
      'user/update address',
    ).data;
    const [address] = withAddress.addresses;
    expect(address?.cityID).toBe(44);
    const removed = await post('/api/user/remove-address', { id: address?.id }, auth);
    expectShape(
      z.object({ result: z.literal(true), data: z.object({ addresses: z.array(savedAddress).length(0) }) }),
      removed.json(),
      'remove-address',
    );

    const exists = await post('/api/auth/check-email', { email: 'nobody@example.ru' }, {});
    expect(exists.json()).toEqual({ result: true, data: 0 });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: '10.20.0.2',
      payload: { email: 'contract@example.ru' },
    });
    expectShape(
      z.object({ result: z.literal(true), data: z.object({ token: z.string().min(1), user }) }),
      registered.json(),
      'registerByEmail',
    );
    expect((await post('/api/auth/check-email', { email: 'contract@example.ru' })).json().data).toBe(1);
  });

  it('POST /api/payment, GET /api/orders/for-analytics and /api/promocodes/check answer in roubles', async () => {
    const [row] = await t.database.db
      .select({ id: variantProducts.id })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .where(and(gt(variantProducts.stock, 1), eq(productGroups.published, true)))
      .limit(1);
    if (!row) throw new Error('the demo has nothing in stock');
    const promo = await get('/api/promocodes/check?code=WELCOME10&phone=79990002233');
    expectShape(
      z.object({ result: z.literal(true), message: z.string(), data: z.object({ percent: z.literal(10) }) }),
      promo.json(),
      'promocodes/check',
    );
    const payload = {
      getWay: 'self',
      payment: 'online',
      fullName: 'Иванова Анна',
      phone: '79990002233',
      email: 'anna@example.ru',
      products: [{ _id: row.id, count: 2 }],
      promocode: 'WELCOME10',
      consent: true,
    };
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/payment?draft=true',
      remoteAddress: '10.20.1.1',
      payload: { ...payload, products: [{ _id: row.id, count: 1 }] },
    });
    expectShape(
      z.object({
        result: z.literal(true),
        order: z.object({ orderID: z.number().int() }),
        data: z.object({ orderID: z.number().int() }),
      }),
      draft.json(),
      'payment draft',
    );
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: '10.20.1.2',
      payload,
    });
    const answer = expectShape(
      z.object({
        result: z.literal(true),
        url: z.string().min(1),
        order: z.object({ orderID: z.number().int() }),
        data: z.object({ orderID: z.number().int() }),
      }),
      placed.json(),
      'payment',
    );
    const cookie = [placed.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const view = await get(`/api/orders/for-analytics?orderID=${answer.data.orderID}`, { cookie });
    const order = expectShape(
      z.object({ result: z.literal(true), data: analyticsOrder }),
      view.json(),
      'for-analytics',
    ).data;
    const record = await t.services.orders.getOrderRecord(answer.data.orderID);
    if (!record) throw new Error('the order was not stored');
    expect(order.get).toBe('self');
    expect(order.total).toBe(record.order.total / 100);
    expect(order.products[0]?.count).toBe(2);
    const line = record.lines[0];
    expect(order.products[0]?.price).toBe((line?.price ?? 0) / 100);
  });

  it('the delivery calls: prices in roubles, terms, the free-delivery minimum, cities and pickup points', async () => {
    const quote = z.object({
      result: z.literal(true),
      data: z.object({
        price,
        currency: z.literal('RUB'),
        periodMin: z.number().int().nonnegative(),
        periodMax: z.number().int().nonnegative(),
        deliveryMaxDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      }),
    });
    for (const url of [
      '/api/checkout/check-delivery?code=137&weight=1200&summ=12990.5',
      `/api/checkout/delivery?city=${encodeURIComponent('Казань')}&summ=12990`,
      '/api/sdek/price?senderCityId=44&receiverCityId=137&recivierCountryCode=RU&summ=12990',
      '/api/boxberry/price?city_code=137&summ=12990',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectShape(quote, res.json(), url);
    }
    const dhl = await post(
      '/api/count-delivery/dhl',
      { country: 'AE', city: 'Dubai', weight: 1200 },
      english,
    );
    expectShape(quote, dhl.json(), 'count-delivery/dhl');
    const moscow = await get(`/api/checkout/moscow-price?address=${encodeURIComponent('Тверская улица, 7')}`);
    const inside = expectShape(
      z.object({
        result: z.literal(true),
        data: z.object({ price, currency: z.literal('RUB'), outMKAD: z.literal(false) }),
      }),
      moscow.json(),
      'moscow-price',
    );
    // Roubles, not the kopecks kept inside.
    const stored = await t.services.settings.getShopSettings();
    expect(inside.data.price).toBe(stored.ui.moscowDeliveryPrice / 100);
    const door = await t.services.delivery.quoteCarrier({
      carrier: 'sdek',
      mode: 'door',
      cityCode: 137,
      weight: 1200,
      summ: 12_990_50,
    });
    if (!door.ok) throw new Error('the sandbox carrier refused a door delivery to 137');
    const doorWire = (await get('/api/checkout/check-delivery?code=137&weight=1200&summ=12990.5')).json();
    expect(doorWire.data.price).toBe(door.value.price / 100);
    const free = await get('/api/checkout/free-delivery?code=44');
    const min = expectShape(
      z.object({ result: z.literal(true), data: z.object({ freeDeliveryMin: price }) }),
      free.json(),
      'free-delivery',
    );
    expect(min.data.freeDeliveryMin).toBe(stored.main.freeDeliveryMin / 100);
    // A declared value with kopecks beyond two decimals is refused, naming the field.
    const bad = await get('/api/checkout/check-delivery?code=137&summ=1.234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('summ');

    const city = z.object({ name: text.min(1), full_name: text.min(1), code: z.number().int() });
    for (const url of [
      `/api/checkout/sdek-cities?query=${encodeURIComponent('Каз')}`,
      `/api/checkout/city?query=${encodeURIComponent('Каз')}`,
    ]) {
      expectShape(
        z.object({ result: z.literal(true), data: z.array(city).min(1) }),
        (await get(url)).json(),
        url,
      );
    }
    expectShape(
      z.array(z.object({ name: text.min(1), country: text.min(1) })).min(1),
      (await get('/api/checkout/en-cities?q=Dub')).json(),
      'en-cities',
    );
    expectShape(
      z.object({
        result: z.literal(true),
        data: z
          .array(
            z.object({
              cityName: text.min(1),
              id: z.number().int(),
              countryId: z.number().int(),
              countryName: text.min(1),
              postCodeArray: z.array(z.string()),
            }),
          )
          .min(1),
      }),
      (await post('/api/wg-cities', { query: 'Каз' })).json(),
      'wg-cities',
    );
    expectShape(
      z.object({
        result: z.literal(true),
        data: z
          .array(
            z.object({
              name: text.min(1),
              location: z.object({
                address: text.min(1),
                city_code: z.literal(44),
                country_code: z.literal('RU'),
                latitude: z.number(),
                longitude: z.number(),
              }),
              work_time: z.string(),
              phones: z.array(z.object({ number: z.string() })),
            }),
          )
          .min(1),
      }),
      (await get('/api/sdek/offices?city_code=44')).json(),
      'sdek/offices',
    );
  });

  it('restock and newsletter sign-ups answer with a message', async () => {
    const [wanted] = await t.database.db
      .select({ id: variantProducts.id })
      .from(variantProducts)
      .where(and(eq(variantProducts.stock, 0), eq(variantProducts.notification, true)))
      .limit(1);
    const restock = await get(
      `/api/preorder/sign-up?email=anna@example.ru&productID=${wanted?.id ?? `${groupIds[0]}-M`}`,
    );
    expect(restock.json()).toMatchObject({ message: expect.any(String) });
    const newsletter = await get('/api/sendpulse/signup?email=contract@example.ru');
    expectShape(
      z.object({ result: z.boolean(), message: z.string().min(1) }),
      newsletter.json(),
      'sendpulse/signup',
    );
  });

  it('names the categories the groups point to', async () => {
    const cats = await t.database.db.select().from(categories);
    const res = await post('/api/groups-by-ids', groupIds.slice(0, 5));
    for (const g of res.json() as z.output<typeof group>[]) {
      const cat = cats.find((c) => c.slug === g.category);
      expect(g.SynchronizationSection).toBe(cat?.name.ru);
    }
  });
});
