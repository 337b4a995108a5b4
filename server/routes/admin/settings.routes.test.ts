import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, settings } from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('back office settings on %s', (engine) => {
  const t = useStaffApp(engine, ['admin', 'manager', 'editor'], { settings: true });

  const call = t.call;
  const stampOf = async (id: string) =>
    (await call('GET', '/api/admin/settings')).json().documents.find((d: { id: string }) => d.id === id)
      .updatedAt as string;
  const stored = async (id: string) =>
    (await t.database.db.select().from(settings).where(eq(settings.id, id)))[0]?.data as Record<
      string,
      unknown
    >;

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/settings')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/settings', undefined, t.manager)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/settings', undefined, t.editor)).statusCode).toBe(403);
    const res = await call(
      'PUT',
      '/api/admin/settings/main',
      { updatedAt: await stampOf('main'), values: { freeDeliveryMin: 1 } },
      t.editor,
    );
    expect(res.statusCode).toBe(403);
    expect((await stored('main')).freeDeliveryMin).toBe(10_000_00);
  });

  it('saves one group, records it, and the storefront settings show it at once', async () => {
    expect((await t.services.settings.getShopSettings()).main.freeDeliveryMin).toBe(10_000_00);
    const res = await call('PUT', '/api/admin/settings/main', {
      updatedAt: await stampOf('main'),
      values: {
        freeDeliveryMin: 7_500_00,
        holdCaps: {
          orders: 2,
          unitsPerVariant: 5,
          addressOrders: 8,
          addressUnitsPerVariant: 20,
          tryOnItems: 6,
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().record.document.freeDeliveryMin).toBe(7_500_00);
    expect((await t.services.settings.getShopSettings()).main.freeDeliveryMin).toBe(7_500_00);
    expect((await t.services.settings.getShopSettings()).main.holdCaps?.tryOnItems).toBe(6);
    // Untouched fields stay.
    expect((await stored('main')).englishEnabled).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'main')));
    expect(entry).toMatchObject({ action: 'settings.update', actorId: t.admin.userId });
    expect(entry?.before).toMatchObject({ freeDeliveryMin: 10_000_00, holdCaps: null });
    expect(entry?.after).toMatchObject({ freeDeliveryMin: 7_500_00 });
  });

  it.each([
    ['main', { freeDeliveryMin: -1 }, 'freeDeliveryMin'],
    ['main', { freeDeliveryMin: 'free' }, 'freeDeliveryMin'],
    ['main', { orderHoldMinutes: { online: 2, decision: 60 } }, 'orderHoldMinutes.online'],
    [
      'main',
      {
        holdCaps: {
          orders: 0,
          unitsPerVariant: 5,
          addressOrders: 8,
          addressUnitsPerVariant: 20,
          tryOnItems: 6,
        },
      },
      'holdCaps.orders',
    ],
    ['main', { englishDisabledGetWays: ['teleport'] }, 'englishDisabledGetWays.0'],
    ['main', { payments: { split: 'yes', dolyame: true, tinkoff: true, hepay: true } }, 'payments.split'],
    ['main', { noSuchThing: 1 }, 'noSuchThing'],
    ['main', { feeds: { preorderDays: 0 } }, 'feeds.preorderDays'],
    ['main', { feeds: { preorderDays: 2.5 } }, 'feeds.preorderDays'],
    ['main', { feeds: { vendor: 'Б'.repeat(121) } }, 'feeds.vendor'],
    ['ui', { moscowDeliveryPrice: 1.5 }, 'moscowDeliveryPrice'],
    ['ui', { moscowTryDeliveryOutMkadPrice: -100 }, 'moscowTryDeliveryOutMkadPrice'],
    ['ui', { header: { menu: [{ name: { ru: 'x', en: 'x' }, path: '' }] } }, 'header.menu.0.path'],
    ['contacts', { phone: 5 }, 'phone'],
  ])('refuses a bad %s value %o naming %s, changing nothing', async (id, values, field) => {
    const before = await stored(id);
    const res = await call('PUT', `/api/admin/settings/${id}`, { updatedAt: await stampOf(id), values });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await stored(id)).toEqual(before);
  });

  it("saves the feeds' brand and pre-order days; both feeds state them at once", async () => {
    const category = await insertCategory(t.database.db);
    const g = await insertProductGroup(t.database.db, { categorySlug: category.slug }, [
      { size: 'M', stock: 0, preorder: true },
    ]);
    const res = await call('PUT', '/api/admin/settings/main', {
      updatedAt: await stampOf('main'),
      values: { feeds: { vendor: 'Ателье «Север»', preorderDays: 45 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().record.document.feeds).toEqual({ vendor: 'Ателье «Север»', preorderDays: 45 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, 'main'), eq(auditLog.action, 'settings.update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.after).toEqual({ feeds: { vendor: 'Ателье «Север»', preorderDays: 45 } });

    const yml = (await t.app.inject({ method: 'GET', url: '/feeds/ru/yml.xml' })).body;
    expect(yml).toContain('<vendor>Ателье «Север»</vendor>');
    const google = (await t.app.inject({ method: 'GET', url: '/feeds/ru/google.xml' })).body;
    const item = google.split('<item>').find((i) => i.includes(`<g:item_group_id>${g.id}<`)) ?? '';
    expect(item).toContain('<g:brand>Ателье «Север»</g:brand>');
    // The start of the day 45 days after the app's clock (20 November 2026), Moscow time.
    expect(item).toContain('<g:availability_date>2027-01-04T00:00+03:00</g:availability_date>');
  });

  it('refuses a stale save with the newer document', async () => {
    const shown = await stampOf('contacts');
    const first = await call('PUT', '/api/admin/settings/contacts', {
      updatedAt: shown,
      values: { phone: '+7 (495) 111-22-33' },
    });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', '/api/admin/settings/contacts', {
      updatedAt: shown,
      values: { phone: '+7 (495) 999-99-99' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().current.document.phone).toBe('+7 (495) 111-22-33');
    expect((await stored('contacts')).phone).toBe('+7 (495) 111-22-33');
  });

  it('refuses an unknown document', async () => {
    const res = await call('PUT', '/api/admin/settings/secret', {
      updatedAt: await stampOf('main'),
      values: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('id');
  });
});
