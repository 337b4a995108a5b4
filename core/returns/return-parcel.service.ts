import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { orderLines, orders, returnLines, returns } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { Providers } from '../providers/index.ts';
import { defaultReturnPoint } from './return-access.ts';
import {
  type OrderRow,
  type ReturnChanges,
  type ReturnRow,
  readReturn,
  staleError,
  t,
} from './return-records.ts';
import { enqueueReturnMessages } from './returns-messages.service.ts';
import type { ReturnsQueries } from './returns-queries.service.ts';

/** The return's own parcel back to the shop: registered with its carrier at the request, or again by staff. */
export function createReturnParcels({
  db,
  providers,
  settings,
  clock,
  changes,
  queries,
}: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  clock: () => Date;
  changes: ReturnChanges;
  queries: ReturnsQueries;
}) {
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
        await changes.record(
          tx,
          actor,
          row.number,
          'return.parcel',
          { carrierId: null },
          { carrier: row.carrier, carrierId: parcel.carrierId, code: parcel.code },
        );
        // Registered after the request's message went: the buyer gets the code on its own.
        if (actor) await enqueueReturnMessages(tx, row.number, 'code', clock());
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Registers the return parcel again when the carrier failed at the shopper's request. */
  async function retryParcel(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const row = await readReturn(db, number, input.version, locale);
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
    return queries.get(number, locale);
  }

  return { registerParcel, retryParcel };
}
