import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type Config, loadConfig } from '../../core/config/env.ts';
import type { Db } from '../../core/db/client.ts';
import { orderEvents, orders } from '../../core/db/schema/index.ts';
import { createProviders, type Providers } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { buildApp } from '../../server/app.ts';
import { buildSettings, insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../factories/staff.ts';
import { startTbankFake, type TbankFake } from '../fakes/tbank-fake.ts';
import { createTestDatabase, type Engine, type TestDatabase } from '../setup/test-database.ts';

/** The environment every payment route test starts from; a provider's variables come on top. */
export const paymentTestEnv = {
  DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
};

/** The shop's clock at the start of each test. */
export const PAYMENT_TEST_START = new Date('2026-11-20T09:00:00Z');

export interface PaymentShopOptions<F> {
  /** Starts the provider's protocol fake (tests/fakes/); it is closed after the suite. */
  fake: () => Promise<F>;
  /** The provider's variables, on top of `paymentTestEnv`. */
  env: (fake: F) => Record<string, string>;
  /** A change to the loaded configuration before the registry is built. */
  config?: (config: Config) => Config;
  /** The registry's cut-off of a provider call, ms (default 500: a slow provider's case stays quick). */
  timeoutMs?: number;
  /** A change to the settings documents before they are stored. */
  settings?: (docs: ReturnType<typeof buildSettings>) => void;
  /** Puts the fake back to its ordinary behaviour before each test. */
  reset?: (fake: F) => void;
  /** The checkout form's fields of every order placed (the payment method). */
  order: Record<string, unknown>;
  /** A product each order is placed with unless it names its own: its price (kopecks) and count. */
  product?: { price: number; count: number };
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * A shop with one payment provider behind its fake, on one database engine, for the suite that calls
 * it inside its `describe`: app, services and a manager made before the tests, a new shopper (phone,
 * address) and the clock put back before each, everything closed after. The fields are read inside
 * the tests (they are set in `beforeAll`); `now` may be moved.
 */
export function usePaymentShop<F extends { close(): Promise<void> }>(
  engine: Engine,
  options: PaymentShopOptions<F>,
) {
  let shopper = 0;
  const shop = {
    fake: undefined as unknown as F,
    database: undefined as unknown as TestDatabase,
    db: undefined as unknown as Db,
    providers: undefined as unknown as Providers,
    services: undefined as unknown as Services,
    app: undefined as unknown as App,
    manager: undefined as unknown as InsertedStaff,
    category: '',
    /** The shop's clock. */
    now: PAYMENT_TEST_START,
    /** This test's shopper's phone. */
    phone: '',

    /** A product group with one size S (10 in stock) at the price; its variant id. */
    async variant(price: number, oldPrice?: number) {
      const g = await insertProductGroup(shop.db, { categorySlug: shop.category, price, oldPrice }, [
        { size: 'S', stock: 10 },
      ]);
      return `${g.id}-S`;
    },

    /** The checkout's POST /api/payment by this test's shopper, with the suite's method and product. */
    async place(body: Record<string, unknown> = {}, lang?: string) {
      const product =
        options.product && !('products' in body)
          ? { products: [{ _id: await shop.variant(options.product.price), count: options.product.count }] }
          : {};
      return shop.app.inject({
        method: 'POST',
        url: '/api/payment',
        remoteAddress: `10.9.0.${shopper}`,
        headers: lang ? { 'accept-language': lang } : {},
        payload: {
          getWay: 'self',
          fullName: 'Иванова Анна',
          phone: shop.phone,
          email: 'anna@example.ru',
          consent: true,
          ...options.order,
          ...product,
          ...body,
        },
      });
    },

    /** An order placed (answered 200): its number and the cookie that lets this browser read it. */
    async placed(body: Record<string, unknown> = {}, lang?: string) {
      const res = await shop.place(body, lang);
      expect(res.statusCode).toBe(200);
      const number = res.json().order.orderID as number;
      const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
      return { res, number, cookie };
    },

    async orderOf(number: number) {
      return (await shop.db.select().from(orders).where(eq(orders.number, number)))[0];
    },

    async eventsOf(number: number) {
      return shop.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
    },

    /** How many times the order became paid. */
    async paidEvents(number: number) {
      return (await shop.eventsOf(number)).filter((e) => e.toStatus === 'paid').length;
    },

    /** A back-office step of the order by the manager, at the order's current version. */
    async step(number: number, body: Record<string, unknown>) {
      return shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${number}/steps`,
        headers: shop.manager.headers,
        payload: { version: (await shop.orderOf(number))?.version, ...body },
      });
    },
  };

  beforeAll(async () => {
    shop.fake = await options.fake();
    shop.database = await createTestDatabase(engine);
    shop.db = shop.database.db;
    const loaded = loadConfig({ ...paymentTestEnv, ...options.env(shop.fake) });
    const config = options.config ? options.config(loaded) : loaded;
    shop.providers = createProviders(
      config,
      { outbox: createDbOutbox(shop.db), db: shop.db },
      { timeoutMs: options.timeoutMs ?? 500 },
    );
    shop.services = createServices({ db: shop.db, providers: shop.providers, clock: () => shop.now });
    shop.app = await buildApp({
      config,
      database: shop.database,
      services: shop.services,
      storefront: false,
      logger: false,
    });
    await shop.app.ready();
    const docs = buildSettings();
    options.settings?.(docs);
    await insertSettings(shop.db, docs);
    shop.category = (await insertCategory(shop.db)).slug;
    shop.manager = await insertStaff(shop.db, { role: 'manager' });
  });

  afterAll(async () => {
    await shop.app?.close();
    shop.providers?.payments.dolyame?.close();
    await shop.database?.destroy();
    await shop.fake?.close();
  });

  beforeEach(() => {
    shopper += 1;
    shop.phone = `7997${String(shopper).padStart(7, '0')}`;
    shop.now = PAYMENT_TEST_START;
    options.reset?.(shop.fake);
  });

  return shop;
}

/**
 * The shop with T-Bank for cards (and SBP where `env` says) behind its fake: its notify call and the
 * bank's payment id of an order besides the shop's own helpers.
 */
export function useTbankShop(
  engine: Engine,
  options: Omit<PaymentShopOptions<TbankFake>, 'fake' | 'env' | 'reset' | 'order'> & {
    env?: Record<string, string>;
    order?: Record<string, unknown>;
  },
) {
  const shop = usePaymentShop(engine, {
    ...options,
    order: options.order ?? { payment: 'online' },
    fake: () => startTbankFake(),
    env: (fake) => ({
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: fake.terminalKey,
      TBANK_PASSWORD: fake.password,
      TBANK_API_URL: fake.apiUrl,
      ...options.env,
    }),
    reset: (fake) => {
      fake.delayMs = 0;
      fake.failure = null;
      fake.qrFailure = false;
    },
  });
  const bankIdOf = async (number: number) =>
    String((await shop.orderOf(number))?.paymentId).replace('tbank-', '');
  return Object.assign(shop, {
    /** The bank's notification to the shop's address for it. */
    notify: (payload: object, url = '/api/payment/notify/tbank') =>
      shop.app.inject({ method: 'POST', url, payload }),
    bankIdOf,
    /** An order placed (answered 200) with its bank payment id. */
    async placedInBank(body: Record<string, unknown> = {}, lang?: string) {
      const placed = await shop.placed(body, lang);
      return { ...placed, bankId: await bankIdOf(placed.number) };
    },
  });
}
