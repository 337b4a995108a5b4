import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../core/db/schema/index.ts';
import { NETWORK_CAPS } from '../../core/orders/order.rules.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';
import { engines } from '../setup/test-database.ts';
import { orderPayload } from './support/shop-client.ts';

/**
 * docs/decisions/0018: one network (an IPv4 /24, an IPv6 /64) that varies phones, browsers and
 * addresses holds at most 5 % of the catalogue's in-stock units in unpaid orders; a shopper of
 * another network is not affected, and a busy network's orders hold their stock for less time.
 */
describe.each(engines)('what one network may hold on %s', (engine) => {
  const now = new Date('2026-11-20T09:00:00Z');
  let t: TestApp;
  let variants: string[];
  const CATALOGUE = 60 * 50;
  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db);
    const { slug } = await insertCategory(t.database.db);
    variants = [];
    for (let g = 0; g < 20; g++) {
      const group = await insertProductGroup(t.database.db, { categorySlug: slug }, [
        { size: 'S', stock: 50 },
        { size: 'M', stock: 50 },
        { size: 'L', stock: 50 },
      ]);
      variants.push(`${group.id}-S`, `${group.id}-M`, `${group.id}-L`);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const place = (ip: string, n: number, lines: { _id: string; count: number }[], draft = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment${draft ? '?draft=true' : ''}`,
      remoteAddress: ip,
      headers: { cookie: `shi-device=attacker-device-${engine}-${ip}-${n}` },
      payload: orderPayload(lines, { phone: `7995${String(n).padStart(7, '0')}` }),
    });
  const heldFrom = async (prefix: string) => {
    const [row] = await t.database.db
      .select({ units: sql<number>`coalesce(sum(${orderLines.reserved}), 0)::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderNumber, orders.number))
      .where(
        and(
          sql`${orders.consentIp} like ${`${prefix}%`}`,
          inArray(orders.status, ['new', 'awaiting_payment']),
        ),
      );
    return Number(row?.units ?? 0);
  };

  it('keeps the unpaid drafts of one /24, with fresh phones and browsers, at 5 % of the in-stock units', async () => {
    const statuses: number[] = [];
    const messages = new Set<string>();
    // Forty drafts from four neighbouring addresses, each a new phone and browser, each asking 3
    // units of 8 sizes (the caps of one browser and phone allow 10 of each).
    for (let n = 0; n < 40; n++) {
      const lines = Array.from({ length: 8 }, (_, k) => ({
        _id: variants[(n * 8 + k) % 60] as string,
        count: 3,
      }));
      const res = await place(`203.0.113.${(n % 4) + 1}`, n, lines);
      statuses.push(res.statusCode);
      if (res.statusCode === 409) messages.add(res.json().message);
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect([...messages].some((m) => /вашей сети/.test(m))).toBe(true);
    const held = await heldFrom('203.0.113.');
    expect(held).toBeLessThanOrEqual(CATALOGUE * NETWORK_CAPS.catalogueShare);
    expect(held).toBeGreaterThan(0);

    // A shopper of another network places two orders as usual.
    const first = await place('198.51.100.9', 1000, [{ _id: variants[0] as string, count: 2 }], false);
    const second = await place('198.51.100.9', 1001, [{ _id: variants[1] as string, count: 1 }], false);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
  });

  it('gives a busy network shorter holds, and an IPv6 /64 counts as one network', async () => {
    const ip6 = (k: number) => `2001:db8:7:1::${(k + 1).toString(16)}`;
    const answers = [];
    for (let k = 0; k < 3; k++) {
      answers.push(await place(ip6(k), 2000 + k, [{ _id: variants[59] as string, count: 1 }]));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const numbers = answers.map((a) => a.json().order.orderID as number);
    const rows = await t.database.db
      .select({ number: orders.number, expiresAt: orders.expiresAt })
      .from(orders)
      .where(inArray(orders.number, numbers));
    const minutes = numbers.map(
      (n) => ((rows.find((r) => r.number === n)?.expiresAt.getTime() ?? 0) - now.getTime()) / 60_000,
    );
    // The first two hold for the shop's 20 minutes; the third, from a network holding two, for 10.
    expect(minutes).toEqual([20, 20, NETWORK_CAPS.busyHoldMinutes]);
    // Variant 59 has at most 50 units: the /64 may hold max(2, 10 %) ≤ 5 of them, so 3 more are refused.
    const fourth = await place(ip6(9), 2009, [{ _id: variants[59] as string, count: 3 }]);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toMatch(/вашей сети/);
  });
});
