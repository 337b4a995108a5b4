import { createHmac } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { orderEvents, orderLines, orders, variantProducts } from '../../core/db/schema/index.ts';
import {
  canTransition,
  type OrderStatus,
  PAYMENT_TIMEOUT_MINUTES,
  releasesStock,
} from '../../core/orders/order.rules.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../core/providers/payments/sandbox-payments.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';
import { engines } from '../setup/test-database.ts';
import { orderPayload } from './support/shop-client.ts';

const INITIAL = 6;
const SECRET = loadConfig({}).paymentSandboxSecret;

type Step =
  | { t: 'create'; count: number; draft: boolean }
  | { t: 'pay' | 'decline' | 'replay' | 'cancel'; i: number }
  | { t: 'expire' };
type Command = Step | { t: 'race'; a: Step; b: Step };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('create' as const),
      count: fc.integer({ min: 1, max: 3 }),
      draft: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('pay' as const), i: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('decline' as const), i: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('replay' as const), i: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cancel' as const), i: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.constant({ t: 'expire' as const }) },
);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: step },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('race' as const), a: step, b: step }) },
);

interface Tracked {
  number: number;
  paymentId: string | null;
  total: number;
  /** Notifications delivered so far, for replays. */
  sent: { body: Record<string, unknown>; signature: string }[];
}

/**
 * Issue 8: random sequences of order and payment events (create, paid and failed notifications,
 * replays, expiry, cancellation, and pairs of them at once) never reach a state the transition
 * table forbids, and never count stock twice: stock + units reserved by live orders == initial.
 */
describe.each(engines)('random order and payment events on %s', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:00:00Z').getTime();
  let category: string;
  let shopper = 0;
  let notice = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, () => new Date(now));
    await insertSettings(t.database.db);
    category = (await insertCategory(t.database.db)).slug;
  });
  afterAll(async () => {
    await t.close();
  });

  async function notify(order: Tracked, outcome: 'paid' | 'declined') {
    if (!order.paymentId) return;
    const body = {
      notificationId: `prop-${++notice}`,
      paymentId: order.paymentId,
      orderNumber: order.number,
      outcome,
      amount: order.total,
    };
    const signature = createHmac('sha256', SECRET).update(JSON.stringify(body)).digest('hex');
    order.sent.push({ body, signature });
    await deliver(body, signature);
  }
  async function deliver(body: Record<string, unknown>, signature: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function snapshot(variant: string, numbers: number[]) {
    const db = t.database.db;
    const [row] = await db.select().from(variantProducts).where(eq(variantProducts.id, variant));
    const list = numbers.length ? await db.select().from(orders).where(inArray(orders.number, numbers)) : [];
    const lines = numbers.length
      ? await db.select().from(orderLines).where(inArray(orderLines.orderNumber, numbers))
      : [];
    const events = numbers.length
      ? await db
          .select()
          .from(orderEvents)
          .where(inArray(orderEvents.orderNumber, numbers))
          .orderBy(orderEvents.id)
      : [];
    return { stock: row?.stock ?? -1, orders: list, lines, events };
  }

  async function checkInvariants(variant: string, tracked: Tracked[]) {
    const s = await snapshot(
      variant,
      tracked.map((o) => o.number),
    );
    expect(s.stock).toBeGreaterThanOrEqual(0);
    const held = s.lines
      .filter((l) => {
        const status = s.orders.find((o) => o.number === l.orderNumber)?.status as OrderStatus;
        return !releasesStock(status);
      })
      .reduce((n, l) => n + l.reserved, 0);
    expect(s.stock + held, 'stock + reserved by live orders').toBe(INITIAL);
    for (const order of s.orders) {
      // The recorded history is a path through the table from `new` to the current state; events
      // from a state to itself are notes (a refund needed, a wrong amount), not transitions.
      const history = s.events.filter((e) => e.orderNumber === order.number && e.fromStatus !== e.toStatus);
      expect(history[0]?.fromStatus ?? null).toBeNull();
      expect(history[0]?.toStatus).toBe('new');
      for (let k = 1; k < history.length; k++) {
        const from = history[k]?.fromStatus as OrderStatus;
        const to = history[k]?.toStatus as OrderStatus;
        expect(from, `order ${order.number} event ${k}`).toBe(history[k - 1]?.toStatus);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(true);
      }
      expect(order.status).toBe(history[history.length - 1]?.toStatus);
    }
    return s;
  }

  async function run(variant: string, tracked: Tracked[], cmd: Step) {
    const pickOrder = (i: number) => (tracked.length ? tracked[i % tracked.length] : undefined);
    switch (cmd.t) {
      case 'create': {
        const before = await snapshot(
          variant,
          tracked.map((o) => o.number),
        );
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/payment${cmd.draft ? '?draft=true' : ''}`,
          remoteAddress: `10.70.${Math.floor(++shopper / 250) % 250}.${(shopper % 250) + 1}`,
          // Each order its own shopper: DECISIONS 32 caps what one client's unpaid orders hold.
          payload: orderPayload([{ _id: variant, count: cmd.count }], {
            phone: `7993${String(shopper).padStart(7, '0')}`,
          }),
        });
        if (res.statusCode === 200) {
          const number = res.json().order.orderID as number;
          const [row] = await t.database.db.select().from(orders).where(eq(orders.number, number));
          tracked.push({ number, paymentId: row?.paymentId ?? null, total: row?.total ?? 0, sent: [] });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          // Refused only for lack of stock (when run alone; in a race the other may have taken it).
          expect(cmd.count).toBeGreaterThan(before.stock);
        }
        return;
      }
      case 'pay':
      case 'decline': {
        const order = pickOrder(cmd.i);
        if (order) await notify(order, cmd.t === 'pay' ? 'paid' : 'declined');
        return;
      }
      case 'replay': {
        const order = pickOrder(cmd.i);
        const last = order?.sent[order.sent.length - 1];
        if (last) await deliver(last.body, last.signature);
        return;
      }
      case 'cancel': {
        const order = pickOrder(cmd.i);
        if (order) await t.services.orders.cancelOrder(order.number, 'cancelled by an operator');
        return;
      }
      case 'expire': {
        now += (PAYMENT_TIMEOUT_MINUTES + 1) * 60_000;
        await t.services.orders.expireOverdue();
        return;
      }
    }
  }

  it('never reach an illegal state and never count stock twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const group = await insertProductGroup(t.database.db, { categorySlug: category }, [
          { size: 'S', stock: INITIAL },
        ]);
        const variant = `${group.id}-S`;
        const tracked: Tracked[] = [];
        for (const cmd of commands) {
          if (cmd.t === 'race') {
            // Two events at once: a create in a race may be refused for stock the other took.
            await Promise.all(
              [cmd.a, cmd.b].map((c) =>
                c.t === 'create' ? runCreateInRace(variant, tracked, c) : run(variant, tracked, c),
              ),
            );
          } else {
            await run(variant, tracked, cmd);
          }
          const s = await checkInvariants(variant, tracked);
          // Notifications are idempotent: one 'paid' at most per order.
          for (const o of tracked) {
            expect(
              s.events.filter((e) => e.orderNumber === o.number && e.toStatus === 'paid').length,
            ).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: engine === 'pglite' ? 60 : 40 },
    );
  }, 120_000);

  async function runCreateInRace(variant: string, tracked: Tracked[], cmd: Step & { t: 'create' }) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment${cmd.draft ? '?draft=true' : ''}`,
      remoteAddress: `10.71.${Math.floor(++shopper / 250) % 250}.${(shopper % 250) + 1}`,
      // Each order its own shopper: DECISIONS 32 caps what one client's unpaid orders hold.
      payload: orderPayload([{ _id: variant, count: cmd.count }], {
        phone: `7993${String(shopper).padStart(7, '0')}`,
      }),
    });
    if (res.statusCode !== 200) {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    const number = res.json().order.orderID as number;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.number, number));
    tracked.push({ number, paymentId: row?.paymentId ?? null, total: row?.total ?? 0, sent: [] });
  }
});
