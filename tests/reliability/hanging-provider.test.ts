import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { orders, variantProducts } from '../../core/db/schema/index.ts';
import { createS3Store } from '../../core/media/s3-store.ts';
import { createProviders, type Providers } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { guardProviders, isGuarded, PROVIDER_TIMEOUT_MS } from '../../core/providers/timeout.ts';
import { createServices } from '../../core/services.ts';
import { buildApp } from '../../server/app.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.ts';
import { orderPayload } from './support/shop-client.ts';

/**
 * A test double of a third-party provider (allowed for vendors: never for our own code): it
 * answers like the given provider until `hang` is set, then never answers at all.
 */
function hangable<T extends object>(provider: T, switches: { hang: boolean }): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        return switches.hang && result instanceof Promise ? new Promise(() => {}) : result;
      };
    },
  });
}

/** Issue 8: a provider that hangs is cut off within 5 s with a clear 503 in the request's language. */
describe('a third-party provider that hangs', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let variant: string;
  const hang = { payments: { hang: false }, carriers: { hang: false }, geocoder: { hang: false } };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'), LOG_LEVEL: 'silent' });
    const base = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    // The doubles go through the very guard the registry applies to every provider.
    const providers: Providers = guardProviders({
      ...base,
      carriers: {
        sdek: hangable(base.carriers.sdek, hang.carriers),
        boxberry: hangable(base.carriers.boxberry, hang.carriers),
      },
      geocoder: hangable(base.geocoder, hang.geocoder),
      payments: { ...base.payments, provider: hangable(base.payments.provider, hang.payments) },
    });
    const services = createServices({
      db: database.db,
      providers,
      clock: () => new Date('2026-11-20T09:00:00Z'),
    });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    await insertSettings(database.db);
    const { slug } = await insertCategory(database.db);
    const group = await insertProductGroup(database.db, { categorySlug: slug }, [{ size: 'S', stock: 5 }]);
    variant = `${group.id}-S`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  // The providers below never answer, so an answer at all is the deadline at work; its exact time
  // is not asserted (a loaded machine stretches it), its message is.
  async function timed(request: InjectOptions) {
    return { res: await app.inject(request) };
  }

  it('the registry guards every provider it builds', () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const built = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    // The media store keeps its own deadlines (a large upload that is still moving outlasts 4 s):
    // the next test proves a bucket that stops answering is cut off.
    const { carriers, payments, media: _media, ...rest } = built;
    for (const provider of [...Object.values(rest), ...Object.values(carriers), payments.provider]) {
      expect(isGuarded(provider)).toBe(true);
    }
    expect(PROVIDER_TIMEOUT_MS).toBeLessThan(5_000);
  });

  it('cuts off a media bucket that accepts the connection and never answers', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const store = createS3Store({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      idleMs: 500,
    });
    // Two attempts of half a second each, never the hang of a socket without a deadline.
    await expect(store.exists('products/x-480.webp')).rejects.toThrow();
    silent.close();
  });

  it('cuts off a payment start that never answers; the retry with the same key gets the page', async () => {
    hang.payments.hang = true;
    const key = 'hanging-payment-0001';
    const [first, english] = await Promise.all([
      timed({
        method: 'POST',
        url: '/api/payment',
        headers: { 'idempotency-key': key },
        payload: orderPayload([{ _id: variant, count: 1 }]),
      }),
      timed({
        method: 'POST',
        url: '/api/payment?lang=en',
        payload: orderPayload([{ _id: variant, count: 1 }]),
      }),
    ]);
    expect(first.res.statusCode).toBe(503);
    expect(first.res.json().message).toBe('Платёжный сервис не ответил вовремя. Попробуйте ещё раз');
    expect(english.res.statusCode).toBe(503);
    expect(english.res.json().message).toBe('The payment service did not answer in time. Please try again');

    // The provider is back: the retry answers with the first order and its payment page. The key is
    // bound to the browser (docs/decisions/0018): the failed answer gave it its device cookie.
    hang.payments.hang = false;
    const device = String(first.res.headers['set-cookie']).match(/shi-device=[\w-]+/)?.[0];
    expect(device).toBeTruthy();
    const retry = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: { 'idempotency-key': key, cookie: device },
      payload: orderPayload([{ _id: variant, count: 1 }]),
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().url).toMatch(/^\/sandbox\/pay\//);
    const [row] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.number, retry.json().order.orderID));
    expect(row?.status).toBe('awaiting_payment');
    // Two orders hold stock (the English one waits for its retry or its expiry), none twice.
    const [stock] = await database.db.select().from(variantProducts).where(eq(variantProducts.id, variant));
    expect(stock?.stock).toBe(3);
  }, 20_000);

  it('cuts off a carrier that never answers', async () => {
    hang.carriers.hang = true;
    try {
      const [points, price] = await Promise.all([
        timed({ method: 'GET', url: '/api/sdek/offices?city_code=44' }),
        timed({
          method: 'GET',
          url: '/api/boxberry/price?city_code=44&weight=500&summ=1000',
          headers: { 'accept-language': 'en' },
        }),
      ]);
      expect(points.res.statusCode).toBe(503);
      expect(points.res.json().message).toBe('Служба доставки не ответила вовремя. Попробуйте ещё раз');
      expect(price.res.statusCode).toBe(503);
      expect(price.res.json().message).toBe('The delivery service did not answer in time. Please try again');
    } finally {
      hang.carriers.hang = false;
    }
    expect((await app.inject({ method: 'GET', url: '/api/sdek/offices?city_code=44' })).statusCode).toBe(200);
  }, 20_000);

  it('cuts off a geocoder that never answers', async () => {
    hang.geocoder.hang = true;
    try {
      const res = await timed({
        method: 'GET',
        url: `/api/checkout/moscow-price?address=${encodeURIComponent('Москва, ул. Тверская, 7')}&getWay=moscow`,
      });
      expect(res.res.statusCode).toBe(503);
      expect(res.res.json().message).toBe('Сервис адресов не ответил вовремя. Попробуйте ещё раз');
    } finally {
      hang.geocoder.hang = false;
    }
  }, 20_000);
});
