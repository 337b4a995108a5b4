import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCartCookie, readCookie, readJsonCookie } from '../../core/cart/cookies.rules.ts';
import { AppError } from '../../core/errors.ts';
import {
  DEVICE_COOKIE,
  isDeviceId,
  isOrderAccessList,
  MAX_REMEMBERED_ORDERS,
  ORDERS_COOKIE,
  type OrderAccess,
} from '../../core/orders/order-cookies.rules.ts';
import {
  dolyameCreateSchema,
  draftQuerySchema,
  idempotencyKeySchema,
  orderIdQuerySchema,
  orderPayloadSchema,
  promoCheckSchema,
  reminderSchema,
  sandboxDecisionSchema,
  sandboxTokenSchema,
  tinkoffCreateSchema,
} from '../../core/orders/orders.schemas.ts';
import { orderAnswerToWire } from '../../core/orders/orders.wire.ts';
import { provenPhoneOf } from '../../core/orders/promo.rules.ts';
import type { Services } from '../../core/services.ts';
import { setCookie } from '../cookies.ts';
import { parseInput, requestLocale } from '../request.ts';
import { getUser } from '../session.ts';

const ORDERS_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The browser's `shi-device` id, or a new one the answer sets (docs/decisions/0018). */
function deviceOf(request: FastifyRequest): { id: string; sent: boolean } {
  const sent = readCookie(request.headers.cookie, DEVICE_COOKIE) ?? undefined;
  return isDeviceId(sent)
    ? { id: sent, sent: true }
    : { id: randomBytes(16).toString('base64url'), sent: false };
}

function orderAccess(request: FastifyRequest): OrderAccess[] {
  return readJsonCookie(request.headers.cookie, ORDERS_COOKIE, isOrderAccessList, []);
}

/**
 * Orders, promo codes and payments (checkout.md §7, DECISIONS 12, 19); the providers' notifications
 * have their own route (payment-notifications.routes.ts).
 */
export function ordersRoutes(
  app: FastifyInstance,
  { services, secureCookies }: { services: Services; secureCookies: (request: FastifyRequest) => boolean },
) {
  const orders = services.orders;

  function remember(request: FastifyRequest, reply: FastifyReply, access: OrderAccess) {
    const list = [access, ...orderAccess(request).filter((a) => a.n !== access.n)].slice(
      0,
      MAX_REMEMBERED_ORDERS,
    );
    setCookie(reply, ORDERS_COOKIE, JSON.stringify(list), {
      maxAgeS: ORDERS_COOKIE_MAX_AGE_S,
      httpOnly: true,
      secure: secureCookies(request),
    });
  }

  app.get('/api/promocodes/check', async (request) => {
    const { code, phone } = parseInput(promoCheckSchema, request.query, request);
    const user = await getUser(services, request);
    return orders.checkPromo(code, phone, requestLocale(request), {
      ip: request.ip,
      provenPhone: provenPhoneOf(user),
      userId: user?.id ?? null,
      // The cart the code is checked against (its minimum and limits); the order judges it again.
      cart: readJsonCookie(request.headers.cookie, 'cart', isCartCookie, []),
    });
  });

  app.post('/api/payment', async (request, reply) => {
    const { draft } = parseInput(draftQuerySchema, request.query, request);
    const payload = parseInput(orderPayloadSchema, request.body, request);
    const header = request.headers['idempotency-key'];
    const key =
      header === undefined ? (payload.key ?? null) : parseInput(idempotencyKeySchema, header, request);
    const user = await getUser(services, request);
    const device = deviceOf(request);
    const setDevice = () => {
      if (device.sent) return;
      setCookie(reply, DEVICE_COOKIE, device.id, {
        maxAgeS: DEVICE_COOKIE_MAX_AGE_S,
        httpOnly: true,
        secure: secureCookies(request),
      });
    };
    const placed = await orders
      .createOrder(payload, {
        userId: user?.id ?? null,
        userEmail: user?.email ?? null,
        provenPhone: provenPhoneOf(user),
        ip: request.ip,
        device,
        locale: requestLocale(request),
        draft: draft === 'true',
        idempotencyKey: key,
      })
      .catch((error: unknown) => {
        // A failed answer gives the browser its id too: a stored key is bound to it (idempotency.ts).
        setDevice();
        throw error;
      });
    remember(request, reply, placed.access);
    setDevice();
    return placed.body;
  });

  app.post('/api/dolyame/create', async (request) => {
    const { orderID } = parseInput(dolyameCreateSchema, request.body, request);
    return orders.startDolyame(orderID, orderAccess(request));
  });

  app.post('/api/payment/create-tinkoff-order', async (request) => {
    const { orderNumber, promoCode } = parseInput(tinkoffCreateSchema, request.body, request);
    return orders.startInstalment(orderNumber, promoCode, orderAccess(request));
  });

  // The payment result page's state (DECISIONS 12); an order this browser may not read is not found.
  app.get('/api/orders/payment-state', async (request) => {
    const { orderID, key } = parseInput(orderIdQuerySchema, request.query, request);
    const state = await orders.getPaymentState(orderID, orderAccess(request), key);
    if (state === 'not_found') throw new AppError('not_found', { key: 'order.not_found' });
    return { result: true, data: { orderID, state } };
  });

  app.get('/api/orders/for-analytics', async (request) => {
    const { orderID, key } = parseInput(orderIdQuerySchema, request.query, request);
    const view = await orders.getOrderView(orderID, orderAccess(request), key);
    return { result: true, data: orderAnswerToWire(view) };
  });

  app.post('/api/notification/add', async (request) => {
    const { phone, products } = parseInput(reminderSchema, request.body, request);
    await services.reminders.add(phone, products, requestLocale(request), { ip: request.ip });
    return { result: true };
  });

  // The sandbox payment page's calls (DECISIONS 4).
  app.get('/api/sandbox/payments/:token', async (request) => {
    const { token } = parseInput(sandboxTokenSchema, request.params, request);
    const session = await services.payments.sandboxSession(token);
    if (!session) throw new AppError('not_found', { key: 'payment.not_found' });
    return { result: true, data: session };
  });

  app.post('/api/sandbox/payments/:token', async (request) => {
    const { token } = parseInput(sandboxTokenSchema, request.params, request);
    const { decision } = parseInput(sandboxDecisionSchema, request.body, request);
    const settled = await services.payments.sandboxDecide(token, decision);
    if (!settled) throw new AppError('not_found', { key: 'payment.not_found' });
    if (settled.expired) {
      throw new AppError('conflict', { key: 'payment.time_ran_out' });
    }
    // Delivered to the shop's own endpoint exactly as the provider would send it.
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: settled.notification.headers,
      payload: JSON.stringify(settled.notification.body),
    });
    if (res.statusCode !== 200) throw new Error(`The sandbox notification was refused: ${res.statusCode}`);
    return { result: true, url: settled.returnUrl };
  });
}
