import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../core/db/schema/index.ts';
import { APP_CONSENT_VERSION } from '../../core/orders/place-order/record-order.step.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

/**
 * Issue 35, the brand's app: an app built to the spec's wire shapes (DECISIONS 28) sends the order
 * payload of checkout.md §3 field for field, with the empty values a form sends for what the shopper
 * did not fill. It has no `consent` field: the app's pay button carries the agreement text
 * (checkout.md §2), so the order is the consent, recorded as the app's. The tags-fetch renditions
 * are in server/routes/admin/in-place.routes.test.ts, the unknown addresses in server/api-not-found.test.ts.
 */
describe.each(engines)('the brand app’s order on %s', (engine) => {
  let t: TestApp;
  const now = new Date('2026-11-20T09:00:00Z');
  let variant: string;

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db);
    const { slug } = await insertCategory(t.database.db);
    const group = await insertProductGroup(t.database.db, { categorySlug: slug, price: 9_990_00 }, [
      { size: 'S', stock: 10 },
    ]);
    variant = `${group.id}-S`;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every field checkout.md §3 names for the order payload, as an app's pickup order fills them. */
  const specPayload = (phone: string) => ({
    get: 'self',
    getWay: 'self',
    address: '',
    payment: 'online',
    fullName: 'Соколова Мария',
    pvzID: null,
    cityID: null,
    email: 'maria@example.ru',
    phone,
    comment: '',
    pvz: null,
    deliveryPrice: 0,
    city: 'Москва',
    deliveryMaxDate: null,
    deliveryDate: null,
    deliveryTime: null,
    room: '',
    postal: '',
    country: 'Россия',
    countryId: 1,
    products: [{ _id: variant, count: 1 }],
    summ: 9_990,
    profileId: null,
    profileAddress: null,
    outMKAD: false,
    promocode: '',
    promocodeDiscount: 0,
    promocodeDiscountPrice: 0,
    boxberryItem: null,
    key: `app-order-${phone}`,
    currency: 'RUB',
    tinkoffCreditStatus: null,
    tinkoffCreditType: '',
    hePayMode: false,
    hePayPhone: '',
  });

  const place = (body: unknown, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/payment', payload: body as object, remoteAddress: ip });

  it('places the spec’s payload without `consent` and records the consent as given in the app', async () => {
    const res = await place(specPayload('79970000001'), '10.9.0.1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.result).toBe(true);
    expect(body.order.orderID).toEqual(expect.any(Number));
    const record = (await t.services.orders.getOrderRecord(body.order.orderID))?.order;
    expect(record).toMatchObject({
      consentChannel: 'app',
      consentVersion: APP_CONSENT_VERSION,
      consentAt: now,
      consentIp: '10.9.0.1',
    });
  });

  it('still refuses the site’s box left empty, and changes nothing', async () => {
    const count = async () => (await t.database.db.select({ n: orders.number }).from(orders)).length;
    const before = await count();
    const res = await place({ ...specPayload('79970000002'), consent: false }, '10.9.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: false, field: 'consent' });
    expect(await count()).toBe(before);
  });
});
