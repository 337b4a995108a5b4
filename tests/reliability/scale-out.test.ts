import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../core/db/client.ts';
import * as schema from '../../core/db/schema/index.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../core/providers/payments/sandbox-payments.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { testDatabaseUrl } from '../setup/test-database.ts';
import { createRelDatabase, type RelDatabase } from './support/databases.ts';
import { createPgliteFolder, type PgliteFolder } from './support/pglite-folder.ts';
import { freePort, type ServerProcess, startServer } from './support/server-process.ts';
import { type Answer, getJson, orderPayload, postJson } from './support/shop-client.ts';

const { orders, orderLines, outbox, variantProducts, restockSubscriptions, cartReminders } = schema;

/** A phone of its own for each concurrent shopper. */
const shopperPhone = (n: number) => `7994${String(n).padStart(7, '0')}`;
const SECRET = 'reliability-shared-sandbox-secret';
const ROUNDS = 20;

/**
 * Issue 8: two real shop processes against one PostgreSQL behave as one shop. Each runs
 * `server/main.ts` with TRUST_PROXY (as behind a load balancer), so the client address is the
 * X-Forwarded-For the test sends.
 */
describe.skipIf(!testDatabaseUrl())('two instances against one PostgreSQL', () => {
  let database: RelDatabase;
  let db: Db;
  let a: ServerProcess;
  let b: ServerProcess;
  let category: string;

  beforeAll(async () => {
    database = await createRelDatabase();
    const env = {
      DATABASE_URL: database.url,
      TRUST_PROXY: '127.0.0.1',
      PAYMENT_SANDBOX_SECRET: SECRET,
      AUTH_SECRET: 'reliability-shared-auth-secret',
      DATABASE_POOL_SIZE: '10',
    };
    // Both start at once on the empty database: migrations run once, under the advisory lock.
    const ports = new Set<number>();
    const [pa, pb] = [await freePort(3200, 3219, ports), await freePort(3200, 3219, ports)];
    [a, b] = await Promise.all([startServer(pa, env), startServer(pb, env)]);
    db = drizzle(database.pool, { schema }) as unknown as Db;
    await insertSettings(db);
    category = (await insertCategory(db)).slug;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const instance = (i: number) => (i % 2 === 0 ? a : b);
  const stockOf = async (id: string) =>
    (await db.select().from(variantProducts).where(eq(variantProducts.id, id)))[0]?.stock;

  it(`200 concurrent checkouts for 5 units across both give exactly 5 orders and clear refusals, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const group = await insertProductGroup(db, { categorySlug: category }, [{ size: 'S', stock: 5 }]);
      const variant = `${group.id}-S`;
      // Watch the row while the race runs: it must never read below zero.
      let lowest = 5;
      let racing = true;
      const watcher = (async () => {
        while (racing) {
          lowest = Math.min(lowest, (await stockOf(variant)) ?? 0);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          postJson(
            instance(i).url,
            '/api/payment',
            // Each checkout its own shopper (address and phone): DECISIONS 32 caps one client's holds.
            orderPayload([{ _id: variant, count: 1 }], { phone: shopperPhone(round * 200 + i) }),
            { clientIp: `10.${round}.${Math.floor(i / 250)}.${(i % 250) + 1}` },
          ),
        ),
      );
      racing = false;
      await watcher;
      const ok = answers.filter((x) => x.status === 200);
      const refused = answers.filter((x) => x.status === 409);
      expect(
        ok.length,
        `round ${round}: ${JSON.stringify(answers.filter((x) => x.status !== 409).map((x) => x.status))}`,
      ).toBe(5);
      expect(refused).toHaveLength(195);
      for (const r of refused) expect(r.body.message).toMatch(/закончился|осталось/);
      expect(await stockOf(variant)).toBe(0);
      expect(lowest).toBeGreaterThanOrEqual(0);
      const numbers = ok.map((x) => x.body.order?.orderID as number);
      expect(new Set(numbers).size).toBe(5);
      const lines = await db.select().from(orderLines).where(eq(orderLines.variantId, variant));
      expect(lines.map((l) => l.orderNumber).sort()).toEqual([...numbers].sort());
      expect(lines.reduce((n, l) => n + l.reserved, 0)).toBe(5);
      // Both instances took orders over the rounds (the split is the test's, not luck's).
      expect(new Set(answers.map((_, i) => instance(i).port)).size).toBe(2);
    }
  }, 240_000);

  it('50 parallel retries of one Idempotency-Key across both give one order and one reservation', async () => {
    const group = await insertProductGroup(db, { categorySlug: category }, [{ size: 'S', stock: 10 }]);
    const variant = `${group.id}-S`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postJson(instance(i).url, '/api/payment', orderPayload([{ _id: variant, count: 2 }]), {
          clientIp: '10.200.0.1',
          // One browser retrying: its device cookie binds the key (docs/decisions/0018).
          headers: {
            'idempotency-key': 'two-instances-retry-0001',
            cookie: 'shi-device=device-scale-out-retry',
          },
        }),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(new Set(answers.map((x) => x.body.order?.orderID)).size).toBe(1);
    expect(new Set(answers.map((x) => x.body.url)).size).toBe(1);
    expect(await stockOf(variant)).toBe(8);
    const stored = await db
      .select({ n: orders.number })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderNumber, orders.number))
      .where(eq(orderLines.variantId, variant));
    expect(stored).toHaveLength(1);
  });

  it('counts one address’s orders together on both instances: the 61st in the hour is refused', async () => {
    const group = await insertProductGroup(db, { categorySlug: category }, [
      { size: 'S', stock: 0, preorder: true },
    ]);
    const variant = `${group.id}-S`;
    const answers: Answer[] = [];
    for (let i = 0; i < 61; i++) {
      answers.push(
        await postJson(
          instance(i).url,
          '/api/payment?draft=true',
          orderPayload([{ _id: variant, count: 1 }]),
          { clientIp: '10.201.0.1' },
        ),
      );
    }
    expect(answers.slice(0, 60).every((x) => x.status === 200)).toBe(true);
    expect(answers[60]?.status).toBe(429);
    expect(answers[60]?.body.message).toMatch(/Слишком много заказов/);
    // Another address is not affected, on either instance.
    const other = await postJson(
      b.url,
      '/api/payment?draft=true',
      orderPayload([{ _id: variant, count: 1 }]),
      {
        clientIp: '10.201.0.2',
      },
    );
    expect(other.status).toBe(200);
  });

  it('counts restock sign-ups from one address together on both instances', async () => {
    const group = await insertProductGroup(db, { categorySlug: category }, [{ size: 'S', stock: 0 }]);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await getJson(
        instance(i).url,
        `/api/preorder/sign-up?email=shopper${i}@example.ru&productID=${group.id}-S`,
        '10.202.0.1',
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(statuses[20]).toBe(429);
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(restockSubscriptions)
      .where(eq(restockSubscriptions.groupId, group.id));
    expect(rows[0]?.n).toBe(20);
  });

  it('a sign-in, its session and its cart made on one instance hold on the other; logout ends them on both', async () => {
    const ip = '10.204.0.1';
    const phone = '79990001122';
    const group = await insertProductGroup(db, { categorySlug: category }, [{ size: 'S', stock: 3 }]);
    // The code is asked for on B with A's init token, and entered on A.
    const init = await getJson(a.url, '/api/auth/init', ip);
    const sent = await postJson(
      b.url,
      '/api/auth/get-code',
      { phone },
      { clientIp: ip, headers: { 'init-token': String(init.body.data) } },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [message] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))
      .orderBy(desc(outbox.id))
      .limit(1);
    const signedIn = await postJson(
      a.url,
      '/api/auth/check-code',
      { phone, code: String((message?.payload as { code?: string } | undefined)?.code) },
      { clientIp: ip },
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.startsWith('shi_token=')) ?? '';
    expect(cookie).not.toBe('shi_token=');
    // The cart saved through B is the one A shows.
    const put = await fetch(`${b.url}/api/user/cart`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': ip },
      body: JSON.stringify({ items: [{ _id: `${group.id}-S`, count: 2 }] }),
    });
    expect(put.status).toBe(200);
    const onA = await getJson(a.url, '/api/user/fetch', ip, { cookie });
    expect(onA.status).toBe(200);
    expect(JSON.stringify((onA.body.data as { cart?: unknown }).cart)).toContain(`${group.id}-S`);
    // Logout on B revokes the session for A too.
    const out = await fetch(`${b.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'x-forwarded-for': ip },
    });
    expect(out.status).toBe(200);
    expect((await getJson(a.url, '/api/user/fetch', ip, { cookie })).status).toBe(401);
  });

  it('per-client sign-in limits are shared by both instances: one client’s wrong passwords and code wait hold on either, another client is not held', async () => {
    const email = 'scale.owner@example.ru';
    const registered = await postJson(
      a.url,
      '/api/auth/registerByEmail',
      { email },
      { clientIp: '10.205.0.9' },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email)))
      .orderBy(desc(outbox.id))
      .limit(1);
    const password = String((mail?.payload as { text?: string } | undefined)?.text).split(': ')[1];
    const stranger = '10.205.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await postJson(
        instance(i).url,
        '/api/auth/authByEmail',
        { email, password: `guess-${i}` },
        { clientIp: stranger },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429]);
    expect(
      (await postJson(b.url, '/api/auth/authByEmail', { email, password }, { clientIp: stranger })).status,
    ).toBe(429);
    expect(
      (await postJson(a.url, '/api/auth/authByEmail', { email, password }, { clientIp: '10.205.0.2' }))
        .status,
    ).toBe(200);
    // A code asked on A makes the same client wait on B; another client asks at once.
    const phone = '79990002233';
    const ask = async (base: string, ip: string) =>
      postJson(
        base,
        '/api/auth/get-code',
        { phone },
        {
          clientIp: ip,
          headers: { 'init-token': String((await getJson(base, '/api/auth/init', ip)).body.data) },
        },
      );
    expect((await ask(a.url, stranger)).status).toBe(200);
    expect((await ask(b.url, stranger)).status).toBe(429);
    expect((await ask(b.url, '10.205.0.2')).status).toBe(200);
  });

  it('shares every limit of one client across both instances: holds, promo checks, reminders, idempotency keys', async () => {
    const group = await insertProductGroup(db, { categorySlug: category }, [{ size: 'S', stock: 100 }]);
    const variant = `${group.id}-S`;
    const one = (phone: string, extra: Record<string, unknown> = {}) =>
      orderPayload([{ _id: variant, count: 1 }], { phone, ...extra });

    // One phone: 6 concurrent orders from 6 addresses over both instances, exactly 3 held.
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postJson(instance(i).url, '/api/payment', one('79880000001'), { clientIp: `10.206.0.${i + 1}` }),
      ),
    );
    expect(racing.map((x) => x.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect(racing.find((x) => x.status === 409)?.body.message).toMatch(
      /^Уже есть 3 неоплаченных заказа на этот телефон/,
    );

    // One address: 10 unpaid orders of 10 phones over both instances, the 11th refused on either.
    for (let i = 0; i < 10; i++) {
      const res = await postJson(instance(i).url, '/api/payment', one(`7988100000${i}`), {
        clientIp: '10.207.0.1',
      });
      expect(res.status).toBe(200);
    }
    for (const shop of [a, b]) {
      const refused = await postJson(shop.url, '/api/payment', one('79882000000'), {
        clientIp: '10.207.0.1',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/с этого адреса/);
    }
    expect(await stockOf(variant)).toBe(100 - 3 - 10);

    // An idempotency key replayed from another address (no browser cookie) on the other instance.
    const key = { 'idempotency-key': 'two-instances-owner-0001' };
    const first = await postJson(a.url, '/api/payment', one('79883000000'), {
      clientIp: '10.208.0.1',
      headers: key,
    });
    expect(first.status).toBe(200);
    expect(first.cookies.some((c) => c.startsWith('shi-orders='))).toBe(true);
    const stolen = await postJson(b.url, '/api/payment', one('79883000000'), {
      clientIp: '10.208.0.2',
      headers: key,
    });
    expect(stolen.status).toBe(409);
    expect(stolen.cookies.some((c) => c.startsWith('shi-orders='))).toBe(false);
    // The true retry is the first browser's: the answer gave it its device cookie (docs/decisions/0018).
    const device = first.cookies.find((c) => c.startsWith('shi-device='))?.split(';')[0];
    expect(device).toBeTruthy();
    const retry = await postJson(b.url, '/api/payment', one('79883000000'), {
      clientIp: '10.208.0.1',
      headers: { ...key, cookie: device ?? '' },
    });
    expect(retry.body.order?.orderID).toBe(first.body.order?.orderID);

    // Promo checks: 30 per address in 10 minutes, counted together.
    const checks: number[] = [];
    for (let i = 0; i < 31; i++) {
      checks.push(
        (await getJson(instance(i).url, `/api/promocodes/check?code=GUESS${i}&phone=7`, '10.209.0.1')).status,
      );
    }
    expect(checks.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(checks[30]).toBe(429);

    // Reminders: 20 per address an hour, and one pending per phone whatever the instance.
    const signUps: number[] = [];
    for (let i = 0; i < 21; i++) {
      signUps.push(
        (
          await postJson(
            instance(i).url,
            '/api/notification/add',
            { phone: `7988400${String(i).padStart(4, '0')}`, products: [] },
            {
              clientIp: '10.210.0.1',
            },
          )
        ).status,
      );
    }
    expect(signUps.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(signUps[20]).toBe(429);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postJson(
          instance(i).url,
          '/api/notification/add',
          { phone: '79885000000', products: [] },
          {
            clientIp: `10.211.0.${i + 1}`,
          },
        ),
      ),
    );
    expect(await db.$count(cartReminders, eq(cartReminders.phone, '79885000000'))).toBe(1);
  });

  it('an order placed on one instance is paid through the other: one secret, one stock', async () => {
    const group = await insertProductGroup(db, { categorySlug: category }, [{ size: 'S', stock: 3 }]);
    const variant = `${group.id}-S`;
    const placed = await postJson(a.url, '/api/payment', orderPayload([{ _id: variant, count: 2 }]), {
      clientIp: '10.203.0.1',
    });
    expect(placed.status).toBe(200);
    const token = String(placed.body.url).split('/').pop();
    // The sandbox page is served by the other instance: the session lives in the database.
    const page = await getJson(b.url, `/api/sandbox/payments/${token}`);
    expect(page.status).toBe(200);
    // The provider's notification reaches the other instance, signed with the shared secret.
    const [row] = await db
      .select()
      .from(orders)
      .where(eq(orders.number, Number(placed.body.order?.orderID)));
    const body = {
      notificationId: `cross-${token}`,
      paymentId: `sandbox-${token}`,
      orderNumber: row?.number,
      outcome: 'declined',
      amount: row?.total,
    };
    const signature = createHmac('sha256', SECRET).update(JSON.stringify(body)).digest('hex');
    const notified = await postJson(b.url, '/api/payment/notify/sandbox', body, {
      headers: { [SANDBOX_SIGNATURE_HEADER]: signature },
    });
    expect(notified.status).toBe(200);
    expect(notified.body.outcome).toBe('applied');
    expect(await stockOf(variant)).toBe(3);
    const [after] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.number, Number(placed.body.order?.orderID))));
    expect(after?.status).toBe('payment_failed');
    // The same stock is visible to both: a third unit taken on B leaves none for A's 3-unit order.
    const onB = await postJson(b.url, '/api/payment', orderPayload([{ _id: variant, count: 1 }]), {
      clientIp: '10.203.0.2',
    });
    expect(onB.status).toBe(200);
    const onA = await postJson(a.url, '/api/payment', orderPayload([{ _id: variant, count: 3 }]), {
      clientIp: '10.203.0.3',
    });
    expect(onA.status).toBe(409);
    expect(onA.body.message).toMatch(/осталось 2/);
    const left = await db
      .select()
      .from(variantProducts)
      .where(inArray(variantProducts.id, [variant]));
    expect(left[0]?.stock).toBe(2);
  });
});

const PGLITE_ROUNDS = 20;

/** The same race against one real process on the embedded database (PGlite is one process only). */
describe('one instance on PGlite', () => {
  let folder: PgliteFolder;
  let shop: ServerProcess;
  let variants: string[];

  beforeAll(async () => {
    folder = createPgliteFolder();
    const database = await folder.open();
    try {
      await insertSettings(database.db);
      const { slug } = await insertCategory(database.db);
      variants = [];
      for (let round = 0; round < PGLITE_ROUNDS; round++) {
        const group = await insertProductGroup(database.db, { categorySlug: slug }, [
          { size: 'S', stock: 5 },
        ]);
        variants.push(`${group.id}-S`);
      }
    } finally {
      await database.close();
    }
    shop = await startServer(await freePort(3220, 3229), {
      DATA_DIR: folder.dataDir,
      TRUST_PROXY: '127.0.0.1',
    });
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    folder?.remove();
  });

  it(`200 concurrent checkouts for 5 units give exactly 5 orders, ${PGLITE_ROUNDS} times`, async () => {
    for (const [round, variant] of variants.entries()) {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          postJson(
            shop.url,
            '/api/payment',
            orderPayload([{ _id: variant, count: 1 }], { phone: shopperPhone(round * 200 + i) }),
            { clientIp: `10.${round}.${Math.floor(i / 250)}.${(i % 250) + 1}` },
          ),
        ),
      ).catch((error: unknown) => {
        // A refused or cut connection: say what became of the shop.
        throw new Error(
          `round ${round}: ${String(error)} (${String((error as Error).cause ?? '')}); the shop's exit: ${shop.child.exitCode ?? shop.child.signalCode ?? 'still running'}; its output:\n${shop.output()}`,
        );
      });
      const ok = answers.filter((x) => x.status === 200);
      expect(ok.length, `round ${round}`).toBe(5);
      expect(answers.filter((x) => x.status === 409)).toHaveLength(195);
      expect(new Set(ok.map((x) => x.body.order?.orderID)).size).toBe(5);
      // The sold-out answer states what is left: nothing.
      const again = await postJson(shop.url, '/api/payment', orderPayload([{ _id: variant, count: 1 }]), {
        clientIp: `10.${round}.9.9`,
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/закончился/);
    }
    await shop.stop();
    const database = await folder.open();
    try {
      const rows = await database.db
        .select()
        .from(variantProducts)
        .where(inArray(variantProducts.id, variants));
      expect(rows.map((r) => r.stock)).toEqual(variants.map(() => 0));
      const lines = await database.db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.variantId, variants));
      expect(lines).toHaveLength(5 * PGLITE_ROUNDS);
    } finally {
      await database.close();
    }
  }, 240_000);
});
