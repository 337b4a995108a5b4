import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditService } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import { defectiveStock, orderLines, orders, returnLines, returns } from '../db/schema/index.ts';
import type { Locale } from '../i18n.ts';
import { shipmentCarrierOf } from '../orders/shipments.rules.ts';
import { carrierName } from '../staff-messages.ts';
import { refundOf, returnNotFound } from './return-records.ts';
import { canReturnTransition, returnInstructions, returnLabel } from './returns.rules.ts';
import type { ReturnListQuery } from './returns.schemas.ts';

/** What shoppers and staff read of returns: the shopper's returns of an order, the queue, one return. */
export function createReturnsQueries({ db, audit }: { db: Db; audit: AuditService }) {
  /** The returns of an order as its shopper reads them, newest first, with what to do next. */
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
    if (!row) throw returnNotFound(locale);
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
    const exchangeCarrier = shipmentCarrierOf(order);
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
      canCancel: canReturnTransition(row.status, 'cancelled'),
      /** The exchange's new sizes may go to the order's carrier («Передать перевозчику»). */
      canHandOverExchange: exchangeCarrier !== null && lines.some((l) => l.exchangeStatus === 'to_ship'),
      /** The exchange's carrier in words, when the order's method has one. */
      exchangeCarrierName: exchangeCarrier ? carrierName(exchangeCarrier, locale) : null,
    };
  }

  /** For the defective count on the stock screens and tests. */
  async function defectiveCount(variantId: string): Promise<number> {
    const [row] = await db.select().from(defectiveStock).where(eq(defectiveStock.variantId, variantId));
    return row?.count ?? 0;
  }

  return { shopperReturns, list, get, defectiveCount };
}

export type ReturnsQueries = ReturnType<typeof createReturnsQueries>;
