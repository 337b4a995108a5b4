import { orderEvents, orderLines, orders } from '../../db/schema/index.ts';
import { isMoscowWay, MOSCOW } from '../../delivery/delivery.rules.ts';
import type { Locale } from '../../i18n.ts';
import { enqueueOrderMessages } from '../../messages/order-messages.service.ts';
import { type Holder, networkOf } from '../order.rules.ts';
import type { Tx } from '../order-access.ts';
import type { OrderPayload } from '../orders.schemas.ts';
import type { PricedOrder } from './price-order.step.ts';

/** The consent text version recorded with each order of the site: its checkout's box (DECISIONS 20). */
export const CONSENT_VERSION = 'personal-data-2026-11';
/**
 * The version of the agreement text beside the app's pay button (checkout.md §2), recorded with each
 * order placed from the app: the order is the consent (docs/product/checkout-and-payments.md).
 */
export const APP_CONSENT_VERSION = 'personal-data-app-pay-button-2026-11';
/**
 * The version of the consent staff read out and confirm when taking an order by phone
 * (docs/product/phone-orders.md).
 */
export const PHONE_CONSENT_VERSION = 'personal-data-phone-2026-11';

/**
 * Placement step 4: record the order, its lines with what each reserves, its first event and the
 * confirmation message, in the placing transaction. With `paymentClaim` the order is stored already
 * claimed for its payment's start (core/orders/payment-start.service.ts), so a retry under its key
 * waits for that start instead of opening another. Returns the stored order and lines. Undo: the
 * order is never deleted; failing or cancelling it (core/orders/order-transition.service.ts) gives
 * back what the other steps took.
 */
export async function recordOrder(
  tx: Tx,
  order: {
    input: OrderPayload;
    priced: PricedOrder;
    shown: { total: number | null; rate4: number | null };
    reserved: Map<string, number>;
    locale: Locale;
    userId: string | null;
    client: Holder;
    accessKey: string;
    paymentClaim: string | null;
    now: Date;
    expiresAt: Date;
    /** A phone order's staff member (docs/product/phone-orders.md): the source is `phone`, the consent spoken. */
    takenBy?: string;
  },
): Promise<{ order: StoredOrder; lines: StoredLine[] }> {
  const { input, priced, shown, client, now } = order;
  const byPhone = order.takenBy !== undefined;
  const { totals, place } = priced;
  const [row] = await tx
    .insert(orders)
    .values({
      status: 'new',
      userId: order.userId,
      locale: order.locale,
      displayCurrency: input.currency,
      displayTotal: shown.total,
      displayRate4: shown.rate4,
      getWay: input.deliveryMethod,
      payment: input.payment,
      fullName: input.fullName,
      phone: input.phone,
      email: input.email,
      comment: input.comment,
      delivery: {
        city: place.city,
        cityID: place.cityID,
        country: input.country || (place.countryCode === 'RU' ? MOSCOW.country : place.countryCode),
        countryId: input.countryId,
        countryCode: place.countryCode,
        address: place.address,
        room: input.room,
        postal: input.postal,
        pvzID: place.pickupPointId,
        pvz: place.pvz,
        deliveryDate: isMoscowWay(input.deliveryMethod) ? (input.deliveryDate ?? null) : null,
        deliveryTime: isMoscowWay(input.deliveryMethod) ? (input.deliveryTime ?? null) : null,
        deliveryMaxDate: place.maxDate,
        outMKAD: place.outMKAD,
      },
      goodsTotal: totals.goods,
      goodsPayable: totals.goodsPayable,
      deliveryPrice: totals.delivery ?? 0,
      promoCode: priced.promo?.code ?? null,
      promoPercent: priced.promo?.percent ?? 0,
      promoDiscount: totals.promoDiscount,
      total: totals.total,
      payerPhone:
        input.payment === 'other_pay'
          ? (input.payerPhone ?? null)
          : input.hePayMode
            ? (input.hePayPhone ?? null)
            : null,
      instalmentMonths: input.payment === 'tinkoff' ? (input.instalmentMonths ?? 3) : null,
      consentVersion: byPhone ? PHONE_CONSENT_VERSION : input.consent ? CONSENT_VERSION : APP_CONSENT_VERSION,
      consentAt: now,
      consentIp: client.ip,
      consentChannel: byPhone ? 'phone' : input.consent ? 'web' : 'app',
      source: byPhone ? 'phone' : 'shop',
      takenBy: order.takenBy ?? null,
      deviceId: client.deviceId,
      holdNetwork: networkOf(client.ip),
      accessKey: order.accessKey,
      paymentId: order.paymentClaim,
      createdAt: now,
      updatedAt: now,
      expiresAt: order.expiresAt,
    })
    .returning();
  if (!row) throw new Error('The order was not stored');
  // The first event rides with the lines: one statement.
  const created = tx.$with('created').as(
    tx.insert(orderEvents).values({
      orderNumber: row.number,
      fromStatus: null,
      toStatus: 'new',
      cause: 'created',
      at: now,
    }),
  );
  const lines = await tx
    .with(created)
    .insert(orderLines)
    .values(
      priced.lines.map((l) => ({
        orderNumber: row.number,
        variantId: l.variantId,
        groupId: l.groupId,
        name: l.name,
        size: l.size,
        barcode: l.barcode,
        category: l.category,
        price: l.price,
        oldPrice: l.oldPrice,
        count: l.count,
        reserved: order.reserved.get(l.variantId) ?? 0,
      })),
    )
    .returning();
  // The confirmation goes out exactly when the order exists (docs/decisions/0021-durable-jobs-and-messages.md).
  await enqueueOrderMessages(tx, row.number, 'created', now);
  return { order: row, lines };
}

export type StoredOrder = typeof orders.$inferSelect;
export type StoredLine = typeof orderLines.$inferSelect;
