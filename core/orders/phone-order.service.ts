import { randomBytes } from 'node:crypto';
import { and, asc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { ReadCache } from '../cache/read-cache.ts';
import { sortSizes } from '../catalogue/size.rules.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { jobs, orderEvents, orderLines, orders, productGroups, variantProducts } from '../db/schema/index.ts';
import { availableGetWays, pickupCarrier } from '../delivery/delivery.rules.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { AppError } from '../errors.ts';
import { type Locale, pick } from '../i18n.ts';
import { enqueueJob, type JobOutcome, type JobRow } from '../jobs/jobs.service.ts';
import { createPaymentLinkSender } from '../messages/payment-link.ts';
import type { Providers } from '../providers/index.ts';
import type { RatesService } from '../rates/rates.service.ts';
import { DEFAULT_HOLD_MINUTES, holdMinutes } from './order.rules.ts';
import { createOrderTransitions } from './order-transition.service.ts';
import { type OrderPayload, orderWireFields } from './orders.schemas.ts';
import { createPaymentStart, newPaymentClaim } from './payment-start.service.ts';
import {
  type PaymentLinkInput,
  type PhoneOrderInput,
  type PhoneOrderQuoteInput,
  phoneOrderGetWays,
} from './phone-order.schemas.ts';
import type { PaymentLinkSend, PhoneOrderQuote, PhoneOrderView } from './phone-order.wire.ts';
import { consumePromo } from './place-order/consume-promo.step.ts';
import { createOrderPricing } from './place-order/price-order.step.ts';
import { recordOrder } from './place-order/record-order.step.ts';
import { reservationOf, reservationTags, reserveStock } from './place-order/reserve-stock.step.ts';

/** The job that sends a phone order's payment link, once per sending and channel. */
export const PHONE_PAYMENT_LINK_JOB = 'phone-order-payment-link';

/** How a phone order's payment is taken: by card, on the provider's page the link opens. */
const PAYMENT = 'online';

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/**
 * Orders taken by phone (docs/product/phone-orders.md): staff pick the goods, the delivery and the
 * buyer; the server prices and places the order with the storefront's own placement steps
 * (core/orders/place-order/: price, consume the promo code, record, reserve stock, then start the
 * card payment), marked as the staff member's phone order; the payment link then goes to the buyer by
 * SMS or e-mail through the job queue, as often as staff send it.
 */
export function createPhoneOrdersService({
  db,
  providers,
  settings,
  delivery,
  rates,
  cache,
  audit,
  clock,
  publicUrl,
}: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  delivery: DeliveryService;
  rates: RatesService;
  cache: ReadCache;
  audit: AuditService;
  clock: () => Date;
  publicUrl: string;
}) {
  const payments = providers.payments.provider;
  const transitions = createOrderTransitions({ db, cache, clock });
  const pricing = createOrderPricing({ db, settings, delivery, rates, clock, paymentKinds: payments.kinds });
  const paymentStart = createPaymentStart({ db, payments, settings, transitions, clock });
  const sendPaymentLink = createPaymentLinkSender({ db, providers, settings });
  const origin = publicUrl.replace(/\/+$/, '');
  const absolute = (url: string) =>
    /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

  /** The order payload of the storefront's placement, from the staff form's choices. */
  function payloadOf(
    input: PhoneOrderQuoteInput & Partial<Pick<PhoneOrderInput, 'fullName' | 'email' | 'comment'>>,
  ): OrderPayload {
    return {
      deliveryMethod: input.deliveryMethod,
      payment: PAYMENT,
      fullName: input.fullName ?? '',
      phone: input.phone,
      email: input.email ?? '',
      comment: input.comment ?? '',
      products: input.lines.map((l) => ({ variantId: l.variantId, count: l.count })),
      city: input.city,
      cityID: input.cityID,
      country: '',
      countryId: 1,
      address: input.address,
      room: input.room,
      postal: input.postal,
      pickupPointId: input.pickupPointId,
      pvz: null,
      deliveryDate: input.deliveryDate,
      deliveryTime: input.deliveryTime,
      promocode: input.promocode || undefined,
      currency: 'RUB',
      consent: true,
    };
  }

  /** The delivery methods the shop offers now, of those a phone order takes. */
  async function deliveryWays() {
    const offered = availableGetWays(await delivery.deliverySettings(), 'ru');
    return phoneOrderGetWays.filter((way) => offered.includes(way));
  }

  /** Published products by name or article, each size with its stock as it is now. */
  async function searchProducts(query: string, locale: Locale) {
    const q = query.trim();
    if (q.length < 2) return { products: [] };
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const groups = await db
      .select()
      .from(productGroups)
      .where(
        and(
          eq(productGroups.published, true),
          or(
            ilike(productGroups.art, pattern),
            ilike(productGroups.id, pattern),
            sql`${productGroups.name}->>'ru' ilike ${pattern}`,
            sql`${productGroups.name}->>'en' ilike ${pattern}`,
          ),
        ),
      )
      .orderBy(asc(productGroups.position), asc(productGroups.id))
      .limit(20);
    if (groups.length === 0) return { products: [] };
    const variants = await db
      .select()
      .from(variantProducts)
      .where(
        inArray(
          variantProducts.groupId,
          groups.map((g) => g.id),
        ),
      );
    return {
      products: groups.map((g) => ({
        id: g.id,
        art: g.art,
        name: pick(g.name, locale),
        colour: pick(g.colorName, locale),
        price: g.price,
        oldPrice: g.oldPrice,
        sizes: sortSizes(
          variants.filter((v) => v.groupId === g.id),
          (v) => v.size,
        ).map((v) => ({ variantId: v.id, size: v.size, stock: v.stock, preorder: v.preorder })),
      })),
    };
  }

  /** Pickup points of a carrier in a city, for the form's list. */
  async function pickupPoints(way: 'self-sdek' | 'self-boxberry', cityID: number) {
    const points = await delivery.listPickupPoints(pickupCarrier(way), { code: cityID });
    return {
      points: points.ok
        ? points.value.slice(0, 200).map((p) => ({
            code: p.code,
            name: p.name,
            address: p.location.address,
            workTime: p.workTime,
          }))
        : [],
    };
  }

  /** The server's prices of the form's choices: lines, delivery, discount and total (nothing stored). */
  async function quote(input: PhoneOrderQuoteInput, locale: Locale) {
    await requireWay(input.deliveryMethod);
    const priced = await pricing.priceOrder(payloadOf(input), locale);
    return { quote: quoteOf(priced) };
  }

  function quoteOf(priced: Awaited<ReturnType<typeof pricing.priceOrder>>): PhoneOrderQuote {
    const { totals, place } = priced;
    return {
      lines: priced.lines.map((l) => ({
        variantId: l.variantId,
        name: l.name,
        size: l.size,
        price: l.price,
        oldPrice: l.oldPrice,
        count: l.count,
        preorder: l.preorder,
      })),
      goods: totals.goods,
      delivery: totals.delivery ?? 0,
      freeDelivery: totals.freeDelivery,
      promoCode: priced.promo?.code ?? null,
      promoDiscount: totals.promoDiscount,
      total: totals.total,
      deliveryMaxDate: place.maxDate,
      place: { city: place.city, address: place.address, pvz: place.pvz },
    };
  }

  async function requireWay(way: PhoneOrderQuoteInput['deliveryMethod']) {
    if (!(await deliveryWays()).includes(way)) {
      throw new AppError(
        'invalid_data',
        { key: 'delivery.way_unavailable' },
        { field: orderWireFields.deliveryMethod },
      );
    }
  }

  /**
   * Places the order as the storefront does (price, consume the promo code, record, reserve stock,
   * in one transaction a refusal rolls back whole), marked as a phone order taken by `actor`, then
   * starts its card payment. The hold caps of anonymous shoppers (docs/decisions/0018) do not apply:
   * a signed-in staff member places it, named in the audit log.
   */
  async function create(input: PhoneOrderInput, actor: Actor, locale: Locale) {
    await requireWay(input.deliveryMethod);
    const payload = payloadOf(input);
    const priced = await pricing.priceOrder(payload, locale);
    const shop = priced.shop;
    const now = clock();
    const holdFor = holdMinutes(PAYMENT, shop.main.orderHoldMinutes ?? DEFAULT_HOLD_MINUTES);
    const placed = await transitions.withStockChanges(async (tx, changed, announce) => {
      if (priced.promo) {
        await consumePromo(
          tx,
          priced.promo.code,
          { phone: input.phone, email: input.email, provenPhone: null, userId: null },
          now,
          { lines: priced.lines, priced: priced.promo, locale },
        );
      }
      const recorded = await recordOrder(tx, {
        input: payload,
        priced,
        shown: { total: priced.totals.total, rate4: null },
        reserved: reservationOf(priced.lines),
        locale: 'ru',
        userId: null,
        client: { phone: input.phone, ip: actor.ip, deviceId: null },
        accessKey: randomBytes(16).toString('base64url'),
        paymentClaim: newPaymentClaim(),
        now,
        expiresAt: new Date(now.getTime() + holdFor * 60_000),
        takenBy: actor.userId,
      });
      await tx.insert(orderEvents).values({
        orderNumber: recorded.order.number,
        fromStatus: 'new',
        toStatus: 'new',
        cause: `taken by phone by staff (${actor.email})`,
        at: now,
      });
      await audit.record(tx, actor, {
        action: 'order.phone',
        entityType: 'order',
        entityId: String(recorded.order.number),
        after: {
          amount: recorded.order.total,
          lines: priced.lines.map((l) => `${l.name}${l.size ? `, ${l.size}` : ''} × ${l.count}`),
        },
      });
      await announce(reservationTags(priced.lines));
      await reserveStock(tx, priced.lines, changed);
      return recorded;
    });
    // The card payment's page: a provider that cannot be reached now leaves the order new, and the
    // first sending of the link starts it again.
    try {
      await paymentStart.startClaimedPayment(placed.order, placed.lines, 'card');
    } catch {
      // The claim was given back; getOrder shows no link until a sending starts the payment.
    }
    return { order: await getOrder(placed.order.number, locale), quote: quoteOf(priced) };
  }

  /** The phone order's panel: its state, the payment page and every sending of the link. */
  async function getOrder(number: number, locale: Locale): Promise<PhoneOrderView> {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
    const sent = await db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, PHONE_PAYMENT_LINK_JOB), like(jobs.key, `${PHONE_PAYMENT_LINK_JOB}:${number}:%`)),
      )
      .orderBy(asc(jobs.id));
    return {
      number: order.number,
      status: order.status,
      source: order.source,
      fullName: order.fullName,
      phone: order.phone,
      email: order.email,
      total: order.total,
      payUrl: order.status === 'awaiting_payment' && order.paymentUrl ? absolute(order.paymentUrl) : null,
      expiresAt: order.expiresAt.toISOString(),
      sends: sent.map(sendOf),
    };
  }

  /**
   * Sends the buyer the link to the order's payment page by SMS, e-mail or both (again, as often as
   * staff ask, while it awaits payment); each sending is an event of the order's history and a record
   * of the audit log. A payment whose start failed is started first.
   */
  async function sendLink(number: number, input: PaymentLinkInput, actor: Actor, locale: Locale) {
    let [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
    if (order.status === 'new' && order.paymentId === null && order.payment === PAYMENT) {
      await paymentStart.startPayment(number, 'card').catch(() => null);
      [order] = await db.select().from(orders).where(eq(orders.number, number));
    }
    if (order?.status !== 'awaiting_payment' || !order.paymentId || !order.paymentUrl) {
      throw new AppError(
        'conflict',
        t(
          locale,
          'Заказ не ждёт оплаты: ссылку отправить нельзя',
          'The order is not awaiting payment: no link can be sent',
        ),
      );
    }
    const channels = input.channels === 'both' ? (['sms', 'email'] as const) : [input.channels];
    if (channels.includes('email') && !order.email.includes('@')) {
      throw new AppError(
        'invalid_data',
        t(locale, 'У заказа нет e-mail покупателя', 'The order has no buyer e-mail'),
        { field: 'channels' },
      );
    }
    const { paymentId, status, phone, email } = order;
    const now = clock();
    await db.transaction(async (tx) => {
      const [event] = await tx
        .insert(orderEvents)
        .values({
          orderNumber: number,
          fromStatus: status,
          toStatus: status,
          cause: `payment link sent by staff (${actor.email}): ${channels.join(', ')}`,
          at: now,
        })
        .returning({ id: orderEvents.id });
      for (const channel of channels) {
        await enqueueJob(tx, {
          kind: PHONE_PAYMENT_LINK_JOB,
          key: `${PHONE_PAYMENT_LINK_JOB}:${number}:${event?.id ?? now.getTime()}:${channel}`,
          payload: { orderNumber: number, paymentId, channel },
          runAt: now,
        });
      }
      await audit.record(tx, actor, {
        action: 'order.payment_link',
        entityType: 'order',
        entityId: String(number),
        // To whom: the phone for an SMS, the address for an e-mail.
        after: {
          ...(channels.includes('sms') ? { phone } : {}),
          ...(channels.includes('email') ? { email } : {}),
        },
      });
    });
    return getOrder(number, locale);
  }

  /** The job: sends the link while the order still awaits payment on the same payment page. */
  async function sendPaymentMessage(job: JobRow): Promise<JobOutcome> {
    const { orderNumber, paymentId, channel } = job.payload as {
      orderNumber: number;
      paymentId: string;
      channel: 'email' | 'sms';
    };
    const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber));
    if (!order) return { skipped: 'no order' };
    if (order.status !== 'awaiting_payment' || order.paymentId !== paymentId || !order.paymentUrl)
      return { skipped: 'the order no longer awaits this payment' };
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, orderNumber));
    return sendPaymentLink({
      wording: 'order',
      channel,
      to: order,
      idempotencyKey: job.key,
      number: orderNumber,
      lines: lines.map((l) => ({ name: l.name, size: l.size, count: l.count, amount: l.price * l.count })),
      amount: order.total,
      payUrl: absolute(order.paymentUrl),
    });
  }

  return {
    deliveryWays: async () => ({ ways: await deliveryWays() }),
    searchProducts,
    suggestCities: async (q: string) => ({ cities: await delivery.suggestCities(q, 10) }),
    pickupPoints,
    quote,
    create,
    getOrder,
    sendLink,
    sendPaymentMessage,
  };
}

export type PhoneOrdersService = ReturnType<typeof createPhoneOrdersService>;

function sendOf(job: JobRow): PaymentLinkSend {
  const channel = (job.payload as { channel: 'sms' | 'email' }).channel;
  const at = job.createdAt.toISOString();
  const id = job.id;
  if (job.status === 'done') {
    const skipped = job.result?.startsWith('skipped') ?? false;
    return { id, at, channel, state: skipped ? 'skipped' : 'sent', error: null };
  }
  if (job.status === 'failed') return { id, at, channel, state: 'failed', error: job.lastError };
  return { id, at, channel, state: 'queued', error: job.lastError };
}
