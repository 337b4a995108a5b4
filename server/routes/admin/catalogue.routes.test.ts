import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { auditLog, categories, jobs, productGroups, variantProducts } from '../../../core/db/schema/index.ts';
import { RESTOCK_CHECK_JOB } from '../../../core/messages/order-messages.service.ts';
import {
  buildProductInput,
  insertCategory,
  insertProductGroup,
  insertSizeTable,
} from '../../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../../tests/factories/orders.ts';
import { insertShopperSession, SHOP_ORIGIN } from '../../../tests/factories/staff.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(engines)('back-office catalogue API on %s', (engine) => {
  const t = useStaffApp(engine, ['editor', 'manager'], {
    settings: true,
    seed: async () => {
      category = (await insertCategory(t.database.db)).slug;
    },
  });
  let category: string;

  const as = (who: { headers: object }) => (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who.headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });
  const api = (method: Method, url: string, payload?: object) => as(t.editor)(method, url, payload);
  const create = async (overrides: object = {}) => {
    const res = await api(
      'POST',
      '/api/admin/catalogue/products',
      buildProductInput({ categorySlug: category, ...overrides }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const groupRow = async (id: string) =>
    (await t.database.db.select().from(productGroups).where(eq(productGroups.id, id)))[0];
  const editable = (r: { product: Record<string, unknown>; variants: Record<string, unknown>[] }) => ({
    version: r.product.version,
    art: r.product.art,
    name: r.product.name,
    description: r.product.description,
    composition: r.product.composition,
    care: r.product.care,
    categorySlug: r.product.categorySlug,
    collectionSlugs: r.product.collectionSlugs,
    isNew: r.product.isNew,
    isBestseller: r.product.isBestseller,
    price: r.product.price,
    oldPrice: r.product.oldPrice,
    colorName: r.product.colorName,
    colorHex: r.product.colorHex,
    sizeTableId: r.product.sizeTableId,
    published: r.product.published,
    variants: r.variants.map((v) => ({
      id: v.id,
      size: v.size,
      barcode: v.barcode,
      stock: v.stock,
      preorder: v.preorder,
      notification: v.notification,
    })),
  });

  describe('who may call it', () => {
    it('refuses the signed-out (401) and a signed-in shopper (403)', async () => {
      const guest = await t.app.inject({ method: 'GET', url: '/api/admin/catalogue/products' });
      expect(guest.statusCode).toBe(401);
      const shopper = await insertShopperSession(t.database.db);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/catalogue/products',
        headers: { cookie: shopper.cookie, origin: SHOP_ORIGIN },
      });
      expect(res.statusCode).toBe(403);
    });

    it('lets a manager read the list and change stock, and nothing else', async () => {
      const created = await create();
      const m = as(t.manager);
      expect((await m('GET', '/api/admin/catalogue/products')).statusCode).toBe(200);
      const variant = created.variants[0];
      const stock = await m('PUT', `/api/admin/catalogue/variants/${variant.id}/stock`, {
        stock: 7,
        was: variant.stock,
      });
      expect(stock.statusCode, stock.body).toBe(200);
      expect(stock.json().variant.stock).toBe(7);
      const edit = await m('PUT', `/api/admin/catalogue/products/${created.product.id}`, editable(created));
      expect(edit.statusCode).toBe(403);
      const newOne = await m(
        'POST',
        '/api/admin/catalogue/products',
        buildProductInput({ categorySlug: category }),
      );
      expect(newOne.statusCode).toBe(403);
      const cat = await m('POST', '/api/admin/catalogue/categories', {
        name: { ru: 'Шарфы', en: '' },
        parentSlug: null,
      });
      expect(cat.statusCode).toBe(403);
    });
  });

  describe('products', () => {
    it('creates a hidden product with a transliterated, unique slug, its sizes, and an audit record', async () => {
      const a = await create({
        name: { ru: 'Жакет Хлопковый', en: '' },
        colorName: { ru: 'Чёрный', en: '' },
      });
      expect(a.product.id).toBe('zhaket-khlopkovyi-chernyi');
      expect(a.product.published).toBe(false);
      expect(a.product.version).toBe(1);
      expect(a.variants.map((v: { size: string }) => v.size)).toEqual(['S', 'M']);
      const b = await create({
        name: { ru: 'Жакет Хлопковый', en: '' },
        colorName: { ru: 'Чёрный', en: '' },
      });
      expect(b.product.id).toBe('zhaket-khlopkovyi-chernyi-2');
      const log = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, a.product.id), eq(auditLog.action, 'product.create')));
      expect(log).toHaveLength(1);
      expect(log[0]?.actorId).toBe(t.editor.userId);
    });

    it('names the field of a bad price, an old price not above the price, a stock out of range, a bad colour', async () => {
      const cases: [object, string][] = [
        [{ price: 0 }, 'price'],
        [{ price: 5_000_000_000 }, 'price'],
        [{ price: 1_000_00, oldPrice: 900_00 }, 'oldPrice'],
        [{ colorHex: 'red' }, 'colorHex'],
        [{ name: { ru: '', en: 'Coat' } }, 'name.ru'],
        [
          {
            variants: [
              { size: 'S', barcode: '46000001', stock: 1_000_000, preorder: false, notification: false },
            ],
          },
          'variants.0.stock',
        ],
        [
          {
            variants: [
              { size: 'S', barcode: '46000002', stock: 1, preorder: false, notification: false },
              { size: 'S', barcode: '46000003', stock: 1, preorder: false, notification: false },
            ],
          },
          'variants.1.size',
        ],
        [{ categorySlug: 'no-such-category' }, 'categorySlug'],
      ];
      const before = (await t.database.db.select().from(productGroups)).length;
      for (const [overrides, field] of cases) {
        const res = await api(
          'POST',
          '/api/admin/catalogue/products',
          buildProductInput({ categorySlug: category, ...overrides }),
        );
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().field).toBe(field);
      }
      expect((await t.database.db.select().from(productGroups)).length).toBe(before);
    });

    it('refuses a barcode another product holds, naming the variant field', async () => {
      const a = await create();
      const taken = a.variants[0].barcode;
      const res = await api(
        'POST',
        '/api/admin/catalogue/products',
        buildProductInput({
          categorySlug: category,
          variants: [{ size: 'M', barcode: taken, stock: 1, preorder: false, notification: false }],
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('variants.0.barcode');
    });

    it('saves over the version shown, and refuses a stale save with 409 and the newer values', async () => {
      const a = await create();
      const first = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(a),
        price: 7_500_00,
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().product.version).toBe(2);
      const stale = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(a),
        price: 6_000_00,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.product.price).toBe(7_500_00);
      expect(stale.json().current.product.version).toBe(2);
      expect((await groupRow(a.product.id))?.price).toBe(7_500_00);
    });

    it('adds, edits and removes sizes, never overwrites the stock of a size, and refuses to remove a size in an order', async () => {
      const a = await create();
      const saved = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(a),
        variants: [
          { ...editable(a).variants[0], stock: 9, preorder: true },
          {
            size: 'L',
            barcode: `${a.product.id}-L-bc`.slice(0, 40),
            stock: 2,
            preorder: false,
            notification: true,
          },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const sizes = saved.json().variants.map((v: { size: string; stock: number }) => `${v.size}:${v.stock}`);
      expect(sizes).toEqual(['S:3', 'L:2']);

      const record = saved.json();
      const sold = record.variants[0];
      await insertPlacedOrder(t.database.db, { lines: [{ variantId: sold.id, groupId: a.product.id }] });
      const refused = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(record),
        variants: editable(record).variants.slice(1),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().field).toBe('variants');
      const left = await t.database.db
        .select()
        .from(variantProducts)
        .where(eq(variantProducts.groupId, a.product.id));
      expect(left).toHaveLength(2);
    });

    it('hides and shows a product', async () => {
      const a = await create();
      const shown = await api('PUT', `/api/admin/catalogue/products/${a.product.id}/published`, {
        version: 1,
        published: true,
      });
      expect(shown.statusCode).toBe(200);
      expect((await groupRow(a.product.id))?.published).toBe(true);
      const stale = await api('PUT', `/api/admin/catalogue/products/${a.product.id}/published`, {
        version: 1,
        published: false,
      });
      expect(stale.statusCode).toBe(409);
      expect((await groupRow(a.product.id))?.published).toBe(true);
    });

    it('duplicates as a new colour: same article, new slug, new barcodes, no stock, no photos, hidden', async () => {
      const a = await create({ name: { ru: 'Юбка', en: 'Skirt' } });
      const res = await api('POST', `/api/admin/catalogue/products/${a.product.id}/duplicate`, {
        version: 1,
        colorName: { ru: 'Оливковый', en: 'Olive' },
        colorHex: '#6B7A3A',
        barcodes: { S: '77000001', M: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const copy = res.json();
      expect(copy.product.id).toBe('skirt-olive');
      expect(copy.product.art).toBe(a.product.art);
      expect(copy.product.colorHex).toBe('#6b7a3a');
      expect(copy.product.published).toBe(false);
      expect(copy.photoCount).toBe(0);
      expect(
        copy.variants.map((v: { size: string; barcode: string; stock: number }) => [
          v.size,
          v.barcode,
          v.stock,
        ]),
      ).toEqual([['S', '77000001', 0]]);
      expect(copy.siblings.map((s: { id: string }) => s.id)).toContain(a.product.id);
    });

    it('lists with search by name, article and barcode, and the filters', async () => {
      const a = await create({ name: { ru: 'Кардиган Поисковый', en: 'Search cardigan' }, art: 'SRCH-1' });
      const hiddenIds = (await api('GET', '/api/admin/catalogue/products?hidden=1&limit=100'))
        .json()
        .rows.map((r: { id: string }) => r.id);
      expect(hiddenIds).toContain(a.product.id);
      for (const q of ['поисковый', 'SRCH-1', a.variants[0].barcode]) {
        const res = await api('GET', `/api/admin/catalogue/products?q=${encodeURIComponent(q)}`);
        expect(
          res.json().rows.map((r: { id: string }) => r.id),
          q,
        ).toEqual([a.product.id]);
      }
      const seeded = await insertProductGroup(t.database.db, { categorySlug: category }, [
        { size: 'S', stock: 0 },
      ]);
      const out = (await api('GET', '/api/admin/catalogue/products?inStock=0&limit=100')).json();
      expect(out.rows.map((r: { id: string }) => r.id)).toContain(seeded.id);
      const noPhoto = (await api('GET', '/api/admin/catalogue/products?noPhoto=1&limit=100')).json();
      expect(noPhoto.rows.map((r: { id: string }) => r.id)).toContain(a.product.id);
      expect(noPhoto.rows.map((r: { id: string }) => r.id)).not.toContain(seeded.id);
      const bad = await api('GET', '/api/admin/catalogue/products?limit=1000');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('limit');
    });
  });

  describe('stock', () => {
    it('refuses a change over a stock that moved, and queues the restock check when back from zero', async () => {
      const g = await insertProductGroup(t.database.db, { categorySlug: category }, [
        { size: 'M', stock: 0 },
      ]);
      const id = `${g.id}-M`;
      const stale = await api('PUT', `/api/admin/catalogue/variants/${id}/stock`, { stock: 5, was: 2 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.stock).toBe(0);
      const ok = await api('PUT', `/api/admin/catalogue/variants/${id}/stock`, { stock: 5, was: 0 });
      expect(ok.statusCode).toBe(200);
      const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, RESTOCK_CHECK_JOB));
      expect(queued.some((j) => (j.payload as { variantId?: string }).variantId === id)).toBe(true);
      const negative = await api('PUT', `/api/admin/catalogue/variants/${id}/stock`, { stock: -1, was: 5 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().field).toBe('stock');
    });
  });

  describe('bulk edits', () => {
    it('changes every selected product in one go', async () => {
      const a = await create({ price: 1_000_00 });
      const b = await create({ price: 2_000_00 });
      const res = await api('POST', '/api/admin/catalogue/products/bulk', {
        ids: [a.product.id, b.product.id],
        change: { kind: 'price-percent', percent: -10, sale: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await groupRow(a.product.id))?.price).toBe(900_00);
      expect((await groupRow(a.product.id))?.oldPrice).toBe(1_000_00);
      expect((await groupRow(b.product.id))?.price).toBe(1_800_00);
      const stock = await api('POST', '/api/admin/catalogue/products/bulk', {
        ids: [a.product.id],
        change: { kind: 'stock-set', stock: 4 },
      });
      expect(stock.statusCode).toBe(200);
      const variants = await t.database.db
        .select()
        .from(variantProducts)
        .where(eq(variantProducts.groupId, a.product.id));
      expect(variants.every((v) => v.stock === 4)).toBe(true);
      const flags = await api('POST', '/api/admin/catalogue/products/bulk', {
        ids: [a.product.id, b.product.id],
        change: { kind: 'flags', isBestseller: true },
      });
      expect(flags.statusCode).toBe(200);
      expect((await groupRow(b.product.id))?.isBestseller).toBe(true);
    });

    it('changes nothing when one product refuses the change', async () => {
      const a = await create({ price: 1_000_00 });
      const b = await create({ price: 1_000_00, oldPrice: 1_050_00 });
      const res = await api('POST', '/api/admin/catalogue/products/bulk', {
        ids: [a.product.id, b.product.id],
        change: { kind: 'price-percent', percent: 10, sale: false },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('change.price');
      expect((await groupRow(a.product.id))?.price).toBe(1_000_00);
      const missing = await api('POST', '/api/admin/catalogue/products/bulk', {
        ids: [a.product.id, 'no-such-product'],
        change: { kind: 'published', published: true },
      });
      expect(missing.statusCode).toBe(404);
      expect((await groupRow(a.product.id))?.published).toBe(false);
    });
  });

  describe('categories, collections and size tables', () => {
    it('creates a category under a parent with a transliterated slug, refuses a loop and a stale save', async () => {
      const parent = await api('POST', '/api/admin/catalogue/categories', {
        name: { ru: 'Верхняя одежда', en: '' },
        parentSlug: null,
      });
      expect(parent.statusCode, parent.body).toBe(201);
      expect(parent.json().category.slug).toBe('verkhnyaya-odezhda');
      const child = await api('POST', '/api/admin/catalogue/categories', {
        name: { ru: 'Пальто', en: 'Coats' },
        parentSlug: 'verkhnyaya-odezhda',
      });
      expect(child.json().category.slug).toBe('coats');
      const loop = await api('PUT', '/api/admin/catalogue/categories/verkhnyaya-odezhda', {
        version: 1,
        name: { ru: 'Верхняя одежда', en: 'Outerwear' },
        parentSlug: 'coats',
        position: 1,
      });
      expect(loop.statusCode).toBe(400);
      expect(loop.json().field).toBe('parentSlug');
      const ok = await api('PUT', '/api/admin/catalogue/categories/verkhnyaya-odezhda', {
        version: 1,
        name: { ru: 'Верхняя одежда', en: 'Outerwear' },
        parentSlug: null,
        position: 1,
      });
      expect(ok.statusCode).toBe(200);
      const stale = await api('PUT', '/api/admin/catalogue/categories/verkhnyaya-odezhda', {
        version: 1,
        name: { ru: 'Старое', en: '' },
        parentSlug: null,
        position: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.name.en).toBe('Outerwear');
    });

    it('refuses to delete a category in use, naming the products and the count', async () => {
      const cat = (
        await api('POST', '/api/admin/catalogue/categories', {
          name: { ru: 'Брюки', en: 'Trousers' },
          parentSlug: null,
        })
      ).json().category;
      const a = await create({ categorySlug: cat.slug });
      const res = await api('DELETE', `/api/admin/catalogue/categories/${cat.slug}?version=1`);
      expect(res.statusCode).toBe(409);
      expect(res.json().usedBy.count).toBe(1);
      expect(res.json().usedBy.products[0].id).toBe(a.product.id);
      const empty = (
        await api('POST', '/api/admin/catalogue/categories', {
          name: { ru: 'Пустая', en: '' },
          parentSlug: null,
        })
      ).json().category;
      expect(
        (await api('DELETE', `/api/admin/catalogue/categories/${empty.slug}?version=1`)).statusCode,
      ).toBe(200);
    });

    it('keeps a collection with its members in order', async () => {
      const a = await create();
      const b = await create();
      const res = await api('POST', '/api/admin/catalogue/collections', {
        name: { ru: 'Осень', en: 'Autumn' },
        description: { ru: 'Тёплое', en: 'Warm' },
        groupIds: [b.product.id, a.product.id],
      });
      expect(res.statusCode, res.body).toBe(201);
      const slug = res.json().collection.slug;
      expect(slug).toBe('autumn');
      expect(res.json().collection.groupIds).toEqual([b.product.id, a.product.id]);
      const bad = await api('PUT', `/api/admin/catalogue/collections/${slug}`, {
        version: 1,
        name: { ru: 'Осень', en: 'Autumn' },
        description: { ru: '', en: '' },
        position: 1,
        groupIds: ['no-such-product'],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('groupIds');
      const product = (await api('GET', `/api/admin/catalogue/products/${a.product.id}`)).json();
      expect(product.product.collectionSlugs).toEqual(['autumn']);
    });

    it('attaches a size table to a product and refuses to delete it while used', async () => {
      const res = await api('POST', '/api/admin/catalogue/size-tables', {
        title: { ru: 'Платья', en: 'Dresses' },
        items: [
          {
            name: { ru: 'Обхваты', en: 'Girths' },
            columns: ['RU', 'Грудь'],
            rows: [
              ['42', '84'],
              ['44', '88'],
            ],
            text: { ru: 'Измеряйте по телу', en: 'Measure on the body' },
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const table = res.json().sizeTable;
      const ragged = await api('PUT', `/api/admin/catalogue/size-tables/${table.id}`, {
        version: 1,
        title: { ru: 'Платья', en: 'Dresses' },
        items: [
          { name: { ru: '', en: '' }, columns: ['RU', 'Грудь'], rows: [['42']], text: { ru: '', en: '' } },
        ],
      });
      expect(ragged.statusCode).toBe(400);
      expect(ragged.json().field).toBe('items.0.rows.0');
      const a = await create({ sizeTableId: table.id });
      expect(a.product.sizeTableId).toBe(table.id);
      const refused = await api('DELETE', `/api/admin/catalogue/size-tables/${table.id}?version=1`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().usedBy).toMatchObject({ count: 1, products: [{ id: a.product.id }] });
      const unused = await insertSizeTable(t.database.db);
      expect(
        (await api('DELETE', `/api/admin/catalogue/size-tables/${unused.id}?version=1`)).statusCode,
      ).toBe(200);
    });
  });

  describe('who a product is for (the feeds audience)', () => {
    const googleItems = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/feeds/ru/google.xml' });
      expect(res.statusCode).toBe(200);
      const doc = new XMLParser({ isArray: (name) => name === 'item', parseTagValue: false }).parse(res.body);
      return new Map((doc.rss.channel.item as Record<string, string>[]).map((i) => [i['g:id'], i] as const));
    };
    const categoryRow = async (slug: string) =>
      (await t.database.db.select().from(categories).where(eq(categories.slug, slug)))[0];

    it("saves a category's and a product's age group and gender, shows them back, audits them, and the Google feed carries them", async () => {
      const made = await api('POST', '/api/admin/catalogue/categories', {
        name: { ru: 'Женщинам', en: 'For women' },
        parentSlug: null,
        ageGroup: '',
        gender: 'female',
      });
      expect(made.statusCode, made.body).toBe(201);
      const slug: string = made.json().category.slug;
      expect(made.json().category).toMatchObject({ ageGroup: null, gender: 'female' });
      const listed = (await api('GET', '/api/admin/catalogue/categories')).json().rows;
      expect(listed.find((r: { slug: string }) => r.slug === slug)).toMatchObject({
        ageGroup: null,
        gender: 'female',
      });

      const a = await create({ categorySlug: slug, published: true, ageGroup: 'kids', gender: null });
      const shown = (await api('GET', `/api/admin/catalogue/products/${a.product.id}`)).json();
      const [small, medium] = (shown.variants as { id: string }[]).map((v) => v.id);
      expect(shown.product).toMatchObject({ ageGroup: 'kids', gender: null });
      let items = await googleItems();
      // The product's own age group; its gender from the category.
      expect(items.get(String(small))).toMatchObject({ 'g:age_group': 'kids', 'g:gender': 'female' });

      const saved = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(shown),
        ageGroup: 'kids',
        gender: 'male',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().product).toMatchObject({ ageGroup: 'kids', gender: 'male', version: 2 });
      const [log] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, a.product.id), eq(auditLog.action, 'product.update')));
      expect(log?.before).toMatchObject({ gender: null });
      expect(log?.after).toMatchObject({ gender: 'male' });
      items = await googleItems();
      expect(items.get(String(medium))).toMatchObject({ 'g:age_group': 'kids', 'g:gender': 'male' });

      // Emptied: as the category again, which now says adults.
      const category = made.json().category;
      const changed = await api('PUT', `/api/admin/catalogue/categories/${slug}`, {
        version: category.version,
        name: category.name,
        parentSlug: null,
        position: category.position,
        ageGroup: 'adult',
        gender: 'female',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const [categoryLog] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, slug), eq(auditLog.action, 'category.update')));
      expect(categoryLog?.before).toMatchObject({ ageGroup: null });
      expect(categoryLog?.after).toMatchObject({ ageGroup: 'adult' });
      const back = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(saved.json()),
        ageGroup: '',
        gender: '',
      });
      expect(back.json().product).toMatchObject({ ageGroup: null, gender: null });
      items = await googleItems();
      expect(items.get(String(small))).toMatchObject({ 'g:age_group': 'adult', 'g:gender': 'female' });
    });

    it('refuses a value Google does not know with a Russian message naming the field in words, changing nothing', async () => {
      const cat = await insertCategory(t.database.db, { gender: 'male' });
      const refusedCategory = await api('PUT', `/api/admin/catalogue/categories/${cat.slug}`, {
        version: 1,
        name: cat.name,
        parentSlug: null,
        position: 1,
        ageGroup: 'teen',
        gender: 'male',
      });
      expect(refusedCategory.statusCode).toBe(400);
      expect(refusedCategory.json()).toMatchObject({
        field: 'ageGroup',
        message: 'Неверное значение поля «Возрастная группа»',
      });
      expect(await categoryRow(cat.slug)).toMatchObject({ ageGroup: null, gender: 'male', version: 1 });

      const a = await create({ gender: 'female' });
      const refused = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(a),
        gender: 'girls',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'gender', message: 'Неверное значение поля «Пол»' });
      expect(await groupRow(a.product.id)).toMatchObject({ gender: 'female', version: 1 });
      const english = await t.app.inject({
        method: 'POST',
        url: '/api/admin/catalogue/products?lang=en',
        headers: t.editor.headers as Record<string, string>,
        payload: buildProductInput({ categorySlug: category, ageGroup: 'teen' }),
      });
      expect(english.statusCode).toBe(400);
      expect(english.json().message).toBe('Invalid value of Age group');
    });
  });

  describe('the VAT rate of receipt items (DECISIONS 36)', () => {
    it("saves a category's rate and a product's own, shows them back and audits them; refuses a rate the acquirer does not take, changing nothing", async () => {
      const made = await api('POST', '/api/admin/catalogue/categories', {
        name: { ru: 'Детям', en: 'For kids' },
        parentSlug: null,
        vatRate: 'vat10',
      });
      expect(made.statusCode, made.body).toBe(201);
      const cat = made.json().category;
      expect(cat).toMatchObject({ vatRate: 'vat10' });
      const listed = (await api('GET', '/api/admin/catalogue/categories')).json().rows;
      expect(listed.find((r: { slug: string }) => r.slug === cat.slug)).toMatchObject({ vatRate: 'vat10' });

      const a = await create({ categorySlug: cat.slug, vatRate: '' });
      const shown = (await api('GET', `/api/admin/catalogue/products/${a.product.id}`)).json();
      expect(shown.product).toMatchObject({ vatRate: null });
      const saved = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(shown),
        vatRate: 'vat122',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().product).toMatchObject({ vatRate: 'vat122', version: 2 });
      const [log] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, a.product.id), eq(auditLog.action, 'product.update')));
      expect(log?.before).toMatchObject({ vatRate: null });
      expect(log?.after).toMatchObject({ vatRate: 'vat122' });

      const refused = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(saved.json()),
        vatRate: 'vat18',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        field: 'vatRate',
        message: 'Неверное значение поля «НДС в чеке»',
      });
      expect(await groupRow(a.product.id)).toMatchObject({ vatRate: 'vat122', version: 2 });

      const refusedCategory = await api('PUT', `/api/admin/catalogue/categories/${cat.slug}`, {
        version: cat.version,
        name: cat.name,
        parentSlug: null,
        position: cat.position,
        vatRate: '20%',
      });
      expect(refusedCategory.statusCode).toBe(400);
      expect(refusedCategory.json()).toMatchObject({ field: 'vatRate' });
      const [row] = await t.database.db.select().from(categories).where(eq(categories.slug, cat.slug));
      expect(row).toMatchObject({ vatRate: 'vat10', version: cat.version });
    });
  });

  describe('customs data for parcels abroad (docs/product/shipping-desk.md)', () => {
    it("saves a category's HS code and country and a product's own, as staff type them; refuses a malformed one naming the field, changing nothing", async () => {
      const made = await api('POST', '/api/admin/catalogue/categories', {
        name: { ru: 'Платья на выезд', en: 'Travel dresses' },
        parentSlug: null,
        hsCode: '6204.42 00',
        originCountry: 'ru',
      });
      expect(made.statusCode, made.body).toBe(201);
      const cat = made.json().category;
      expect(cat).toMatchObject({ hsCode: '62044200', originCountry: 'RU' });

      const a = await create({ categorySlug: cat.slug });
      const shown = (await api('GET', `/api/admin/catalogue/products/${a.product.id}`)).json();
      expect(shown.product).toMatchObject({ hsCode: null, originCountry: null });
      const listed = (await api('GET', '/api/admin/catalogue/categories')).json().rows;
      expect(listed.find((r: { slug: string }) => r.slug === cat.slug)).toMatchObject({
        hsCode: '62044200',
        originCountry: 'RU',
      });
      const saved = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(shown),
        originCountry: 'tr',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().product).toMatchObject({ hsCode: null, originCountry: 'TR' });

      const refused = await api('PUT', `/api/admin/catalogue/products/${a.product.id}`, {
        ...editable(saved.json()),
        hsCode: '62-04',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        field: 'hsCode',
        message: 'Неверное значение поля «Код ТН ВЭД»',
      });
      expect(await groupRow(a.product.id)).toMatchObject({ hsCode: null, originCountry: 'TR' });

      // Emptied, the category's value stands again; a category without the fields keeps what it has.
      const cleared = await api('PUT', `/api/admin/catalogue/products/${saved.json().product.id}`, {
        ...editable(saved.json()),
        originCountry: '',
      });
      expect(cleared.json().product).toMatchObject({ originCountry: null });
      const untouched = await api('PUT', `/api/admin/catalogue/categories/${cat.slug}`, {
        version: cat.version,
        name: cat.name,
        parentSlug: null,
        position: cat.position,
      });
      expect(untouched.statusCode, untouched.body).toBe(200);
      const [row] = await t.database.db.select().from(categories).where(eq(categories.slug, cat.slug));
      expect(row).toMatchObject({ hsCode: '62044200', originCountry: 'RU' });
    });
  });
});
