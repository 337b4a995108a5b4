import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartReminders, orderLines, orders } from '../../core/db/schema/index.ts';
import { HOLD_CAPS, NETWORK_CAPS } from '../../core/orders/order.rules.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';
import { hostileSuite } from './support/hostile-describe.ts';
import { catalogueEndpoints, orderEndpoints } from './support/hostile-endpoints.ts';
import { orderPayload } from './support/shop-client.ts';

hostileSuite('hostile input: orders and payments', orderEndpoints);
hostileSuite('hostile input: catalogue, settings, health, engagement', catalogueEndpoints);

/**
 * DECISIONS 32, docs/decisions/0018: one attacker address that varies phones, browser ids, counts and
 * drafts never holds more than the address's ceiling, and the promo and reminder endpoints meet
 * their limits; every refusal is a clear 4xx that stores nothing.
 */
describe('hostile input: one address against the order, promo and reminder limits', () => {
  const ATTACKER = '203.0.113.7';
  let t: TestApp;
  let variant: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await insertSettings(t.database.db);
    const { slug } = await insertCategory(t.database.db);
    const group = await insertProductGroup(t.database.db, { categorySlug: slug }, [
      { size: 'S', stock: 500 },
    ]);
    variant = `${group.id}-S`;
  });
  afterAll(async () => {
    await t.close();
  });

  // Its network (203.0.113.0/24) may also hold at most 5 % of the catalogue's 500 units
  // (docs/decisions/0018): 25, under the address's 30 of a size.
  it('never lets one address hold more than 10 unpaid orders, 30 units of a size or its network share', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          phone: fc.stringMatching(/^7\d{10}$/),
          device: fc.option(fc.stringMatching(/^[\w-]{16,40}$/)),
          count: fc.integer({ min: 1, max: 12 }),
          draft: fc.boolean(),
          payment: fc.constantFrom('online', 'dolyame', 'split'),
        }),
        async (c) => {
          const before = await t.database.db.$count(orders);
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/payment${c.draft ? '?draft=true' : ''}`,
            remoteAddress: ATTACKER,
            headers: c.device ? { cookie: `shi-device=${c.device}` } : {},
            payload: orderPayload([{ _id: variant, count: c.count }], { phone: c.phone, payment: c.payment }),
          });
          statuses.add(res.statusCode);
          expect([200, 409, 429], res.body).toContain(res.statusCode);
          if (res.statusCode !== 200) expect(await t.database.db.$count(orders)).toBe(before);
          const held = await t.database.db
            .select({ number: orders.number, units: sql<number>`sum(${orderLines.reserved})::int` })
            .from(orders)
            .innerJoin(orderLines, eq(orderLines.orderNumber, orders.number))
            .where(and(eq(orders.consentIp, ATTACKER), inArray(orders.status, ['new', 'awaiting_payment'])))
            .groupBy(orders.number);
          expect(held.length).toBeLessThanOrEqual(HOLD_CAPS.addressOrders);
          const units = held.reduce((n, h) => n + h.units, 0);
          expect(units).toBeLessThanOrEqual(HOLD_CAPS.addressUnitsPerVariant);
          expect(units).toBeLessThanOrEqual(
            Math.max(NETWORK_CAPS.catalogueMin, 500 * NETWORK_CAPS.catalogueShare),
          );
        },
      ),
      { numRuns: 80 },
    );
    expect(statuses.has(409)).toBe(true);
  }, 120_000);

  it('refuses promo guesses and reminder sign-ups past their limits, and stores no reminder then', async () => {
    const guesses = fc.sample(fc.stringMatching(/^[A-Z0-9]{4,12}$/), 40);
    const answers = [];
    for (const code of guesses) {
      answers.push(
        await t.app.inject({
          method: 'GET',
          url: `/api/promocodes/check?code=${code}&phone=79990000000`,
          remoteAddress: ATTACKER,
        }),
      );
    }
    expect(answers.slice(0, 30).every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.slice(30).every((a) => a.statusCode === 429)).toBe(true);
    const phones = fc.sample(fc.stringMatching(/^7\d{10}$/), 30);
    const signUps = [];
    for (const phone of phones) {
      signUps.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/notification/add',
          remoteAddress: ATTACKER,
          payload: { phone, products: [variant] },
        }),
      );
    }
    expect(signUps.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect(await t.database.db.$count(cartReminders)).toBeLessThanOrEqual(20);
  });
});
