import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { orderLines, orders, returnLines, variantProducts } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { ShipmentCarrier } from '../orders/shipments.rules.ts';
import { shipmentCarrierOf } from '../orders/shipments.rules.ts';
import { buildShipmentRequest, carrierRefusal } from '../orders/shipments.service.ts';
import type { Providers } from '../providers/index.ts';
import { carrierName } from '../staff-messages.ts';
import {
  lockReturn,
  type OrderRow,
  type ReturnChanges,
  type ReturnRow,
  readReturn,
  staleError,
  t,
} from './return-records.ts';
import type { ExchangeShippedInput } from './returns.schemas.ts';
import { enqueueReturnMessages } from './returns-messages.service.ts';
import type { ReturnsQueries } from './returns-queries.service.ts';

/**
 * The exchange's new sizes going out to the buyer: with a tracking number staff type, or handed to
 * the order's carrier as a parcel of their own.
 */
export function createReturnExchanges({
  db,
  providers,
  clock,
  changes,
  queries,
}: {
  db: Db;
  providers: Providers;
  clock: () => Date;
  changes: ReturnChanges;
  queries: ReturnsQueries;
}) {
  const cannotSend = (locale: Locale) =>
    new AppError(
      'conflict',
      t(locale, 'Этот обмен сейчас нельзя отправить', 'This exchange cannot be sent now'),
    );

  /** The lines went out with `tracking`: the return's version moves on and the buyer is told. */
  async function markShipped(
    tx: Tx,
    row: ReturnRow,
    actor: Actor,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    await changes.touch(tx, row);
    await changes.record(tx, actor, row.number, 'return.exchange_shipped', before, after);
    await enqueueReturnMessages(tx, row.number, 'exchange_shipped', clock());
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
      if (!line) throw cannotSend(locale);
      await markShipped(
        tx,
        row,
        actor,
        { line: line.id, exchange: 'to_ship' },
        { line: line.id, exchange: 'shipped', tracking: input.tracking },
      );
    });
    return queries.get(number, locale);
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
    const row = await readReturn(db, number, input.version, locale);
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
      const ids = shipped.map((l) => l.id);
      await markShipped(
        tx,
        locked,
        actor,
        { lines: ids, exchange: 'to_ship' },
        { lines: ids, exchange: 'shipped', carrier, carrierId: parcel.carrierId, tracking },
      );
    });
    return queries.get(number, locale);
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
      if (!busy) throw cannotSend(locale);
      throw new AppError(
        'conflict',
        t(
          locale,
          'Обмен уже передаётся перевозчику. Обновите страницу через минуту',
          'The exchange is being handed to the carrier already. Reload the page in a minute',
        ),
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

  return { exchangeShipped, exchangeHandOver };
}
