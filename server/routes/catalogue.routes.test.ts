import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looks } from '../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

describe.each(engines)('catalogue API on %s', (engine) => {
  let t: TestApp;
  let dress: { id: string };
  let coat: { id: string };
  let boots: { id: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    await insertCategory(db, { slug: 'dresses' });
    await insertCategory(db, { slug: 'dresses-midi', parentSlug: 'dresses' });
    await insertCategory(db, { slug: 'dresses-maxi', parentSlug: 'dresses' });
    await insertCategory(db, { slug: 'shoes' });
    await insertCategory(db, { slug: 'boots', parentSlug: 'shoes' });
    dress = await insertProductGroup(db, { categorySlug: 'dresses-midi' }, [
      { size: 'L', stock: 1 },
      { size: 'XS', stock: 0 },
      { size: 'M', stock: 4 },
    ]);
    coat = await insertProductGroup(db, { categorySlug: 'dresses-maxi', isBestseller: true });
    boots = await insertProductGroup(db, { categorySlug: 'boots', isBestseller: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

  it('returns groups for group ids and for variant ids, in order, sizes sorted, unknown ids left out', async () => {
    const res = await post('/api/groups-by-ids', [`${coat.id}-M`, 'gone', dress.id]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((g: { _id: string }) => g._id)).toEqual([coat.id, dress.id]);
    expect(body[1].products.map((v: { TheSize: string }) => v.TheSize)).toEqual(['XS', 'M', 'L']);
    expect(body[1].products.map((v: { WarehouseQuantity: number }) => v.WarehouseQuantity)).toEqual([
      0, 4, 1,
    ]);
    // DECISIONS 28: roubles on the wire.
    expect(body[1].price).toBe(9_990);
  });

  it('keeps the storefront its own lookup in the internal shape (kopecks, both languages)', async () => {
    const res = await post('/api/storefront/groups', [`${coat.id}-M`, 'gone', dress.id]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((g: { id: string }) => g.id)).toEqual([coat.id, dress.id]);
    expect(body[1].variants.map((v: { size: string }) => v.size)).toEqual(['XS', 'M', 'L']);
    expect(body[1].price).toBe(9_990_00);
    expect((await post('/api/storefront/groups', { ids: 'x' })).statusCode).toBe(400);
  });

  it('accepts { ids } too and an empty list', async () => {
    expect((await post('/api/groups-by-ids', { ids: [dress.id] })).json()).toHaveLength(1);
    expect((await post('/api/groups-by-ids', [])).json()).toEqual([]);
  });

  it('refuses a body that is not a list of ids with 400 naming the problem', async () => {
    const res = await post('/api/groups-by-ids', { ids: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(false);
    expect(
      (
        await post(
          '/api/groups-by-ids',
          Array.from({ length: 201 }, (_, i) => `id${i}`),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('answers group-by-id, and 404 for an unknown one', async () => {
    expect((await post('/api/group-by-id', { _id: boots.id })).json()._id).toBe(boots.id);
    expect((await post('/api/group-by-id', { _id: 'nope' })).statusCode).toBe(404);
    expect((await post('/api/group-by-id', {})).statusCode).toBe(400);
  });

  it('gives also-like from the same category first, other categories as suggestions, and remembers the view', async () => {
    const res = await post(
      '/api/get-product-page-content',
      { _id: dress.id, forLike: { limit: 4 } },
      `viewed=${encodeURIComponent(JSON.stringify([boots.id]))}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page._id).toBe(dress.id);
    expect(body.like.map((c: { _id: string }) => c._id)).toEqual([coat.id]);
    expect(body.suggestions.map((c: { _id: string }) => c._id)).toEqual([boots.id]);
    expect(body.viewed.map((c: { _id: string }) => c._id)).toEqual([boots.id]);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('Max-Age=86400');
    expect(JSON.parse(decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? ''))).toEqual([
      dress.id,
      boots.id,
    ]);
  });

  it('gives the storefront the same blocks as tiles and remembers the view there too', async () => {
    const res = await post(
      '/api/storefront/product-content',
      { _id: dress.id, forLike: { limit: 4 } },
      `viewed=${encodeURIComponent(JSON.stringify([boots.id]))}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.like.map((c: { id: string }) => c.id)).toEqual([coat.id]);
    expect(body.suggestions.map((c: { id: string }) => c.id)).toEqual([boots.id]);
    expect(body.viewed.map((c: { id: string }) => c.id)).toEqual([boots.id]);
    expect(body.like[0].price).toBe(9_990_00);
    expect(String(res.headers['set-cookie'])).toContain(
      `viewed=${encodeURIComponent(JSON.stringify([dress.id, boots.id]))}`,
    );
    expect((await post('/api/storefront/product-content', { _id: 'nope' })).statusCode).toBe(404);
  });

  it('ignores a tampered viewed cookie', async () => {
    const res = await post('/api/get-product-page-content', { _id: dress.id }, 'viewed=%7Bnot-json');
    expect(res.statusCode).toBe(200);
    expect(res.json().viewed).toEqual([]);
  });
});

describe.each(engines)('restock sign-up on %s', (engine) => {
  let t: TestApp;
  let group: { id: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertCategory(t.database.db, { slug: 'knitwear' });
    group = await insertProductGroup(t.database.db, { categorySlug: 'knitwear' }, [
      { size: 'M', stock: 0, notification: true },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (qs: string) => t.app.inject({ method: 'GET', url: `/api/preorder/sign-up?${qs}` });

  it('stores a sign-up once, unconfirmed, and answers a repeat the same way', async () => {
    const first = await signUp(`email=Anna@Example.com&productID=${group.id}-M`);
    expect(first.statusCode).toBe(200);
    // Double opt-in (DECISIONS 37): the answer asks for the mailed link.
    expect(first.json()).toEqual({
      result: true,
      message: 'Проверьте почту: мы отправили ссылку, подтвердите по ней, что ждёте этот товар.',
    });
    const again = await signUp(`email=anna@example.com&productID=${group.id}-M`);
    expect(again.json()).toEqual(first.json());
    const { restockSubscriptions } = await import('../../core/db/schema/index.ts');
    const rows = await t.database.db.select().from(restockSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'anna@example.com', groupId: group.id, confirmedAt: null });
  });

  it('requires a valid e-mail and a known product', async () => {
    const noEmail = await signUp(`productID=${group.id}`);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().field).toBe('email');
    expect((await signUp(`email=bad&productID=${group.id}`)).statusCode).toBe(400);
    expect((await signUp('email=a@b.co&productID=unknown')).statusCode).toBe(404);
  });
});

describe.each(engines)('robots.txt and sitemap.xml on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertCategory(t.database.db, { slug: 'skirts' });
    await insertCategory(t.database.db, { slug: 'skirts-midi', parentSlug: 'skirts' });
    await insertProductGroup(t.database.db, { id: 'pleated-skirt-olive', categorySlug: 'skirts-midi' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists both editions of categories and products with hreflang alternates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain('<loc>http://localhost:3000/catalog/skirts/skirts-midi</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/en/products/pleated-skirt-olive</loc>');
    expect(xml).toContain('hreflang="en" href="http://localhost:3000/en/products/pleated-skirt-olive"');
  });

  it('lists the looks page once there is a look', async () => {
    const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(await sitemap()).not.toContain('/looks<');
    await t.database.db.insert(looks).values({ id: 'look-1', src: '/media/looks/a.jpg' });
    const xml = await sitemap();
    expect(xml).toContain('<loc>http://localhost:3000/looks</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/en/looks</loc>');
  });

  it('points robots at the sitemap and keeps crawlers out of the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe.each(engines)('POST /api/search on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertCategory(t.database.db, { slug: 'dresses', name: { ru: 'Платья', en: 'Dresses' } });
    await insertProductGroup(t.database.db, {
      id: 'wrap-dress-black',
      categorySlug: 'dresses',
      name: { ru: 'Платье с запахом', en: 'Wrap dress' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/search', payload: payload as object, headers });

  it('answers grouped, ranked results: the category first, then products', async () => {
    const res = await search({ query: 'платья' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { view: string; _id: string }) => `${r.view}:${r._id}`)).toEqual([
      'category:dresses',
      'product:wrap-dress-black',
    ]);
  });

  it('answers in English for an English page', async () => {
    const res = await search({ query: 'dresses' }, { 'accept-language': 'en' });
    expect(res.json()[1]).toMatchObject({ name: 'Wrap dress', path: '/en/products/wrap-dress-black' });
  });

  it('refuses a query that is not a string with 400, and cuts a long one instead of failing', async () => {
    expect((await search({ query: 42 })).statusCode).toBe(400);
    expect((await search({})).statusCode).toBe(400);
    const long = await search({ query: `платье ${'я'.repeat(5000)}` });
    expect(long.statusCode).toBe(200);
  });
});
