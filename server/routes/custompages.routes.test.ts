import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customPageCategories, looks } from '../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { type InsertedStaff, insertShopperSession, SHOP_ORIGIN } from '../../tests/factories/staff.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { useStaffApp } from '../../tests/support/staff-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(engines)('custom pages and looks on %s', (engine) => {
  const t = useStaffApp(engine, ['editor', 'admin', 'manager'], {
    seed: async () => {
      shopperCookie = (await insertShopperSession(t.database.db)).cookie;
      await insertCategory(t.database.db, { slug: 'dresses' });
      dressId = (await insertProductGroup(t.database.db, { categorySlug: 'dresses' })).id;
      bagId = (await insertProductGroup(t.database.db, { categorySlug: 'dresses' })).id;
    },
  });
  let shopperCookie: string;
  let dressId: string;
  let bagId: string;

  const call = (method: Method, url: string, body?: object, staff: InsertedStaff | null = t.editor) =>
    t.app.inject({
      method,
      url,
      headers: staff ? staff.headers : { origin: SHOP_ORIGIN },
      ...(body ? { payload: body } : {}),
    });

  /** The audit entries of `action` on the record `entityId`. */
  const auditOf = (action: string, entityId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
  /** Each call is refused to a guest (401), and to a signed-in shopper and a manager (403). */
  const expectRefusedToOthers = async (calls: [Method, string, object | undefined][]) => {
    for (const [method, url, body] of calls) {
      expect((await call(method, url, body, null)).statusCode, `${method} ${url} guest`).toBe(401);
      const shopper = await t.app.inject({
        method,
        url,
        headers: { origin: SHOP_ORIGIN, cookie: shopperCookie },
        ...(body ? { payload: body } : {}),
      });
      expect(shopper.statusCode, `${method} ${url} shopper`).toBe(403);
      expect((await call(method, url, body, t.manager)).statusCode, `${method} ${url} manager`).toBe(403);
    }
  };

  const categoryRows = () => t.database.db.select().from(customPageCategories);
  const lookRows = () => t.database.db.select().from(looks);

  describe('categories', () => {
    it('creates a category: the slug by transliteration, empty sections, the next index, audited', async () => {
      const res = await call('POST', '/api/custompages/categories/create', {
        name: 'Летние образы',
        sections: [],
        date: '2020-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ name: 'Летние образы', slug: 'letnie-obrazy', sections: [], index: 1 });
      // The server's clock, not the browser's date.
      expect(new Date(data.date).getFullYear()).toBeGreaterThan(2020);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'page-category'), eq(auditLog.entityId, data._id)));
      expect(entry).toMatchObject({ action: 'page-category.create', actorId: t.editor.userId });

      const second = (
        await call('POST', '/api/custompages/categories/create', { name: 'Летние образы' })
      ).json().data;
      expect(second).toMatchObject({ slug: 'letnie-obrazy-2', index: 2 });
      const named = await call('POST', '/api/custompages/categories/create', {}, t.admin);
      expect(named.statusCode).toBe(201);
      expect(named.json().data).toMatchObject({ name: 'Категория', slug: 'kategoriya' });
    });

    it('lists categories by index for staff, in either direction', async () => {
      const res = await call('GET', '/api/custompages/categories?sort=index:1');
      expect(res.statusCode).toBe(200);
      const indexes = res.json().map((c: { index: number }) => c.index);
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
      const down = (await call('GET', '/api/custompages/categories?sort=index:-1')).json();
      expect(down.map((c: { index: number }) => c.index)).toEqual([...indexes].reverse());
      expect((await call('GET', '/api/custompages/categories?sort=name:1')).statusCode).toBe(400);
    });

    it.each([
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Ok', slug: 'Bad Slug' }, 'slug'],
      [{ name: 'Ok', sections: 'no' }, 'sections'],
    ])('refuses %o naming the field and stores nothing', async (body, field) => {
      const before = (await categoryRows()).length;
      const res = await call('POST', '/api/custompages/categories/create', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      expect(await categoryRows()).toHaveLength(before);
    });

    it('refuses a slug another category holds', async () => {
      const res = await call('POST', '/api/custompages/categories/create', {
        name: 'Другая',
        slug: 'letnie-obrazy',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().field).toBe('slug');
    });

    it('updates the full category; a stale copy answers 409 with the newer one', async () => {
      const [first] = (await call('GET', '/api/custompages/categories')).json();
      const res = await call('POST', `/api/custompages/categories/update/${first._id}`, {
        ...first,
        name: 'Осень',
        slug: 'osen',
        sections: ['Пальто'],
        index: 7,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Осень', slug: 'osen', sections: ['Пальто'], index: 7 });
      const stale = await call('POST', `/api/custompages/categories/update/${first._id}`, {
        ...first,
        name: 'Зима',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ name: 'Осень' });
      const [row] = await t.database.db
        .select()
        .from(customPageCategories)
        .where(eq(customPageCategories.id, first._id));
      expect(row?.name).toBe('Осень');
      const [entry] = await auditOf('page-category.update', first._id);
      expect(entry?.before).toMatchObject({ name: 'Летние образы' });
      expect(entry?.after).toMatchObject({ name: 'Осень' });
    });

    it('updates every category at once in parallel', async () => {
      const list = (await call('GET', '/api/custompages/categories')).json();
      const answers = await Promise.all(
        list.map((c: { _id: string; index: number }, i: number) =>
          call('POST', `/api/custompages/categories/update/${c._id}`, { ...c, index: 10 + i }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(list.map(() => 200));
      const after = (await call('GET', '/api/custompages/categories')).json();
      expect(after.map((c: { index: number }) => c.index)).toEqual(
        list.map((_: unknown, i: number) => 10 + i),
      );
    });

    it('deletes a category, audited; an unknown one answers 404', async () => {
      const [first] = (await call('GET', '/api/custompages/categories')).json();
      const res = await call('DELETE', `/api/custompages/categories/${first._id}`);
      expect(res.statusCode).toBe(200);
      expect((await categoryRows()).some((r) => r.id === first._id)).toBe(false);
      const [entry] = await auditOf('page-category.delete', first._id);
      expect(entry?.before).toMatchObject({ _id: first._id });
      expect((await call('DELETE', `/api/custompages/categories/${first._id}`)).statusCode).toBe(404);
    });

    it('refuses guests (401), shoppers and managers (403) on every call and changes nothing', async () => {
      const [first] = (await call('GET', '/api/custompages/categories')).json();
      const before = await categoryRows();
      const calls: [Method, string, object | undefined][] = [
        ['GET', '/api/custompages/categories?sort=index:1', undefined],
        ['POST', '/api/custompages/categories/create', { name: 'Чужая' }],
        ['POST', `/api/custompages/categories/update/${first._id}`, { ...first, name: 'Чужая' }],
        ['DELETE', `/api/custompages/categories/${first._id}`, undefined],
      ];
      await expectRefusedToOthers(calls);
      // A change from another site is refused even with the editor's session.
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/api/custompages/categories/create',
        headers: { cookie: t.editor.headers.cookie, origin: 'https://evil.example' },
        payload: { name: 'Чужая' },
      });
      expect(foreign.statusCode).toBe(403);
      expect(await categoryRows()).toEqual(before);
    });
  });

  describe('looks', () => {
    it('creates looks last with the defaults, public in index order', async () => {
      const a = await call('POST', '/api/admin/looks', { src: '/media/looks/a.jpg' });
      expect(a.statusCode).toBe(201);
      expect(a.json().data).toMatchObject({ src: '/media/looks/a.jpg', tags: [], sections: [], index: 1 });
      const b = await call('POST', '/api/admin/looks', { src: '/media/looks/b.jpg' }, t.admin);
      expect(b.json().data.index).toBe(2);
      const list = await t.app.inject({ method: 'GET', url: '/api/custompages/instashop' });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((l: { src: string }) => l.src)).toEqual([
        '/media/looks/a.jpg',
        '/media/looks/b.jpg',
      ]);
      const [entry] = await auditOf('look.create', a.json().data._id);
      expect(entry?.actorId).toBe(t.editor.userId);
    });

    it('tags a look with the products it offers', async () => {
      const [look] = (await t.app.inject({ method: 'GET', url: '/api/custompages/instashop' })).json();
      const tags = [
        { left: 20, top: 30, name: 'Платье', productID: dressId, link: '', maxWidth: 120 },
        { left: 60, top: 70, name: 'Сумка', productID: bagId, link: `/products/${bagId}`, maxWidth: 0 },
      ];
      const res = await call('PUT', `/api/admin/looks/${look._id}`, {
        src: look.src,
        tags,
        updatedAt: look.updatedAt,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.tags).toEqual(tags);
      const stale = await call('PUT', `/api/admin/looks/${look._id}`, {
        src: look.src,
        tags: [],
        updatedAt: look.updatedAt,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current.tags).toEqual(tags);
    });

    it.each([
      [{ src: 'javascript:alert(1)' }, 'src'],
      [{ src: '/media/../etc/passwd' }, 'src'],
      [{ tags: [{ left: 101, top: 1, productID: 'x' }] }, 'tags.0.left'],
      [{ tags: [{ left: 1, top: 1, productID: 'x', maxWidth: 310 }] }, 'tags.0.maxWidth'],
      [{ tags: [{ left: 1, top: 1, productID: 'x', maxWidth: 15 }] }, 'tags.0.maxWidth'],
      [{ tags: [{ left: 1, top: 1, productID: 'x', link: 'javascript:alert(1)' }] }, 'tags.0.link'],
      [{ tags: [{ left: 1, top: 1, productID: 'no-such-product' }] }, 'tags.0.productID'],
    ])('refuses %o naming the field and changes nothing', async (patch, field) => {
      const [look] = (await t.app.inject({ method: 'GET', url: '/api/custompages/instashop' })).json();
      const res = await call('PUT', `/api/admin/looks/${look._id}`, {
        src: look.src,
        tags: look.tags,
        updatedAt: look.updatedAt,
        ...patch,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      const [again] = (await t.app.inject({ method: 'GET', url: '/api/custompages/instashop' })).json();
      expect(again).toEqual(look);
    });

    it('orders looks; an order that misses one is refused', async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/api/custompages/instashop' })).json();
      const ids = list.map((l: { _id: string }) => l._id).reverse();
      const res = await call('PUT', '/api/admin/looks-order', { ids });
      expect(res.statusCode).toBe(200);
      const after = (await t.app.inject({ method: 'GET', url: '/api/custompages/instashop' })).json();
      expect(after.map((l: { _id: string }) => l._id)).toEqual(ids);
      const partial = await call('PUT', '/api/admin/looks-order', { ids: ids.slice(1) });
      expect(partial.statusCode).toBe(400);
      expect(partial.json().field).toBe('ids');
    });

    it('refuses guests, shoppers and managers on every change and changes nothing', async () => {
      const [look] = (await t.app.inject({ method: 'GET', url: '/api/custompages/instashop' })).json();
      const before = await lookRows();
      const calls: [Method, string, object][] = [
        ['POST', '/api/admin/looks', { src: '/media/looks/c.jpg' }],
        ['PUT', `/api/admin/looks/${look._id}`, { src: look.src, tags: [], updatedAt: look.updatedAt }],
        ['DELETE', `/api/admin/looks/${look._id}`, { updatedAt: look.updatedAt }],
        ['PUT', '/api/admin/looks-order', { ids: before.map((r) => r.id) }],
      ];
      await expectRefusedToOthers(calls);
      expect(await lookRows()).toEqual(before);
    });

    it('deletes a look with its version, audited', async () => {
      const [look] = (await t.app.inject({ method: 'GET', url: '/api/custompages/instashop' })).json();
      const stale = await call('DELETE', `/api/admin/looks/${look._id}`, {
        updatedAt: '2000-01-01T00:00:00.000Z',
      });
      expect(stale.statusCode).toBe(409);
      const res = await call('DELETE', `/api/admin/looks/${look._id}`, { updatedAt: look.updatedAt });
      expect(res.statusCode).toBe(200);
      expect((await lookRows()).some((r) => r.id === look._id)).toBe(false);
      const [entry] = await auditOf('look.delete', look._id);
      expect(entry?.before).toMatchObject({ _id: look._id });
    });
  });
});
