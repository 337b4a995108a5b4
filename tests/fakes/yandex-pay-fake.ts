import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { startFakeWithBody } from './fake-server.ts';

/**
 * A fake of Yandex Pay's Merchant API v1 (integrations.md §6) on 127.0.0.1: orders (create, read,
 * rollback, cancel, refund) behind `Authorization: Api-Key`, each call held to the published contract
 * (tests/fixtures/yandex-pay/README.md): rollback closes an order in any state (FAILED, a paid one
 * refunded in full), cancel only releases a hold (AUTHORIZED), and a v1 refund must carry
 * `orderAmount` (the amount after the refund) and `refundAmount`, its optional `cart` the cart that
 * remains (its total `orderAmount`, its products those of the order); v2's `targetCart` is refused here. the payment page, and its own EC P-256 keys
 * published as a JWKS (`/api/jwks`) that sign webhooks as Yandex does (compact JWT, ES256, `kid`,
 * `iat` and `exp` in the header). Keys can be rotated; answers can be slow or fail.
 */
export interface FakeYandexOrder {
  orderId: string;
  paymentStatus: string;
  /** Kopecks still paid (the order amount less refunds). */
  amount: number;
  create: Record<string, unknown>;
  /** Refund requests by externalOperationId: a second one with the same id is refused (DUPLICATE_EXTERNAL_OPERATION_ID). */
  refunds: Map<string, { operationId: string; body: Record<string, unknown> }>;
  /** The cart as it stands (the created one, then each refund's final cart). */
  cart: { items: FakeCartItem[]; total: { amount: string } };
}

interface FakeCartItem {
  productId: string;
  title?: string;
  quantity: { count: string };
  unitPrice?: string;
  total: string;
}

export interface YandexPayFake {
  url: string;
  apiUrl: string;
  jwksUrl: string;
  merchantId: string;
  apiKey: string;
  orders: Map<string, FakeYandexOrder>;
  calls: { method: string; path: string; body: unknown; headers: IncomingMessage['headers'] }[];
  /** How many times the JWKS was read. */
  jwksReads: number;
  delayMs: number;
  failure: null | 'http500';
  /** A signed webhook of the order's current state (or of `paymentStatus` as claimed). */
  webhook(
    orderId: string,
    options?: {
      paymentStatus?: string;
      merchantId?: string;
      /** Seconds from now the token expires (negative: already expired). */
      expiresIn?: number;
      /** Sign with a key that is not published. */
      foreignKey?: boolean;
      alg?: 'ES256';
    },
  ): Promise<string>;
  /** The shopper pays (CAPTURED) or the payment fails. */
  settle(orderId: string, outcome: 'CAPTURED' | 'FAILED'): void;
  /** A new signing key; the old one is no longer published. */
  rotate(): Promise<void>;
  close(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function newKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

const kopecks = (amount: unknown) => Math.round(Number(amount) * 100);
/** The API's money: a decimal string of rubles, at most two decimals. */
const isAmount = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(value);

export async function startYandexPayFake({
  merchantId = 'a1b2c3d4-fake-merchant',
  apiKey = 'fake-yandex-pay-api-key',
}: {
  merchantId?: string;
  apiKey?: string;
} = {}): Promise<YandexPayFake> {
  const orders = new Map<string, FakeYandexOrder>();
  const calls: YandexPayFake['calls'] = [];
  let key = await newKey();
  const foreign = await newKey();
  let operations = 0;

  const fail = (res: ServerResponse, code: number, reasonCode: string) =>
    send(res, code, { status: 'fail', reasonCode, reason: reasonCode.toLowerCase() });

  function orderView(o: FakeYandexOrder) {
    return {
      status: 'success',
      code: 200,
      data: {
        order: {
          orderId: o.orderId,
          paymentStatus: o.paymentStatus,
          orderAmount: (o.amount / 100).toFixed(2),
          paymentUrl: `${fake.url}/pay/${o.orderId}`,
          cart: o.cart,
        },
        operations: [...o.refunds.entries()].map(([external, r]) => ({
          operationId: r.operationId,
          externalOperationId: external,
          operationType: 'REFUND',
          status: 'SUCCESS',
          amount: r.body.refundAmount,
        })),
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/api/jwks') {
      fake.jwksReads += 1;
      return send(res, 200, { keys: [key.jwk] });
    }
    const page = url.pathname.match(/^\/pay\/(\d+)$/);
    if (req.method === 'GET' && page) return send(res, 200, { page: 'Yandex Pay', orderId: page[1] });
    const api = url.pathname.match(
      /^\/api\/merchant\/v1\/orders(?:\/([^/]+))?(?:\/(cancel|refund|rollback))?$/,
    );
    if (!api) return fail(res, 404, 'NOT_FOUND');
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return fail(res, 400, 'BAD_REQUEST');
    }
    calls.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (fake.failure === 'http500') {
      res.writeHead(500);
      return res.end('internal');
    }
    if (req.headers.authorization !== `Api-Key ${apiKey}`) return fail(res, 401, 'UNAUTHORIZED');
    const [, id, action] = api;
    if (req.method === 'POST' && !id) {
      const orderId = String(body.orderId ?? '');
      const cart = body.cart as { items?: { total?: string }[]; total?: { amount?: string } } | undefined;
      if (!orderId || !cart?.items?.length || !cart.total?.amount) return fail(res, 400, 'BAD_REQUEST');
      const total = kopecks(cart.total.amount);
      if (cart.items.reduce((s, i) => s + kopecks(i.total), 0) !== total) {
        return fail(res, 400, 'ORDER_AMOUNT_MISMATCH');
      }
      const existing = orders.get(orderId);
      if (existing) {
        if (kopecks((existing.create.cart as { total: { amount: string } }).total.amount) !== total)
          return fail(res, 409, 'CONFLICT');
      } else {
        orders.set(orderId, {
          orderId,
          paymentStatus: 'PENDING',
          amount: total,
          create: body,
          refunds: new Map(),
          cart: structuredClone(cart) as FakeYandexOrder['cart'],
        });
      }
      return send(res, 200, {
        status: 'success',
        code: 200,
        data: { paymentUrl: `${fake.url}/pay/${orderId}` },
      });
    }
    const order = id ? orders.get(decodeURIComponent(id)) : undefined;
    if (!order) return fail(res, 404, 'ORDER_NOT_FOUND');
    if (req.method === 'GET' && !action) return send(res, 200, orderView(order));
    if (req.method === 'POST' && action === 'rollback') {
      // Any state: the link is annulled; a paid order is refunded in full.
      order.paymentStatus = 'FAILED';
      order.amount = 0;
      return send(res, 200, { status: 'success', code: 200, data: {} });
    }
    if (req.method === 'POST' && action === 'cancel') {
      if (typeof body.reason !== 'string' || !body.reason) return fail(res, 400, 'BAD_REQUEST');
      if (order.paymentStatus !== 'AUTHORIZED') return fail(res, 400, 'ORDER_INVALID_STATUS');
      order.paymentStatus = 'VOIDED';
      return send(res, 200, orderView(order));
    }
    if (req.method === 'POST' && action === 'refund') {
      const external = String(body.externalOperationId ?? '');
      if (external && order.refunds.has(external)) return fail(res, 409, 'DUPLICATE_EXTERNAL_OPERATION_ID');
      if (!['CAPTURED', 'PARTIALLY_REFUNDED'].includes(order.paymentStatus))
        return fail(res, 400, 'ORDER_INVALID_STATUS');
      // v1: orderAmount and refundAmount required; targetCart belongs to v2.
      if (!isAmount(body.orderAmount) || !isAmount(body.refundAmount) || 'targetCart' in body)
        return fail(res, 400, 'BAD_REQUEST');
      const amount = kopecks(body.refundAmount);
      if (!(amount > 0) || amount > order.amount) return fail(res, 400, 'ORDER_AMOUNT_MISMATCH');
      if (kopecks(body.orderAmount) !== order.amount - amount) return fail(res, 400, 'ORDER_AMOUNT_MISMATCH');
      const finalCart = body.cart as { items?: FakeCartItem[]; total?: { amount?: unknown } } | undefined;
      if (finalCart !== undefined) {
        const known = new Map(order.cart.items.map((i) => [i.productId, Number(i.quantity.count)]));
        const items = finalCart.items ?? [];
        if (
          !isAmount(finalCart.total?.amount) ||
          kopecks(finalCart.total.amount) !== kopecks(body.orderAmount) ||
          items.some(
            (i) =>
              !isAmount(i.total) ||
              !/^\d+$/.test(i.quantity?.count ?? '') ||
              Number(i.quantity.count) > (known.get(i.productId) ?? -1),
          ) ||
          items.reduce((s, i) => s + kopecks(i.total), 0) !== kopecks(body.orderAmount)
        )
          return fail(res, 400, 'ORDER_AMOUNT_MISMATCH');
        order.cart = { items, total: { amount: finalCart.total.amount } };
      }
      operations += 1;
      const operationId = `op-${operations}`;
      order.refunds.set(external || operationId, { operationId, body });
      order.amount -= amount;
      order.paymentStatus = order.amount === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      return send(res, 200, { status: 'success', data: { operation: { operationId, status: 'SUCCESS' } } });
    }
    return fail(res, 404, 'NOT_FOUND');
  }

  const server = await startFakeWithBody(handle);
  const { url } = server;

  const fake: YandexPayFake = {
    url,
    apiUrl: `${url}/api/merchant/v1`,
    jwksUrl: `${url}/api/jwks`,
    merchantId,
    apiKey,
    orders,
    calls,
    jwksReads: 0,
    delayMs: 0,
    failure: null,
    async webhook(orderId, options = {}) {
      const order = orders.get(orderId);
      const signer = options.foreignKey ? foreign : key;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        merchantId: options.merchantId ?? merchantId,
        event: 'ORDER_STATUS_UPDATED',
        eventTime: new Date().toISOString(),
        order: { orderId, paymentStatus: options.paymentStatus ?? order?.paymentStatus ?? 'CAPTURED' },
      })
        .setProtectedHeader({
          alg: 'ES256',
          kid: signer.kid,
          typ: 'JWT',
          iat: now,
          exp: now + (options.expiresIn ?? 300),
        })
        .sign(signer.privateKey);
    },
    settle(orderId, outcome) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.paymentStatus = outcome;
    },
    async rotate() {
      key = await newKey();
    },
    close: server.close,
  };
  return fake;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
