import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { noReadCache, type ReadCache } from '../cache/read-cache.ts';
import { signedInEmailOptional } from '../checkout/checkout.rules.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { orderEvents, orderLines, orders, promoCodes } from '../db/schema/index.ts';
import { moscowDate } from '../delivery/dates.rules.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import { paymentKindOf } from '../payments/payment.rules.ts';
import type { Providers } from '../providers/index.ts';
import type { PaymentKind } from '../providers/payments/payment-provider.ts';
import type { RatesService } from '../rates/rates.service.ts';
import { shopperMessage } from '../shopper-messages.ts';
import { wireRoubles } from '../wire.ts';
import {
  DEFAULT_HOLD_MINUTES,
  HOLD_CAPS,
  type Holder,
  holdMinutes,
  networkHoldMinutes,
} from './order.rules.ts';
import { isPaidStatus, orderStatusKey, requireOrder, sameKey } from './order-access.ts';
import type { OrderAccess, PaymentState } from './order-cookies.rules.ts';
import { createOrderTransitions } from './order-transition.service.ts';
import type { OrderPayload } from './orders.schemas.ts';
import type { OrderStatusView, OrderView } from './orders.types.ts';
import { createPaymentNotices } from './payment-notices.service.ts';
import { createPaymentStart, newPaymentClaim } from './payment-start.service.ts';
import { consumePromo, promoHistory } from './place-order/consume-promo.step.ts';
import {
  claimKey,
  isUniqueViolation,
  keyedOrder,
  type RequestClient,
  requestHash,
  storeKeyAnswer,
} from './place-order/idempotency.ts';
import { createOrderPricing } from './place-order/price-order.step.ts';
import { cartCookieLines, promoOnCart } from './place-order/promo-cart.ts';
import { recordOrder } from './place-order/record-order.step.ts';
import {
  checkHoldCaps,
  reservationOf,
  reservationTags,
  reserveStock,
} from './place-order/reserve-stock.step.ts';
import { checkPromoCode, normalizePromoCode, promoRefusalMessage } from './promo.rules.ts';

export { orderStatusKey, orderStatusUrl } from './order-access.ts';
export type { OrderAccess } from './order-cookies.rules.ts';
export { CONSENT_VERSION } from './place-order/record-order.step.ts';

/** Orders one IP address may place in an hour. */
const ORDER_LIMIT = { limit: 60, windowSeconds: 3600 };

/**
 * Promo-code checks one address may make (docs/decisions/0018): a shopper tries a code or two; 30 in
 * ten minutes leaves room for an office behind one address and stops guessing.
 */
export const PROMO_CHECK_LIMIT = { limit: 30, windowSeconds: 600 };

/**
 * Orders: placement in named steps (core/orders/place-order/: price, reserve stock, consume promo,
 * record, then start the payment, core/orders/payment-start.service.ts), the payment's outcome
 * (core/orders/payment-notices.service.ts), expiry and cancellation, and what the shopper may read.
 */
export function createOrdersService({
  db,
  providers,
  settings,
  delivery,
  limits,
  clock,
  cache = noReadCache,
  rates,
}: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  delivery: DeliveryService;
  limits: RateLimitService;
  clock: () => Date;
  cache?: ReadCache;
  /** The stored currency rates, for the total an English order showed (DECISIONS 7). */
  rates: RatesService;
}) {
  const payments = providers.payments.provider;
  const transitions = createOrderTransitions({ db, cache, clock });
  const { withStockChanges, transition } = transitions;
  const pricing = createOrderPricing({ db, settings, delivery, rates, clock, paymentKinds: payments.kinds });
  const paymentStart = createPaymentStart({ db, payments, settings, transitions, clock });
  const notices = createPaymentNotices({ db, payments, transitions, clock });
  const { startPayment } = paymentStart;

  /**
   * `GET /api/promocodes/check`: limited per address, one neutral refusal for a code that is not
   * valid (docs/decisions/0018). A valid code is judged on the browser's cart (the `cart` cookie, read
   * at today's prices): below its minimum or without an eligible line it is refused saying why; an
   * empty cart is not judged (the order judges it). The answer adds what the code gives on that cart.
   */
  async function checkPromo(
    code: string,
    phone: string,
    locale: Locale,
    client: {
      ip: string;
      provenPhone: string | null;
      userId?: string | null;
      cart?: readonly { _id: string; count: number }[];
    },
  ) {
    await limits.hit(`promo-check:${client.ip}`, PROMO_CHECK_LIMIT, shopperMessage('promo.too_many', locale));
    const refused = { result: false as const, message: shopperMessage('promo.refused', locale) };
    const normalized = normalizePromoCode(code);
    if (!normalized) return refused;
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, normalized));
    const digits = phone.replace(/\D/g, '');
    // With a phone the customer's own limits are judged too; the order judges them again under lock.
    const history =
      row && digits
        ? await promoHistory(db, row.code, { phone: digits, userId: client.userId ?? null })
        : undefined;
    const refusal = checkPromoCode(
      row ?? null,
      { phone: digits, provenPhone: client.provenPhone },
      clock(),
      history,
    );
    if (refusal)
      return { result: false as const, message: shopperMessage(promoRefusalMessage(refusal), locale) };
    if (!row) return refused;
    const lines = await cartCookieLines(db, client.cart ?? []);
    const applied = lines.length > 0 ? await promoOnCart(db, row, lines, locale) : null;
    if (applied && !applied.ok) {
      return {
        result: false as const,
        message: shopperMessage(applied.message.key, locale, applied.message.params),
      };
    }
    return {
      result: true as const,
      message: shopperMessage('promo.applied', locale),
      data: {
        /** The percent of a percent code; 0 for the other kinds (checkout.md §9's one field). */
        percent: row.percent,
        kind: row.kind,
        /** Roubles off the cart as it is now (null without a cart). */
        discount: applied?.ok ? wireRoubles(applied.discount) : null,
        freeDelivery: row.kind === 'free_delivery',
      },
    };
  }

  /**
   * `POST /api/payment[?draft=true]`: places an order in steps (price, reserve stock, consume promo,
   * record), the last three in one transaction that a refusal rolls back whole; then, unless it is
   * a draft or an instalment/BNPL payment, starts the payment. A retry with the same idempotency key
   * returns the first order's answer.
   */
  async function createOrder(
    input: OrderPayload,
    ctx: RequestClient & {
      /**
       * `device` is the browser's `shi-device` id, and whether the request came with it (false: the
       * route has just made it). A client of the caps and of the idempotency key
       * (docs/decisions/0018); absent for orders placed without a browser.
       */
      locale: Locale;
      draft: boolean;
      idempotencyKey: string | null;
      /** The signed-in shopper, whose cabinet lists the order. */
      userId?: string | null;
      /** The signed-in shopper's e-mail, used when the form leaves it empty. */
      userEmail?: string | null;
      /** The signed-in shopper's verified phone: a phone-bound promo code opens only for it. */
      provenPhone?: string | null;
    },
  ): Promise<{ access: OrderAccess; body: OrderAnswer }> {
    if (!input.email) {
      if (ctx.userEmail) input = { ...input, email: ctx.userEmail };
      else if (!(ctx.userId && signedInEmailOptional(input.deliveryMethod))) {
        throw new AppError('invalid_data', { key: 'order.email_required' }, { field: 'email' });
      }
    }
    const key = ctx.idempotencyKey;
    const hash = key ? requestHash(input, ctx) : null;
    if (key) {
      const replay = await answerForKey(key, hash, ctx);
      if (replay) return replay;
    }
    // Unpaid orders hold stock for up to an hour: one address may not hoard it.
    await limits.hit(`order:${ctx.ip}`, ORDER_LIMIT, shopperMessage('order.too_many', ctx.locale));
    // Step 1: price.
    const provenPhone = ctx.provenPhone ?? null;
    const priced = await pricing.priceOrder(input, ctx.locale, provenPhone);
    const shown = await pricing.shownTotal(input.currency, priced);
    // Drafts, instalments and BNPL start their payment in a second call.
    const startKind =
      !ctx.draft && !['dolyame', 'tinkoff'].includes(input.payment)
        ? paymentKindOf(input.payment, Boolean(input.hePayMode))
        : null;
    const { shop } = priced;
    const holdFor = holdMinutes(input.payment, shop.main.orderHoldMinutes ?? DEFAULT_HOLD_MINUTES);
    const client: Holder = { phone: input.phone, ip: ctx.ip, deviceId: ctx.device?.id ?? null };
    const now = clock();
    let placed: Awaited<ReturnType<typeof recordOrder>>;
    try {
      placed = await withStockChanges(async (tx, changed, announce) => {
        if (key) await claimKey(tx, key, hash, ctx);
        // Step 2 (first half): the caps on what one client's unpaid orders hold, under its locks.
        const { networkOrders } = await checkHoldCaps(
          tx,
          client,
          priced.lines,
          shop.main.holdCaps ?? HOLD_CAPS,
        );
        // Step 3: consume the promo code (judged on the customer's orders before this one).
        if (priced.promo) {
          await consumePromo(
            tx,
            priced.promo.code,
            { phone: input.phone, email: input.email, provenPhone, userId: ctx.userId ?? null },
            now,
            { lines: priced.lines, priced: priced.promo, locale: ctx.locale },
          );
        }
        // Step 4: record the order, claimed for its payment's start.
        const recorded = await recordOrder(tx, {
          input,
          priced,
          shown,
          reserved: reservationOf(priced.lines),
          locale: ctx.locale,
          userId: ctx.userId ?? null,
          client,
          accessKey: randomBytes(16).toString('base64url'),
          paymentClaim: startKind ? newPaymentClaim() : null,
          now,
          // A network that already holds orders gets shorter holds (docs/decisions/0018).
          expiresAt: new Date(now.getTime() + networkHoldMinutes(holdFor, networkOrders) * 60_000),
        });
        if (key) await storeKeyAnswer(tx, key, { orderNumber: recorded.order.number, startKind });
        // Step 2 (second half): the stock, last, so the rows every order of a popular product
        // updates stay locked only until the commit (a refusal still rolls back everything).
        await announce(reservationTags(priced.lines));
        await reserveStock(tx, priced.lines, changed);
        return recorded;
      });
    } catch (error) {
      // A concurrent request with the same key won: answer as it did.
      if (key && isUniqueViolation(error)) {
        const replay = await answerForKey(key, hash, ctx);
        if (replay) return replay;
      }
      throw error;
    }

    // Step 5: start the payment.
    const { order, lines } = placed;
    const paymentUrl = startKind ? await paymentStart.startClaimedPayment(order, lines, startKind) : null;
    return orderAnswer({ ...order, paymentUrl }, startKind);
  }

  async function answerForKey(key: string, hash: string | null, client: RequestClient) {
    const stored = await keyedOrder(db, key, hash, client);
    if (!stored) return null;
    // The first request may still be opening the payment: answer with the same page.
    if (stored.startKind) await startPayment(stored.orderNumber, stored.startKind);
    return answerForOrder(stored.orderNumber, stored.startKind);
  }

  async function answerForOrder(
    number: number,
    startKind: PaymentKind | null,
  ): Promise<{ access: OrderAccess; body: OrderAnswer }> {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new Error(`Order ${number} vanished`);
    return orderAnswer(order, startKind);
  }

  /**
   * The payment result page (DECISIONS 12): the state of the order's payment as the server knows it,
   * for the browser that made the order or the one holding the return address's key. Any other
   * number is `not_found`, whether or not it exists, and nothing personal is given.
   */
  async function getPaymentState(
    number: number,
    access: OrderAccess[],
    statusKey?: string,
  ): Promise<PaymentState> {
    const [row] = await db
      .select({ status: orders.status, accessKey: orders.accessKey })
      .from(orders)
      .where(eq(orders.number, number));
    if (!row) return 'not_found';
    const grant = access.find((a) => a.n === number);
    const allowed =
      (grant !== undefined && sameKey(grant.k, row.accessKey)) ||
      (statusKey !== undefined && sameKey(orderStatusKey(row.accessKey), statusKey));
    if (!allowed) return 'not_found';
    if (isPaidStatus(row.status)) return 'paid';
    return row.status === 'new' || row.status === 'awaiting_payment' ? 'pending' : 'failed';
  }

  /**
   * Cancels an order (an operator's decision, DECISIONS 14): allowed from new, awaiting payment and
   * paid by the transition table; its stock and promo-code use go back. False when the table
   * forbids it (shipped, delivered, already closed).
   */
  async function cancelOrder(number: number, cause: string): Promise<boolean> {
    return withStockChanges((tx, changed) => transition(tx, number, 'cancelled', cause, changed));
  }

  /** Unpaid orders past their time fail and give their stock back. Returns how many expired. */
  async function expireOverdue(): Promise<number> {
    const overdue = await db
      .select({ number: orders.number, status: orders.status, paymentId: orders.paymentId })
      .from(orders)
      .where(and(inArray(orders.status, ['new', 'awaiting_payment']), lt(orders.expiresAt, clock())))
      .limit(200);
    let expired = 0;
    for (const { number, status, paymentId } of overdue) {
      // The provider's page closes first, so nobody pays an order whose stock is going back.
      if (paymentId && !paymentId.startsWith('claim-')) await payments.expirePayment(paymentId);
      // A draft or an instalment order whose payment never started is cancelled (DECISIONS 14 has no
      // new -> payment_failed); both give the stock back.
      const to = status === 'new' ? 'cancelled' : 'payment_failed';
      const done = await withStockChanges((tx, changed) =>
        transition(tx, number, to, 'not paid in time', changed),
      );
      if (done) expired += 1;
    }
    return expired;
  }

  /**
   * `GET /api/orders/for-analytics`: the order as the result screen and analytics need it, for the
   * browser that made it; with the status key of the return address (the payer's browser), only
   * its status.
   */
  async function getOrderView(
    number: number,
    access: OrderAccess[],
    statusKey?: string,
  ): Promise<OrderView | OrderStatusView> {
    if (statusKey && !access.some((a) => a.n === number)) {
      const [row] = await db
        .select({ status: orders.status, accessKey: orders.accessKey })
        .from(orders)
        .where(eq(orders.number, number));
      if (!row || !sameKey(orderStatusKey(row.accessKey), statusKey)) {
        throw new AppError('not_found', { key: 'order.not_found' });
      }
      return { orderID: number, status: row.status, paid: isPaidStatus(row.status) };
    }
    const order = await requireOrder(db, number, access);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    return {
      orderID: order.number,
      status: order.status,
      paid: isPaidStatus(order.status),
      deliveryMethod: order.getWay,
      payment: order.payment,
      currency: 'RUB',
      summ: order.goodsPayable,
      deliveryPrice: order.deliveryPrice,
      promocodeDiscountPrice: order.promoDiscount,
      total: order.total,
      products: lines.map((l) => ({
        variantId: l.variantId,
        groupId: l.groupId,
        name: l.name,
        size: l.size,
        barcode: l.barcode,
        price: l.price,
        oldPrice: l.oldPrice,
        count: l.count,
        category: l.category,
      })),
    };
  }

  return {
    checkPromo,
    createOrder,
    startDolyame: paymentStart.startDolyame,
    startInstalment: paymentStart.startInstalment,
    applyPaymentNotice: notices.applyPaymentNotice,
    receiveNotification: notices.receiveNotification,
    capturePayment: paymentStart.capturePayment,
    checkAwaitingPayments: notices.checkAwaitingPayments,
    paymentReceipt: paymentStart.paymentReceipt,
    cancelOrder,
    expireOverdue,
    /** The stock-returning transition and its transaction, for the back office (orders-admin.service.ts). */
    withStockChanges,
    transition,
    getOrderView,
    getPaymentState,
    /** For tests and operators: the stored order with its lines and events. */
    async getOrderRecord(number: number) {
      const [order] = await db.select().from(orders).where(eq(orders.number, number));
      if (!order) return null;
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
      return { order, lines, events };
    },
    today: () => moscowDate(clock()),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** The answer to the order's placement (or its replay), and the access the browser keeps. */
function orderAnswer(
  order: Pick<typeof orders.$inferSelect, 'number' | 'accessKey' | 'payment' | 'paymentUrl'>,
  startKind: PaymentKind | null,
): { access: OrderAccess; body: OrderAnswer } {
  const access = { n: order.number, k: order.accessKey };
  const ids = { order: { orderID: order.number }, data: { orderID: order.number } };
  // checkout.md §4: drafts, dolyame, tinkoff and hePayMode (the provider reaches the phone
  // itself) answer the order id only; split and yaPay the url, which the storefront shows as a
  // link; the rest the url the storefront follows.
  const idOnly =
    ['dolyame', 'tinkoff'].includes(order.payment) || startKind === 'phone' || order.paymentUrl === null;
  return {
    access,
    body: idOnly ? { result: true, ...ids } : { result: true, url: order.paymentUrl ?? undefined, ...ids },
  };
}

export type OrderAnswer = {
  result: true;
  url?: string;
  order: { orderID: number };
  data: { orderID: number };
};
