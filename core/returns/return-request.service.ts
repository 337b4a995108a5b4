import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { cacheTags } from '../cache/read-cache.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { orderLines, returnLines, returns, variantProducts } from '../db/schema/index.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { AppError, type MessageRef } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { shopperMessage } from '../shopper-messages.ts';
import {
  createReturnAccess,
  defaultReturnPoint,
  returnCarrier,
  type ShopperAccess,
} from './return-access.ts';
import type { createReturnParcels } from './return-parcel.service.ts';
import { deliveredAt, type OrderRow, type ReturnChanges, unitsInReturns } from './return-records.ts';
import {
  DEFAULT_RETURN_SETTINGS,
  type ReturnMethod,
  type ReturnSettings,
  returnableUnits,
  returnDeadline,
  withinWindow,
} from './returns.rules.ts';
import type { ReturnRequestInput, StaffReturnInput } from './returns.schemas.ts';
import { enqueueReturnMessages } from './returns-messages.service.ts';
import type { ReturnsQueries } from './returns-queries.service.ts';

/**
 * The shopper's side of a return: what of a delivered order may come back, and the request itself
 * (or the same request staff make for a buyer who phones or comes to the showroom).
 */
export function createReturnRequests({
  db,
  delivery,
  settings,
  orders: ordersService,
  limits,
  clock,
  changes,
  queries,
  parcels,
}: {
  db: Db;
  /** The carriers' pickup points a buyer may bring a return to (the order's city). */
  delivery: Pick<DeliveryService, 'listPickupPoints'>;
  settings: SettingsService;
  orders: Pick<OrdersService, 'withStockChanges'>;
  limits: RateLimitService;
  clock: () => Date;
  changes: ReturnChanges;
  queries: ReturnsQueries;
  parcels: Pick<ReturnType<typeof createReturnParcels>, 'registerParcel'>;
}) {
  const { ownedOrder, limitGuessing } = createReturnAccess({ limits });

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

  /**
   * What of an order may be returned now, and the returns already asked: its lines' names, sizes and
   * units (no prices or addresses: a typed contact shows no more than returning needs).
   */
  async function options(orderID: number, access: ShopperAccess, locale: Locale) {
    const guess = await limitGuessing(orderID, access, locale);
    const order = await ownedOrder(db, orderID, access, false);
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
      returns: await queries.shopperReturns(order.number, locale, showroom),
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
      throw new AppError('invalid_data', { key: 'returns.line_twice' }, { field: 'lines' });
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
      const order = await ownedOrder(db, input.orderID, access, false);
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
      const order = await ownedOrder(tx, input.orderID, access, true);
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
          throw new AppError('invalid_data', { key: 'returns.no_such_line' }, { field: `lines.${i}.lineId` });
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
      await changes.record(tx, access.staff ?? null, row.number, 'return.request', undefined, {
        order: order.number,
        method: input.method,
        reason: input.reason,
        lines: recorded,
        by: access.staff ? 'staff' : access.userId ? `user ${access.userId}` : 'order contact',
        ip: access.ip,
      });
      await enqueueReturnMessages(tx, row.number, 'requested', now);
      return { row, order };
    });
    if (created.row.carrier) await parcels.registerParcel(created.row, created.order, null);
    const showroom = shop.contacts.address[locale] || shop.contacts.address.ru;
    const mine = (await queries.shopperReturns(created.order.number, locale, showroom)).find(
      (r) => r.number === created.row.number,
    );
    if (!mine) throw new Error(`return ${created.row.number} vanished`);
    return mine;
  }

  return { options, request, openForBuyer };
}
