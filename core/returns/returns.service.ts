import { and, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { type ContactOwner, isShopperOrder } from '../accounts/proven-contacts.ts';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { cacheTags } from '../cache/read-cache.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  defectiveStock,
  orderEvents,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
  returnLines,
  returns,
  variantProducts,
} from '../db/schema/index.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { AppError, type MessageRef } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService, RateRule } from '../limits/rate-limit.service.ts';
import { enqueueRestockCheck } from '../messages/order-messages.service.ts';
import { carrierOf, normalizeContact } from '../orders/order-status.rules.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { DEFAULT_RECEIPT_SETTINGS } from '../orders/payment-receipt.rules.ts';
import { withVatRates } from '../orders/receipt-vat.ts';
import { type ShipmentCarrier, shipmentCarrierOf } from '../orders/shipments.rules.ts';
import { buildShipmentRequest, carrierRefusal } from '../orders/shipments.service.ts';
import type { Providers } from '../providers/index.ts';
import { releaseRefundedMarks } from '../refunds/refund-marks.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import { shopperMessage } from '../shopper-messages.ts';
import { carrierName, returnStatusName } from '../staff-messages.ts';
import {
  DEFAULT_RETURN_SETTINGS,
  planRefund,
  type ReturnMethod,
  type ReturnRefundStatus,
  type ReturnSettings,
  returnableUnits,
  returnDeadline,
  returnInstructions,
  returnLabel,
  withinWindow,
} from './returns.rules.ts';
import type {
  ExchangeShippedInput,
  ReturnCancelInput,
  ReturnDecisionInput,
  ReturnListQuery,
  ReturnRequestInput,
  StaffReturnInput,
} from './returns.schemas.ts';
import { enqueueReturnMessages } from './returns-messages.service.ts';

type OrderRow = typeof orders.$inferSelect;
type ReturnRow = typeof returns.$inferSelect;

/** Requests from one address (options and requests alike): a shopper is served, a guessing script is not. */
export const RETURNS_LIMIT: RateRule = { limit: 20, windowSeconds: 600 };
/**
 * Wrong contacts typed for one order from one client (address and device id): the guesser stops, the
 * order's customer elsewhere does not (docs/decisions/0013-sign-in-lock-outs.md).
 */
export const RETURNS_PER_CLIENT_ORDER_LIMIT: RateRule = { limit: 10, windowSeconds: 3600 };

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** Who asks: the signed-in shopper, and/or the contact typed into /status, and their address. */
export interface ShopperAccess {
  userId: string | null;
  /** The signed-in shopper's account: their guest orders with a proven contact are theirs too. */
  owner?: ContactOwner;
  contact?: string;
  ip: string;
  /** The address plus the device id (`clientKey`): whose wrong contacts are counted. */
  client: string;
  /**
   * Staff opening a return for a buyer who phones or comes to the showroom: any order is theirs to
   * open it for, nothing is counted as a guess, and the audit names them.
   */
  staff?: Actor;
}

/**
 * Returns and size exchanges (docs/product/returns.md, docs/decisions/0033-returns-and-exchanges.md).
 * A shopper asks to return delivered lines within the window; staff receive the parcel, decide each
 * line, and the refund of the accepted ones goes through the payment provider with its refund
 * receipt. Every change that can count twice (units in returns, stock, the refund) happens under the
 * order's row lock or a conditional update, so two requests or two staff at once never double it.
 */
export function createReturnsService({
  db,
  providers,
  delivery,
  settings,
  orders: ordersService,
  audit,
  limits,
  clock,
  refunds,
}: {
  db: Db;
  providers: Providers;
  /** The carriers' pickup points a buyer may bring a return to (the order's city). */
  delivery: Pick<DeliveryService, 'listPickupPoints'>;
  settings: SettingsService;
  orders: OrdersService;
  audit: AuditService;
  limits: RateLimitService;
  clock: () => Date;
  refunds: RefundsService;
}) {
  /**
   * The refund of each return (core/refunds/, one per return), as the return's figures: goods and
   * delivery refunded, the refund's state (`nothing` for a closed return that refunds nothing, `none`
   * before the decision) and its receipt.
   */
  async function refundOf(tx: Tx | Db, numbers: number[]) {
    const rows = numbers.length
      ? await tx.select().from(orderRefunds).where(inArray(orderRefunds.returnNumber, numbers))
      : [];
    return (r: { number: number; status: string }) => {
      const refund = rows.find((x) => x.returnNumber === r.number);
      const status: ReturnRefundStatus = refund
        ? refund.state === 'needed'
          ? 'started'
          : refund.state
        : r.status === 'closed' || r.status === 'cancelled'
          ? 'nothing'
          : 'none';
      return {
        refundId: refund?.id ?? null,
        refundGoods: refund ? refund.amount - refund.deliveryAmount : 0,
        refundDelivery: refund?.deliveryAmount ?? 0,
        refundStatus: status,
        providerRefundId: refund?.providerRefundId ?? null,
        refundReceipt: refund?.receipt ?? null,
      };
    };
  }

  async function returnSettings(): Promise<ReturnSettings> {
    return (await settings.getShopSettings()).main.returns ?? DEFAULT_RETURN_SETTINGS;
  }

  const notFound = (_locale: Locale) => new AppError('not_found', { key: 'returns.not_found' });

  /**
   * The order, if the asker may return from it: a signed-in shopper's own order (a guest order with a
   * contact they have proven included), or the order whose phone or e-mail was typed (limited per address and per order). Every refusal is the same.
   */
  async function ownedOrder(
    runner: Tx | Db,
    orderID: number,
    access: ShopperAccess,
    locale: Locale,
    lock: boolean,
  ): Promise<OrderRow> {
    const base = runner.select().from(orders).where(eq(orders.number, orderID));
    const [order] = lock ? await base.for('update') : await base;
    if (!order) throw notFound(locale);
    if (access.staff) return order;
    if (access.contact !== undefined) {
      const contact = normalizeContact(access.contact);
      const matches =
        contact !== null &&
        ('email' in contact ? order.email.toLowerCase() === contact.email : order.phone === contact.phone);
      if (matches) return order;
      throw notFound(locale);
    }
    if (access.userId !== null && order.userId === access.userId) return order;
    if (access.owner && access.owner.id === access.userId && isShopperOrder(access.owner, order))
      return order;
    throw notFound(locale);
  }

  /**
   * Counts a request per address, and a wrong contact per order and client before the check: the
   * caller gives the records back (`limits.releaseAll`) once the order turns out to be the asker's.
   */
  async function limitGuessing(orderID: number, access: ShopperAccess, locale: Locale): Promise<number[]> {
    if (access.staff || (access.contact === undefined && access.userId !== null)) return [];
    const message = shopperMessage('returns.too_many', locale);
    await limits.hit(`returns:${access.ip}`, RETURNS_LIMIT, message);
    return limits.reserveAll(
      [[`returns-order:${orderID}:${access.client}`, RETURNS_PER_CLIENT_ORDER_LIMIT]],
      message,
    );
  }

  async function deliveredAt(runner: Tx | Db, orderNumber: number): Promise<Date | null> {
    const [row] = await runner
      .select({ at: sql<string | Date | null>`max(${orderEvents.at})` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderNumber, orderNumber), eq(orderEvents.toStatus, 'delivered')));
    return row?.at ? new Date(row.at) : null;
  }

  /** Units of each order line already in returns that are not cancelled. */
  async function unitsInReturns(runner: Tx | Db, orderNumber: number): Promise<Map<number, number>> {
    const rows = await runner
      .select({ lineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
      .from(returnLines)
      .innerJoin(returns, eq(returns.number, returnLines.returnNumber))
      .where(and(eq(returns.orderNumber, orderNumber), ne(returns.status, 'cancelled')))
      .groupBy(returnLines.orderLineId);
    return new Map(rows.map((r) => [r.lineId, Number(r.units)]));
  }

  function returnCarrier(order: OrderRow): 'sdek' | 'boxberry' | null {
    const carrier = carrierOf(order.getWay, order.delivery.countryCode);
    if (carrier === 'sdek' || carrier === 'boxberry') return carrier;
    return (order.delivery.countryCode || 'RU') === 'RU' ? 'sdek' : null;
  }

  /** The pickup point the order came through, when it came to one of the return's carrier. */
  function defaultReturnPoint(order: OrderRow, carrier: string | null): string | null {
    return carrier && order.getWay === `self-${carrier}` ? order.delivery.pvzID || null : null;
  }

  /** CDEK's points of the order's city that take parcels; empty when CDEK does not answer. */
  async function returnPoints(order: OrderRow) {
    if (!order.delivery.cityID) return [];
    const found = await delivery.listPickupPoints('sdek', { code: order.delivery.cityID }).catch(() => null);
    return found?.ok ? found.value : [];
  }

  /** Why this order takes no return at all, or null. */
  function orderRefusal(order: OrderRow, delivered: Date | null, rs: ReturnSettings): MessageRef | null {
    if (order.status !== 'delivered') {
      return { key: 'returns.not_received' };
    }
    // A try-on order's goods are paid at the fitting: what stays with the buyer is settled there.
    if (order.goodsPayable === 0 && order.goodsTotal > 0) {
      return { key: 'returns.try_on' };
    }
    if (!withinWindow(delivered, rs.windowDays, clock())) {
      return { key: 'returns.window_closed', params: { days: rs.windowDays } };
    }
    return null;
  }

  async function shopperReturns(orderNumber: number, locale: Locale, showroom: string) {
    const rows = await db
      .select()
      .from(returns)
      .where(eq(returns.orderNumber, orderNumber))
      .orderBy(desc(returns.number));
    if (rows.length === 0) return [];
    const refundFor = await refundOf(
      db,
      rows.map((r) => r.number),
    );
    const lines = await db
      .select({
        returnNumber: returnLines.returnNumber,
        name: orderLines.name,
        size: orderLines.size,
        quantity: returnLines.quantity,
        exchangeSize: returnLines.exchangeSize,
        exchangeStatus: returnLines.exchangeStatus,
        exchangeTracking: returnLines.exchangeTracking,
        decision: returnLines.decision,
        decisionReason: returnLines.decisionReason,
      })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(
        inArray(
          returnLines.returnNumber,
          rows.map((r) => r.number),
        ),
      )
      .orderBy(returnLines.id);
    return rows.map((r) => ({
      number: r.number,
      label: returnLabel(r.number),
      status: r.status,
      method: r.method,
      carrier: r.carrier,
      code: r.carrierCode,
      createdAt: r.createdAt.toISOString(),
      instructions: returnInstructions(locale, {
        label: returnLabel(r.number),
        method: r.method,
        carrier: r.carrier,
        code: r.carrierCode,
        showroom,
      }),
      refund: (() => {
        const f = refundFor(r);
        return { amount: f.refundGoods + f.refundDelivery, status: f.refundStatus };
      })(),
      lines: lines.filter((l) => l.returnNumber === r.number).map(({ returnNumber: _n, ...l }) => l),
    }));
  }

  /**
   * What of an order may be returned now, and the returns already asked: its lines' names, sizes and
   * units (no prices or addresses: a typed contact shows no more than returning needs).
   */
  async function options(orderID: number, access: ShopperAccess, locale: Locale) {
    const guess = await limitGuessing(orderID, access, locale);
    const order = await ownedOrder(db, orderID, access, locale, false);
    await limits.releaseAll(guess);
    const shop = await settings.getShopSettings();
    const rs = shop.main.returns ?? DEFAULT_RETURN_SETTINGS;
    const delivered = await deliveredAt(db, order.number);
    const refusal = orderRefusal(order, delivered, rs);
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number))
      .orderBy(orderLines.id);
    const inReturns = await unitsInReturns(db, order.number);
    const groupIds = [...new Set(lines.map((l) => l.groupId))];
    const sizes = groupIds.length
      ? await db
          .select({
            id: variantProducts.id,
            groupId: variantProducts.groupId,
            size: variantProducts.size,
            stock: variantProducts.stock,
          })
          .from(variantProducts)
          .where(inArray(variantProducts.groupId, groupIds))
          .orderBy(variantProducts.id)
      : [];
    const carrier = returnCarrier(order);
    const methods: ReturnMethod[] = carrier ? ['pickup_point', 'courier', 'showroom'] : ['showroom'];
    const showroom = shop.contacts.address[locale] || shop.contacts.address.ru;
    // A CDEK return may start at any CDEK point of the order's city (the order's own point first).
    const points = carrier === 'sdek' && refusal === null ? await returnPoints(order) : [];
    return {
      orderID: order.number,
      status: order.status,
      deliveredAt: delivered?.toISOString() ?? null,
      deadline: delivered ? returnDeadline(delivered, rs.windowDays).toISOString() : null,
      windowDays: rs.windowDays,
      canReturn:
        refusal === null && lines.some((l) => returnableUnits(l.count, inReturns.get(l.id) ?? 0) > 0),
      refusal: refusal ? shopperMessage(refusal.key, locale, refusal.params) : null,
      deliveryPaidBy: rs.deliveryPaidBy,
      exchangeShips: rs.exchangeShips,
      methods,
      carrier,
      showroom,
      /** The point a pickup-point return starts at unless the buyer picks another; null: none yet. */
      pickupPoint: defaultReturnPoint(order, carrier),
      pickupPoints: points.map((p) => ({
        code: p.code,
        name: p.name,
        address: p.location.address,
        workTime: p.workTime,
      })),
      lines: lines.map((l) => ({
        lineId: l.id,
        name: l.name,
        size: l.size,
        count: l.count,
        returnable: returnableUnits(l.count, inReturns.get(l.id) ?? 0),
        exchangeSizes: sizes
          .filter((s) => s.groupId === l.groupId && s.size !== l.size)
          .map((s) => ({ size: s.size, available: s.stock })),
      })),
      returns: await shopperReturns(order.number, locale, showroom),
    };
  }

  /**
   * The shopper's request: the order is locked, so two requests at once never ask for the same
   * units; an exchange's new size is taken from stock at once (a conditional decrement). The carrier's
   * return parcel is registered after the request commits; a carrier failure leaves the request
   * standing without its code, for staff to register again.
   */
  async function request(input: ReturnRequestInput, access: ShopperAccess, locale: Locale) {
    const ids = input.lines.map((l) => l.lineId);
    if (new Set(ids).size !== ids.length) {
      throw new AppError(
        'invalid_data',
        { key: 'returns.line_twice' },
        {
          field: 'lines',
        },
      );
    }
    const guess = await limitGuessing(input.orderID, access, locale);
    // Set once the order is the asker's: the counted guess is then given back, whatever follows.
    let owned = false;
    try {
      return await requestOwned(input, access, locale, () => {
        owned = true;
      });
    } finally {
      if (owned) await limits.releaseAll(guess);
    }
  }

  /**
   * A return staff open for a buyer who phones or comes to the showroom (docs/product/returns.md):
   * the buyer's own request, with its rules (the window, the units left, the sizes in stock, the
   * carrier's parcel), made by staff for the order, audited as theirs.
   */
  async function openForBuyer(orderNumber: number, input: StaffReturnInput, actor: Actor, locale: Locale) {
    const access: ShopperAccess = { userId: null, staff: actor, ip: 'staff', client: 'staff' };
    return requestOwned({ ...input, orderID: orderNumber }, access, locale, () => {});
  }

  async function requestOwned(
    input: ReturnRequestInput,
    access: ShopperAccess,
    locale: Locale,
    proven: () => void,
  ) {
    const shop = await settings.getShopSettings();
    const rs = shop.main.returns ?? DEFAULT_RETURN_SETTINGS;
    const now = clock();
    // Another CDEK point of the order's city, checked against CDEK's own list before anything is held.
    if (input.pickupPoint !== undefined) {
      const order = await ownedOrder(db, input.orderID, access, locale, false);
      const pointRefused = new AppError(
        'invalid_data',
        { key: 'returns.no_such_point' },
        { field: 'pickupPoint' },
      );
      if (input.method !== 'pickup_point' || returnCarrier(order) !== 'sdek') throw pointRefused;
      const points = await returnPoints(order);
      if (!points.some((p) => p.code === input.pickupPoint)) throw pointRefused;
    }
    const created = await ordersService.withStockChanges(async (tx, changed) => {
      const order = await ownedOrder(tx, input.orderID, access, locale, true);
      proven();
      const refusal = orderRefusal(order, await deliveredAt(tx, order.number), rs);
      if (refusal) throw new AppError('conflict', refusal);
      const carrier = returnCarrier(order);
      if (input.method !== 'showroom' && !carrier) {
        throw new AppError('invalid_data', { key: 'returns.showroom_only' }, { field: 'method' });
      }
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderNumber, order.number));
      const inReturns = await unitsInReturns(tx, order.number);
      const [row] = await tx
        .insert(returns)
        .values({
          orderNumber: order.number,
          status: 'requested',
          method: input.method,
          reason: input.reason,
          comment: input.comment,
          locale,
          carrier: input.method === 'showroom' ? null : carrier,
          pickupPoint: input.method === 'pickup_point' ? (input.pickupPoint ?? null) : null,
          userId: access.userId,
          createdIp: access.ip,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('return insert returned nothing');
      const recorded: { lineId: number; quantity: number; exchangeSize: string | null }[] = [];
      for (const [i, asked] of input.lines.entries()) {
        const line = lines.find((l) => l.id === asked.lineId);
        if (!line) {
          throw new AppError(
            'invalid_data',
            { key: 'returns.no_such_line' },
            {
              field: `lines.${i}.lineId`,
            },
          );
        }
        const left = returnableUnits(line.count, inReturns.get(line.id) ?? 0);
        if (asked.quantity > left) {
          throw new AppError(
            'conflict',
            left === 0
              ? { key: 'returns.already_returned', params: { name: line.name } }
              : { key: 'returns.at_most', params: { name: line.name, left } },
          );
        }
        let exchange: { id: string; size: string } | null = null;
        if (asked.exchangeSize !== undefined) {
          const [variant] = await tx
            .select({ id: variantProducts.id, size: variantProducts.size })
            .from(variantProducts)
            .where(
              and(eq(variantProducts.groupId, line.groupId), eq(variantProducts.size, asked.exchangeSize)),
            );
          if (!variant || variant.size === line.size) {
            throw new AppError(
              'invalid_data',
              { key: 'returns.no_such_size' },
              { field: `lines.${i}.exchangeSize` },
            );
          }
          const [taken] = await tx
            .update(variantProducts)
            .set({ stock: sql`${variantProducts.stock} - ${asked.quantity}` })
            .where(
              and(eq(variantProducts.id, variant.id), sql`${variantProducts.stock} >= ${asked.quantity}`),
            )
            .returning({ stock: variantProducts.stock });
          if (!taken) {
            throw new AppError('conflict', {
              key: 'returns.size_sold_out',
              params: { size: variant.size, name: line.name },
            });
          }
          changed.add(cacheTags.group(line.groupId));
          if (taken.stock === 0) changed.add(cacheTags.listings);
          exchange = variant;
        }
        await tx.insert(returnLines).values({
          returnNumber: row.number,
          orderLineId: line.id,
          quantity: asked.quantity,
          exchangeVariantId: exchange?.id ?? null,
          exchangeSize: exchange?.size ?? null,
          exchangeReserved: exchange ? asked.quantity : 0,
          exchangeStatus: exchange ? (rs.exchangeShips === 'at_once' ? 'to_ship' : 'reserved') : 'none',
        });
        recorded.push({ lineId: line.id, quantity: asked.quantity, exchangeSize: exchange?.size ?? null });
      }
      await audit.record(tx, access.staff ?? null, {
        action: 'return.request',
        entityType: 'return',
        entityId: String(row.number),
        after: {
          order: order.number,
          method: input.method,
          reason: input.reason,
          lines: recorded,
          by: access.staff ? 'staff' : access.userId ? `user ${access.userId}` : 'order contact',
          ip: access.ip,
        },
      });
      await enqueueReturnMessages(tx, row.number, 'requested', now);
      return { row, order };
    });
    if (created.row.carrier) await registerParcel(created.row, created.order, null);
    const showroom = shop.contacts.address[locale] || shop.contacts.address.ru;
    const mine = (await shopperReturns(created.order.number, locale, showroom)).find(
      (r) => r.number === created.row.number,
    );
    if (!mine) throw new Error(`return ${created.row.number} vanished`);
    return mine;
  }

  /**
   * Registers the return parcel with its carrier, once: the row keeps the carrier's id, and a second
   * registration (a retry by staff) is made only while there is none. False when the carrier failed.
   */
  async function registerParcel(row: ReturnRow, order: OrderRow, actor: Actor | null): Promise<boolean> {
    const carrier =
      row.carrier === 'sdek' || row.carrier === 'boxberry' ? providers.carriers[row.carrier] : null;
    if (!carrier?.createReturnShipment || row.carrierId) return row.carrierId !== null;
    const lines = await db
      .select({ quantity: returnLines.quantity, line: orderLines })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(eq(returnLines.returnNumber, row.number));
    const units = lines.reduce((a, l) => a + l.quantity, 0);
    const shop = await settings.getShopSettings();
    const d = order.delivery;
    try {
      const parcel = await carrier.createReturnShipment({
        returnNumber: row.number,
        orderNumber: order.number,
        mode: row.method === 'courier' ? 'door' : 'pickup',
        sender: { name: order.fullName, phone: order.phone, email: order.email },
        shop: { name: shop.main.shopName.ru || shop.main.shopName.en, phone: shop.contacts.phone },
        origin: {
          cityCode: d.cityID,
          city: d.city,
          countryCode: d.countryCode || 'RU',
          postalCode: d.postal,
          address: [d.address, d.room].filter(Boolean).join(', '),
          pickupPointCode: row.pickupPoint ?? defaultReturnPoint(order, row.carrier),
        },
        parcel: {
          weightGrams: Math.max(1, units) * 500,
          valueKopecks: lines.reduce((a, l) => a + l.line.price * l.quantity, 0),
        },
        items: lines.map((l) => ({
          sku: l.line.barcode || l.line.variantId,
          name: l.line.name,
          price: l.line.price,
          count: l.quantity,
          weightGrams: 500,
        })),
      });
      await db.transaction(async (tx) => {
        const [saved] = await tx
          .update(returns)
          .set({ carrierId: parcel.carrierId, carrierCode: parcel.code, updatedAt: clock() })
          .where(and(eq(returns.number, row.number), sql`${returns.carrierId} is null`))
          .returning({ number: returns.number });
        if (!saved) return;
        await audit.record(tx, actor, {
          action: 'return.parcel',
          entityType: 'return',
          entityId: String(row.number),
          before: { carrierId: null },
          after: { carrier: row.carrier, carrierId: parcel.carrierId, code: parcel.code },
        });
        // Registered after the request's message went: the buyer gets the code on its own.
        if (actor) await enqueueReturnMessages(tx, row.number, 'code', clock());
      });
      return true;
    } catch {
      return false;
    }
  }

  // ---- Staff -------------------------------------------------------------------------------------

  const staleError = (locale: Locale, row: ReturnRow) =>
    new AppError(
      'conflict',
      t(
        locale,
        `Возврат изменился, пока вы его смотрели (сейчас: ${returnStatusName(row.status, locale)}). Обновите страницу`,
        `The return changed while you were looking at it (now: ${returnStatusName(row.status, locale)}). Reload the page`,
      ),
    );

  async function lockReturn(tx: Tx, number: number, version: number, locale: Locale) {
    const [row] = await tx.select().from(returns).where(eq(returns.number, number)).for('update');
    if (!row) throw new AppError('not_found', t(locale, 'Возврат не найден', 'Return not found'));
    if (row.version !== version) throw staleError(locale, row);
    return row;
  }

  /** The returns queue, newest first: by state, or of one order. */
  async function list(q: ReturnListQuery) {
    const limit = q.limit ?? 50;
    const where: SQL[] = [];
    if (q.status) where.push(eq(returns.status, q.status));
    if (q.order) where.push(eq(returns.orderNumber, q.order));
    if (q.number) where.push(eq(returns.number, q.number));
    if (q.before) where.push(lt(returns.number, q.before));
    const rows = await db
      .select({
        number: returns.number,
        orderNumber: returns.orderNumber,
        status: returns.status,
        method: returns.method,
        reason: returns.reason,
        carrier: returns.carrier,
        carrierCode: returns.carrierCode,
        createdAt: returns.createdAt,
        fullName: orders.fullName,
        phone: orders.phone,
        units: sql<number>`(select coalesce(sum(${returnLines.quantity}), 0)::int from ${returnLines} where ${returnLines.returnNumber} = ${returns.number})`,
        exchanges: sql<number>`(select count(*)::int from ${returnLines} where ${returnLines.returnNumber} = ${returns.number} and ${returnLines.exchangeVariantId} is not null)`,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.number, returns.orderNumber))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(returns.number))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const refundFor = await refundOf(
      db,
      page.map((r) => r.number),
    );
    return {
      rows: page.map((r) => {
        const f = refundFor(r);
        return {
          ...r,
          refundStatus: f.refundStatus,
          refund: f.refundGoods + f.refundDelivery,
          label: returnLabel(r.number),
        };
      }),
      next: rows.length > limit ? (rows[limit - 1]?.number ?? null) : null,
    };
  }

  /** A return as staff see it: its lines with the order's, the order's figures, what was refunded, the log. */
  async function get(number: number, locale: Locale) {
    const [row] = await db.select().from(returns).where(eq(returns.number, number));
    if (!row) throw new AppError('not_found', t(locale, 'Возврат не найден', 'Return not found'));
    const [[order], lines, others, log] = await Promise.all([
      db.select().from(orders).where(eq(orders.number, row.orderNumber)),
      db
        .select({
          id: returnLines.id,
          orderLineId: returnLines.orderLineId,
          quantity: returnLines.quantity,
          exchangeSize: returnLines.exchangeSize,
          exchangeStatus: returnLines.exchangeStatus,
          exchangeTracking: returnLines.exchangeTracking,
          exchangeCarrier: returnLines.exchangeCarrier,
          exchangeCarrierId: returnLines.exchangeCarrierId,
          decision: returnLines.decision,
          decisionReason: returnLines.decisionReason,
          refundAmount: returnLines.refundAmount,
          name: orderLines.name,
          size: orderLines.size,
          barcode: orderLines.barcode,
          price: orderLines.price,
          count: orderLines.count,
          variantId: orderLines.variantId,
        })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(eq(returnLines.returnNumber, number))
        .orderBy(returnLines.id),
      db
        .select({ number: returns.number, status: returns.status })
        .from(returns)
        .where(eq(returns.orderNumber, row.orderNumber))
        .orderBy(returns.number),
      audit.list({ entityType: 'return', entityId: String(number), limit: 50 }),
    ]);
    if (!order) throw new Error(`return ${number} without its order`);
    const refundFor = await refundOf(
      db,
      others.map((o) => o.number),
    );
    const orderReturns = others.map((o) => {
      const f = refundFor(o);
      return { ...o, refundStatus: f.refundStatus, refund: f.refundGoods + f.refundDelivery };
    });
    const refunded = orderReturns
      .filter((o) => o.refundStatus === 'succeeded' || o.refundStatus === 'manual')
      .reduce((a, o) => a + o.refund, 0);
    const own = refundFor(row);
    return {
      return: { ...row, ...own, label: returnLabel(row.number) },
      lines,
      order: {
        number: order.number,
        status: order.status,
        fullName: order.fullName,
        phone: order.phone,
        email: order.email,
        getWay: order.getWay,
        payment: order.payment,
        goodsTotal: order.goodsTotal,
        promoDiscount: order.promoDiscount,
        deliveryPrice: order.deliveryPrice,
        total: order.total,
        refunded,
      },
      orderReturns: orderReturns.map((o) => ({ ...o, label: returnLabel(o.number) })),
      audit: log.rows,
      canRetryRefund: own.refundStatus === 'failed' || own.refundStatus === 'started',
      canRegisterParcel: row.status === 'requested' && row.carrier !== null && row.carrierId === null,
      canCancel: row.status === 'requested',
      /** The exchange's new sizes may go to the order's carrier («Передать перевозчику»). */
      canHandOverExchange:
        shipmentCarrierOf(order) !== null && lines.some((l) => l.exchangeStatus === 'to_ship'),
      /** The exchange's carrier in words, when the order's method has one. */
      exchangeCarrierName: (() => {
        const c = shipmentCarrierOf(order);
        return c ? carrierName(c, locale) : null;
      })(),
    };
  }

  /** The parcel arrived: once (of two staff at once, the second is refused), and the buyer is told. */
  async function receive(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    await db.transaction(async (tx) => {
      const before = await lockReturn(tx, number, input.version, locale);
      if (before.status !== 'requested') throw staleError(locale, before);
      const now = clock();
      await tx
        .update(returns)
        .set({ status: 'received', receivedAt: now, updatedAt: now, version: before.version + 1 })
        .where(and(eq(returns.number, number), eq(returns.version, before.version)));
      await audit.record(tx, actor, {
        action: 'return.receive',
        entityType: 'return',
        entityId: String(number),
        before: { status: before.status, version: before.version },
        after: { status: 'received', version: before.version + 1 },
      });
      await enqueueReturnMessages(tx, number, 'received', now);
    });
    return get(number, locale);
  }

  /**
   * Staff's decision on every line of a received return: accepted units go back to stock (or to the
   * defective count), refused ones stay with the shop's decision and reason, an exchange's reserved
   * size may be sent (or goes back to stock when its line is refused). The refund of the accepted
   * units is planned under the order's lock from what earlier returns refunded, so units and the
   * delivery are never refunded twice, and sent to the provider after commit.
   */
  async function decide(number: number, input: ReturnDecisionInput, actor: Actor, locale: Locale) {
    const rs = await returnSettings();
    const receiptSettings = (await settings.getShopSettings()).main.receipt ?? DEFAULT_RECEIPT_SETTINGS;
    const outcome = await ordersService.withStockChanges(async (tx, changed) => {
      const before = await lockReturn(tx, number, input.version, locale);
      if (before.status !== 'received') throw staleError(locale, before);
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.number, before.orderNumber))
        .for('update');
      if (!order) throw new Error(`return ${number} without its order`);
      const lines = await tx.select().from(returnLines).where(eq(returnLines.returnNumber, number));
      const given = new Map(input.lines.map((l) => [l.id, l]));
      if (
        given.size !== input.lines.length ||
        lines.some((l) => !given.has(l.id)) ||
        given.size !== lines.length
      ) {
        throw new AppError(
          'invalid_data',
          t(locale, 'Решите по каждой строке возврата', 'Decide on every line of the return'),
          { field: 'lines' },
        );
      }
      const orderLineRows = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderNumber, order.number))
        .orderBy(orderLines.id);
      const now = clock();
      const refundNow: { orderLineId: number; units: number }[] = [];
      for (const line of lines) {
        const d = given.get(line.id);
        const orderLine = orderLineRows.find((o) => o.id === line.orderLineId);
        if (!d || !orderLine) continue;
        let exchangeStatus = line.exchangeStatus;
        if (d.decision === 'accepted') {
          const [back] = await tx
            .update(variantProducts)
            .set({ stock: sql`${variantProducts.stock} + ${line.quantity}` })
            .where(eq(variantProducts.id, orderLine.variantId))
            .returning({ stock: variantProducts.stock });
          changed.add(cacheTags.group(orderLine.groupId));
          if (back?.stock === line.quantity) {
            changed.add(cacheTags.listings);
            await enqueueRestockCheck(tx, orderLine.variantId, now);
          }
        } else if (d.decision === 'defective') {
          const [variant] = await tx
            .select({ id: variantProducts.id })
            .from(variantProducts)
            .where(eq(variantProducts.id, orderLine.variantId));
          if (variant) {
            await tx
              .insert(defectiveStock)
              .values({ variantId: variant.id, count: line.quantity, updatedAt: now })
              .onConflictDoUpdate({
                target: defectiveStock.variantId,
                set: { count: sql`${defectiveStock.count} + ${line.quantity}`, updatedAt: now },
              });
          }
        }
        if (line.exchangeVariantId && line.exchangeReserved > 0) {
          if (d.decision === 'refused' && (exchangeStatus === 'reserved' || exchangeStatus === 'to_ship')) {
            await tx
              .update(variantProducts)
              .set({ stock: sql`${variantProducts.stock} + ${line.exchangeReserved}` })
              .where(eq(variantProducts.id, line.exchangeVariantId));
            changed.add(cacheTags.group(orderLine.groupId));
            changed.add(cacheTags.listings);
            exchangeStatus = 'released';
          } else if (d.decision !== 'refused' && exchangeStatus === 'reserved') {
            exchangeStatus = 'to_ship';
          }
        }
        const refunded = d.decision !== 'refused' && !line.exchangeVariantId;
        if (refunded) refundNow.push({ orderLineId: line.orderLineId, units: line.quantity });
        await tx
          .update(returnLines)
          .set({ decision: d.decision, decisionReason: d.reason, exchangeStatus })
          .where(and(eq(returnLines.id, line.id), eq(returnLines.decision, 'pending')));
      }
      // What the order's earlier refunds (returns, staff's partial refunds) took: units per line, and the delivery.
      const earlier = await tx
        .select({
          lineId: orderRefundLines.orderLineId,
          units: sql<number>`sum(${orderRefundLines.quantity})::int`,
        })
        .from(orderRefundLines)
        .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
        .where(eq(orderRefunds.orderNumber, order.number))
        .groupBy(orderRefundLines.orderLineId);
      const [deliveryEarlier] = await tx
        .select({ sum: sql<number>`coalesce(sum(${orderRefunds.deliveryAmount}), 0)::bigint` })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderNumber, order.number));
      const plan = planRefund(
        { ...order, lines: await withVatRates(tx, orderLineRows, receiptSettings.vat) },
        new Map(earlier.map((e) => [e.lineId, Number(e.units)])),
        refundNow,
        receiptSettings,
        rs.deliveryPaidBy,
        Number(deliveryEarlier?.sum ?? 0),
        await releaseRefundedMarks(tx, order.number, refundNow, now, 'full_payment'),
      );
      for (const line of lines) {
        const amount = refundNow.some((r) => r.orderLineId === line.orderLineId)
          ? (plan.perLine.get(line.orderLineId) ?? 0)
          : 0;
        if (amount > 0)
          await tx.update(returnLines).set({ refundAmount: amount }).where(eq(returnLines.id, line.id));
      }
      const total = plan.goods + plan.delivery;
      // An exchange (or a refusal) that refunds nothing records no refund: its messages say exchange.
      const refund =
        total > 0
          ? await refunds.create(
              tx,
              order.number,
              {
                source: 'return',
                returnNumber: number,
                amount: total,
                deliveryAmount: plan.delivery,
                lines: plan.lines,
                reason: `return ${returnLabel(number)}`,
                receipt: plan.receipt,
                providerKey: `return-${number}-refund`,
              },
              actor,
              locale,
            )
          : null;
      const refundStatus: ReturnRefundStatus = !refund
        ? 'nothing'
        : hasProviderPayment(order)
          ? 'started'
          : 'manual';
      const [after] = await tx
        .update(returns)
        .set({
          status: 'closed',
          decidedAt: now,
          updatedAt: now,
          version: before.version + 1,
        })
        .where(and(eq(returns.number, number), eq(returns.version, before.version)))
        .returning();
      if (!after) throw new Error(`return ${number} changed under its lock`);
      await tx.insert(orderEvents).values({
        orderNumber: order.number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `return ${returnLabel(number)} decided by staff (${actor.email}): refund ${total} kopecks (${refundStatus})`,
        at: now,
      });
      await audit.record(tx, actor, {
        action: 'return.decide',
        entityType: 'return',
        entityId: String(number),
        before: { status: before.status, version: before.version },
        after: {
          status: 'closed',
          version: after.version,
          lines: input.lines,
          refund: { goods: plan.goods, delivery: plan.delivery, status: refundStatus },
        },
      });
      return { refund };
    });
    if (outcome.refund) await refunds.send(outcome.refund.id, actor);
    return get(number, locale);
  }

  function hasProviderPayment(order: OrderRow): boolean {
    return order.paymentId !== null && !order.paymentId.startsWith('claim-');
  }

  /** Sends again a refund the provider refused or did not answer; a succeeded one is refused. */
  async function retryRefund(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const claimed = await db.transaction(async (tx) => {
      const row = await lockReturn(tx, number, input.version, locale);
      const f = (await refundOf(tx, [number]))(row);
      if (f.refundId === null || (f.refundStatus !== 'failed' && f.refundStatus !== 'started')) {
        throw new AppError(
          'conflict',
          f.refundStatus === 'succeeded'
            ? t(locale, 'Деньги по возврату уже возвращены', 'The return is already refunded')
            : t(locale, 'По возврату нечего возвращать', 'The return has nothing to refund'),
        );
      }
      await tx
        .update(returns)
        .set({ version: row.version + 1, updatedAt: clock() })
        .where(eq(returns.number, number));
      await audit.record(tx, actor, {
        action: 'return.refund_retry',
        entityType: 'return',
        entityId: String(number),
        before: { refund: f.refundStatus, version: row.version },
        after: { version: row.version + 1 },
      });
      return { orderNumber: row.orderNumber, refundId: f.refundId };
    });
    await refunds.retry(claimed.orderNumber, claimed.refundId, actor, locale);
    return get(number, locale);
  }

  /** Registers the return parcel again when the carrier failed at the shopper's request. */
  async function retryParcel(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const [row] = await db.select().from(returns).where(eq(returns.number, number));
    if (!row) throw new AppError('not_found', t(locale, 'Возврат не найден', 'Return not found'));
    if (row.version !== input.version) throw staleError(locale, row);
    const [order] = await db.select().from(orders).where(eq(orders.number, row.orderNumber));
    if (!order || !row.carrier || row.carrierId) throw staleError(locale, row);
    const ok = await registerParcel(row, order, actor);
    if (!ok) {
      throw new AppError(
        'unavailable',
        t(locale, 'Перевозчик не ответил. Повторите позже', 'The carrier did not answer. Try again later'),
      );
    }
    await db
      .update(returns)
      .set({ version: sql`${returns.version} + 1` })
      .where(eq(returns.number, number));
    return get(number, locale);
  }

  /**
   * Cancels a return whose parcel never came (the buyer changed their mind, or it was lost before the
   * carrier took it): its units may be asked again, and an exchange's reserved size not yet sent goes
   * back to stock. Only while the return awaits its parcel; over the version the screen showed.
   */
  async function cancel(number: number, input: ReturnCancelInput, actor: Actor, locale: Locale) {
    await ordersService.withStockChanges(async (tx, changed) => {
      const before = await lockReturn(tx, number, input.version, locale);
      if (before.status !== 'requested') throw staleError(locale, before);
      const lines = await tx
        .select({ line: returnLines, groupId: orderLines.groupId })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(eq(returnLines.returnNumber, number));
      for (const { line, groupId } of lines) {
        if (!line.exchangeVariantId || line.exchangeReserved <= 0) continue;
        if (line.exchangeStatus !== 'reserved' && line.exchangeStatus !== 'to_ship') continue;
        await tx
          .update(variantProducts)
          .set({ stock: sql`${variantProducts.stock} + ${line.exchangeReserved}` })
          .where(eq(variantProducts.id, line.exchangeVariantId));
        await tx.update(returnLines).set({ exchangeStatus: 'released' }).where(eq(returnLines.id, line.id));
        changed.add(cacheTags.group(groupId));
        changed.add(cacheTags.listings);
      }
      const now = clock();
      await tx
        .update(returns)
        .set({ status: 'cancelled', updatedAt: now, version: before.version + 1 })
        .where(and(eq(returns.number, number), eq(returns.version, before.version)));
      await audit.record(tx, actor, {
        action: 'return.cancel',
        entityType: 'return',
        entityId: String(number),
        before: { status: before.status, version: before.version },
        after: { status: 'cancelled', version: before.version + 1, reason: input.reason },
      });
    });
    return get(number, locale);
  }

  /** The exchange's new size went out, with its tracking number: once. */
  async function exchangeShipped(number: number, input: ExchangeShippedInput, actor: Actor, locale: Locale) {
    await db.transaction(async (tx) => {
      const row = await lockReturn(tx, number, input.version, locale);
      const [line] = await tx
        .update(returnLines)
        .set({ exchangeStatus: 'shipped', exchangeTracking: input.tracking })
        .where(
          and(
            eq(returnLines.id, input.lineId),
            eq(returnLines.returnNumber, number),
            eq(returnLines.exchangeStatus, 'to_ship'),
            // A parcel handed to the carrier (or being handed) keeps the carrier's number.
            sql`${returnLines.exchangeCarrierId} is null`,
          ),
        )
        .returning();
      if (!line) {
        throw new AppError(
          'conflict',
          t(locale, 'Этот обмен сейчас нельзя отправить', 'This exchange cannot be sent now'),
        );
      }
      await tx
        .update(returns)
        .set({ version: row.version + 1, updatedAt: clock() })
        .where(eq(returns.number, number));
      await audit.record(tx, actor, {
        action: 'return.exchange_shipped',
        entityType: 'return',
        entityId: String(number),
        before: { line: line.id, exchange: 'to_ship' },
        after: { line: line.id, exchange: 'shipped', tracking: input.tracking },
      });
      await enqueueReturnMessages(tx, number, 'exchange_shipped', clock());
    });
    return get(number, locale);
  }

  /**
   * Hands the exchange's new sizes that may go (`to_ship`) to the order's carrier as their own parcel
   * to the order's buyer and destination (docs/product/returns.md): CDEK, Boxberry or DHL by the
   * order's delivery method, under the reference `<order>-E<return>` so it never collides with the
   * order's parcel. The lines are claimed first (`pending:<ms>`), so a second press or a second
   * manager never registers twice; a carrier that refuses leaves the lines as they were. A parcel
   * registered without its number yet (CDEK registers asynchronously) is read back on the next press.
   * The lines become `shipped` with the carrier's tracking, and the buyer gets the tracking link.
   */
  async function exchangeHandOver(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const [row] = await db.select().from(returns).where(eq(returns.number, number));
    if (!row) throw new AppError('not_found', t(locale, 'Возврат не найден', 'Return not found'));
    if (row.version !== input.version) throw staleError(locale, row);
    const [order] = await db.select().from(orders).where(eq(orders.number, row.orderNumber));
    if (!order) throw new Error(`return ${number} without its order`);
    const carrier = shipmentCarrierOf(order);
    if (!carrier) {
      throw new AppError(
        'conflict',
        t(
          locale,
          'Этот способ доставки не передаётся перевозчику: укажите трек-номер обмена вручную',
          'This delivery method has no carrier: type the exchange’s tracking number instead',
        ),
      );
    }
    const api = carrier === 'dhl' ? providers.internationalCarrier : providers.carriers[carrier];
    const now = clock();
    // A parcel registered earlier whose number had not come: read it back, register nothing.
    const [registered] = await db
      .select()
      .from(returnLines)
      .where(
        and(
          eq(returnLines.returnNumber, number),
          eq(returnLines.exchangeStatus, 'to_ship'),
          sql`${returnLines.exchangeCarrierId} is not null`,
          sql`${returnLines.exchangeCarrierId} not like 'pending:%'`,
        ),
      );
    let parcel: { carrierId: string; trackingNumber: string | null };
    if (registered?.exchangeCarrierId) {
      const state = await api.shipmentState(registered.exchangeCarrierId).catch(() => null);
      parcel = { carrierId: registered.exchangeCarrierId, trackingNumber: state?.trackingNumber ?? null };
    } else {
      parcel = await registerExchangeParcel(row, order, carrier, now, locale);
    }
    if (!parcel.trackingNumber) {
      throw new AppError(
        'unavailable',
        t(
          locale,
          `${carrierName(carrier, locale)} принял отправление, но ещё не дал трек-номер: повторите через минуту`,
          `${carrierName(carrier, locale)} took the parcel but has not given its number yet: try again in a minute`,
        ),
      );
    }
    const tracking = parcel.trackingNumber;
    await db.transaction(async (tx) => {
      const locked = await lockReturn(tx, number, row.version, locale);
      const shipped = await tx
        .update(returnLines)
        .set({ exchangeStatus: 'shipped', exchangeTracking: tracking })
        .where(
          and(
            eq(returnLines.returnNumber, number),
            eq(returnLines.exchangeStatus, 'to_ship'),
            eq(returnLines.exchangeCarrierId, parcel.carrierId),
          ),
        )
        .returning({ id: returnLines.id });
      if (shipped.length === 0) throw staleError(locale, locked);
      await tx
        .update(returns)
        .set({ version: locked.version + 1, updatedAt: clock() })
        .where(eq(returns.number, number));
      await audit.record(tx, actor, {
        action: 'return.exchange_shipped',
        entityType: 'return',
        entityId: String(number),
        before: { lines: shipped.map((l) => l.id), exchange: 'to_ship' },
        after: {
          lines: shipped.map((l) => l.id),
          exchange: 'shipped',
          carrier,
          carrierId: parcel.carrierId,
          tracking,
        },
      });
      await enqueueReturnMessages(tx, number, 'exchange_shipped', clock());
    });
    return get(number, locale);
  }

  /** Claims the exchange lines that may go, registers their parcel, and keeps its id on them. */
  async function registerExchangeParcel(
    row: ReturnRow,
    order: OrderRow,
    carrier: ShipmentCarrier,
    now: Date,
    locale: Locale,
  ): Promise<{ carrierId: string; trackingNumber: string | null }> {
    const claim = `pending:${String(now.getTime()).padStart(15, '0')}`;
    // A claim older than two minutes is a process that died mid-way: it may be taken over.
    const expired = `pending:${String(now.getTime() - 2 * 60_000).padStart(15, '0')}`;
    const claimed = await db
      .update(returnLines)
      .set({ exchangeCarrier: carrier, exchangeCarrierId: claim })
      .where(
        and(
          eq(returnLines.returnNumber, row.number),
          eq(returnLines.exchangeStatus, 'to_ship'),
          sql`(${returnLines.exchangeCarrierId} is null or (${returnLines.exchangeCarrierId} like 'pending:%' and ${returnLines.exchangeCarrierId} < ${expired}))`,
        ),
      )
      .returning();
    if (claimed.length === 0) {
      const [busy] = await db
        .select({ id: returnLines.id })
        .from(returnLines)
        .where(and(eq(returnLines.returnNumber, row.number), eq(returnLines.exchangeStatus, 'to_ship')));
      throw new AppError(
        'conflict',
        busy
          ? t(
              locale,
              'Обмен уже передаётся перевозчику. Обновите страницу через минуту',
              'The exchange is being handed to the carrier already. Reload the page in a minute',
            )
          : t(locale, 'Этот обмен сейчас нельзя отправить', 'This exchange cannot be sent now'),
      );
    }
    const release = () =>
      db
        .update(returnLines)
        .set({ exchangeCarrier: null, exchangeCarrierId: null })
        .where(and(eq(returnLines.returnNumber, row.number), eq(returnLines.exchangeCarrierId, claim)));
    let created: { carrierId: string; trackingNumber: string | null };
    try {
      const orderLineRows = await db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderNumber, order.number))
        .orderBy(orderLines.id);
      const variantIds = claimed.map((l) => l.exchangeVariantId).filter((id): id is string => id !== null);
      const variants = variantIds.length
        ? await db
            .select({ id: variantProducts.id, barcode: variantProducts.barcode })
            .from(variantProducts)
            .where(inArray(variantProducts.id, variantIds))
        : [];
      // The parcel's lines: the new size and the units exchanged, at the price paid for the old one.
      const lines = claimed.flatMap((l) => {
        const bought = orderLineRows.find((o) => o.id === l.orderLineId);
        if (!bought) return [];
        return [
          {
            ...bought,
            size: l.exchangeSize ?? bought.size,
            count: l.exchangeReserved || l.quantity,
            variantId: l.exchangeVariantId ?? bought.variantId,
            barcode: variants.find((v) => v.id === l.exchangeVariantId)?.barcode ?? bought.barcode,
          },
        ];
      });
      const request = await buildShipmentRequest(db, {
        order,
        carrier,
        locale,
        lines,
        valueKopecks: lines.reduce((sum, l) => sum + l.price * l.count, 0),
        reference: `${order.number}-E${row.number}`,
      });
      const api = carrier === 'dhl' ? providers.internationalCarrier : providers.carriers[carrier];
      try {
        created = await api.createShipment(request);
      } catch (error) {
        throw carrierRefusal(error, carrier, locale);
      }
    } catch (error) {
      await release();
      throw error;
    }
    await db
      .update(returnLines)
      .set({ exchangeCarrierId: created.carrierId })
      .where(and(eq(returnLines.returnNumber, row.number), eq(returnLines.exchangeCarrierId, claim)));
    return created;
  }

  return {
    options,
    request,
    openForBuyer,
    exchangeHandOver,
    list,
    get,
    receive,
    decide,
    retryRefund,
    retryParcel,
    exchangeShipped,
    cancel,
    /** For the defective count on the stock screens and tests. */
    async defectiveCount(variantId: string): Promise<number> {
      const [row] = await db.select().from(defectiveStock).where(eq(defectiveStock.variantId, variantId));
      return row?.count ?? 0;
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
