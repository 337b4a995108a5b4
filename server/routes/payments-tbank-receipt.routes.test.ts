import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { auditLog, categories, productGroups, settings } from '../../core/db/schema/index.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { type InsertedStaff, insertStaff, SHOP_ORIGIN } from '../../tests/factories/staff.ts';
import { startTbankFake, type TbankFake } from '../../tests/fakes/tbank-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

// Receipts of a public shop (DECISIONS 36, docs/product/receipts.md): the taxation system and VAT set
// in the back office reach T-Bank's Init item by item, the payment at checkout is a full prepayment,
// and the dashboard warns while nothing is set.
describe.each(engines)('receipt settings down to T-Bank on %s', (engine) => {
  let fake: TbankFake;
  let database: TestDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: InsertedStaff;
  let manager: InsertedStaff;

  beforeAll(async () => {
    fake = await startTbankFake();
    database = await createTestDatabase(engine);
    // Listening beyond this machine makes the shop public; sandbox SMS and e-mail as a staging shop.
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
      LOG_LEVEL: 'silent',
      HOST: '0.0.0.0',
      PUBLIC_URL: SHOP_ORIGIN,
      SANDBOX_ON_PUBLIC: 'allow',
      AUTH_SECRET: 'receipt-test-secret-0123456789',
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: fake.terminalKey,
      TBANK_PASSWORD: fake.password,
      TBANK_API_URL: fake.apiUrl,
    });
    expect(config.publicShop).toBe(true);
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    services = createServices({ db: database.db, providers, clock: () => new Date('2026-11-20T09:00:00Z') });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    await insertSettings(database.db);
    admin = await insertStaff(database.db, { role: 'admin' });
    manager = await insertStaff(database.db, { role: 'manager' });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await fake.close();
  });

  const storedMain = async () =>
    (await database.db.select().from(settings).where(eq(settings.id, 'main')))[0]?.data as Record<
      string,
      unknown
    >;
  const stamp = async () =>
    (await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers }))
      .json()
      .documents.find((d: { id: string }) => d.id === 'main').updatedAt as string;
  const saveReceipt = async (receipt: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/admin/settings/main',
      headers: admin.headers,
      payload: { updatedAt: await stamp(), values: { receipt } },
    });
  const dashboard = async (staff: InsertedStaff) =>
    (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: staff.headers })).json();

  it('warns on the dashboard while the receipt settings are unset, and refuses an unknown system or rate', async () => {
    expect((await storedMain()).receipt).toBeUndefined();
    expect((await dashboard(admin)).receiptSettingsMissing).toBe(true);
    expect((await dashboard(manager)).receiptSettingsMissing).toBe(true);

    for (const [receipt, field] of [
      [{ taxation: 'usn', vat: 'vat22' }, 'receipt.taxation'],
      [{ taxation: 'envd', vat: 'vat22' }, 'receipt.taxation'],
      [{ taxation: 'osn', vat: 'vat18' }, 'receipt.vat'],
      [{ taxation: 'osn', vat: '20' }, 'receipt.vat'],
    ] as const) {
      const res = await saveReceipt(receipt);
      expect(res.statusCode, JSON.stringify(receipt)).toBe(400);
      expect(res.json().field).toBe(field);
      expect((await storedMain()).receipt).toBeUndefined();
    }
    expect((await dashboard(admin)).receiptSettingsMissing).toBe(true);
  });

  it('sends Taxation from the settings and each item’s Tax from its product, else its category, delivery with the shop’s rate, all as full prepayment', async () => {
    const res = await saveReceipt({ taxation: 'osn', vat: 'vat22' });
    expect(res.statusCode, res.body).toBe(200);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, 'main'), eq(auditLog.action, 'settings.update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorId: admin.userId,
      after: { receipt: { taxation: 'osn', vat: 'vat22' } },
    });
    // Set, the warning goes.
    expect((await dashboard(admin)).receiptSettingsMissing).toBe(false);

    // Children's clothes at 10 %, one product of it at 22/122 of its own.
    const kids = await insertCategory(database.db);
    await database.db.update(categories).set({ vatRate: 'vat10' }).where(eq(categories.slug, kids.slug));
    const dress = await insertProductGroup(database.db, { categorySlug: kids.slug, price: 3_000_00 }, [
      { size: 'S', stock: 5 },
    ]);
    const cap = await insertProductGroup(database.db, { categorySlug: kids.slug, price: 1_000_00 }, [
      { size: 'S', stock: 5 },
    ]);
    await database.db.update(productGroups).set({ vatRate: 'vat122' }).where(eq(productGroups.id, cap.id));

    const placed = await app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: '10.9.3.1',
      payload: {
        products: [
          { _id: `${dress.id}-S`, count: 2 },
          { _id: `${cap.id}-S`, count: 1 },
        ],
        getWay: 'delivery-sdek',
        cityID: 137,
        city: 'Санкт-Петербург',
        address: 'Невский проспект, 10',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone: '79970000001',
        email: 'anna@example.ru',
        consent: true,
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const init = fake.calls.filter((c) => c.method === 'Init').at(-1)?.body as {
      Amount: number;
      Receipt: {
        Taxation: string;
        FfdVersion: string;
        Items: Record<string, unknown>[];
      };
    };
    expect(init.Receipt.Taxation).toBe('osn');
    expect(init.Receipt.FfdVersion).toBe('1.2');
    const items = init.Receipt.Items.map((i) => [
      i.Name,
      i.Quantity,
      i.Tax,
      i.PaymentMethod,
      i.PaymentObject,
    ]);
    expect(items).toEqual([
      [dress.name.ru, 2, 'vat10', 'full_prepayment', 'commodity'],
      [cap.name.ru, 1, 'vat122', 'full_prepayment', 'commodity'],
      ['Доставка', 1, 'vat22', 'full_prepayment', 'service'],
    ]);
    expect(init.Receipt.Items.reduce((s, i) => s + Number(i.Amount), 0)).toBe(init.Amount);
  });
});
