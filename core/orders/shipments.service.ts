import { and, asc, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, orders, shipments } from '../db/schema/index.ts';
import { ITEM_WEIGHT_GRAMS } from '../delivery/delivery.rules.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { CarrierError } from '../providers/carriers/carrier-http.ts';
import type {
  ShipmentRequest,
  ShipmentState,
  ShippingCarrier,
} from '../providers/carriers/carrier-provider.ts';
import { cdekWebhookSchema } from '../providers/carriers/cdek.ts';
import type { Providers } from '../providers/index.ts';
import { carrierName } from '../staff-messages.ts';
import { customsOfLines } from './customs.ts';
import type { OrdersService } from './orders.service.ts';
import {
  isNewerStatus,
  type ShipmentCarrier,
  shipmentCarrierOf,
  shipmentModeOf,
  stepsForStage,
} from './shipments.rules.ts';

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

/** A registration under way: the row claims the order, so two staff never register two parcels. */
const PENDING = 'pending:';
/** A claim older than this is a process that died mid-way: the next hand-over may take it over. */
const CLAIM_TIMEOUT_MS = 2 * 60_000;
/** Carrier statuses after which nothing more is polled. */
const FINAL_CODES = ['DELIVERED', 'NOT_DELIVERED', 'RETURNED', 'OK'];

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

export type StatusOutcome = 'applied' | 'unchanged' | 'unknown';

/**
 * Why a carrier did not take a parcel, as staff read it (docs/product/shipping-desk.md): a carrier
 * that is down or slow is told apart from one that refused the shop's keys, and a refusal quotes the
 * carrier's own words. The English detail of the adapter stays in the logs.
 */
export function carrierRefusal(
  error: unknown,
  carrier: ShipmentCarrier,
  locale: Locale,
  what: 'parcel' | 'pickup' = 'parcel',
): AppError {
  const name = carrierName(carrier, locale);
  const status = error instanceof CarrierError ? error.httpStatus : null;
  // A carrier in trouble (5xx, too many requests) may say why, but it has not refused the parcel.
  const down = status !== null && (status >= 500 || status === 429);
  const said =
    !down && error instanceof CarrierError && error.said && error.said !== 'refused' ? error.said : null;
  if (status === 401 || status === 403) {
    return new AppError(
      'unavailable',
      t(
        locale,
        `${name} не принял ключи доступа магазина: проверьте настройки перевозчика`,
        `${name} did not accept the shop's access keys: check the carrier's settings`,
      ),
    );
  }
  if (said) {
    return new AppError(
      'conflict',
      what === 'pickup'
        ? t(
            locale,
            `${name} не принял вызов курьера: «${said}»`,
            `${name} did not accept the booking: “${said}”`,
          )
        : t(
            locale,
            `${name} не принял отправление: «${said}»`,
            `${name} did not accept the parcel: “${said}”`,
          ),
    );
  }
  return new AppError(
    'unavailable',
    t(
      locale,
      what === 'pickup'
        ? `${name} сейчас не отвечает или занят: попробуйте вызвать курьера ещё раз через несколько минут`
        : `${name} сейчас не отвечает или занят: попробуйте передать заказ ещё раз через несколько минут`,
      what === 'pickup'
        ? `${name} does not answer or is busy: book again in a few minutes`
        : `${name} does not answer or is busy: hand the order over again in a few minutes`,
    ),
  );
}

type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * What a carrier is told of a parcel to the order's buyer and destination: the order's own parcel,
 * or another one to the same place (an exchange's new size, docs/product/returns.md) with its own
 * `reference` and lines. Parcels abroad carry each line's customs data; a line without it is refused
 * in the staff's language before anything is sent.
 */
export async function buildShipmentRequest(
  db: Db,
  {
    order,
    carrier,
    locale,
    lines,
    valueKopecks,
    reference,
  }: {
    order: OrderRow;
    carrier: ShipmentCarrier;
    locale: Locale;
    /** The lines in the parcel (an exchange's: the new size and count in place of the bought ones). */
    lines: OrderLineRow[];
    valueKopecks: number;
    reference?: string;
  },
): Promise<ShipmentRequest> {
  const d = order.delivery;
  const units = lines.reduce((sum, line) => sum + line.count, 0);
  // Parcels abroad are declared to customs line by line (docs/product/shipping-desk.md).
  const customs = carrier === 'dhl' ? await customsOfLines(db, lines) : null;
  if (customs) {
    const incomplete = [
      ...new Set(
        lines.filter((_, i) => !customs[i]?.hsCode || !customs[i]?.originCountry).map((l) => l.name),
      ),
    ];
    if (incomplete.length) {
      throw new AppError(
        'conflict',
        t(
          locale,
          `Для отправки за границу укажите код ТН ВЭД и страну производства в товаре или его категории: ${incomplete.join(', ')}`,
          `For a parcel abroad, set the HS code and the country of manufacture on the product or its category: ${incomplete.join(', ')}`,
        ),
      );
    }
  }
  return {
    orderNumber: order.number,
    ...(reference ? { reference } : {}),
    mode: shipmentModeOf(order.getWay),
    recipient: { name: order.fullName, phone: order.phone, email: order.email },
    destination: {
      cityCode: d.cityID,
      city: d.city,
      countryCode: (d.countryCode || 'RU').toUpperCase(),
      postalCode: d.postal,
      address: [d.address, d.room].filter((part) => part?.trim()).join(', '),
      pickupPointCode: d.pvzID,
    },
    parcel: { weightGrams: Math.max(1, units) * ITEM_WEIGHT_GRAMS, valueKopecks },
    items: lines.map((line, i) => ({
      sku: line.barcode || line.variantId,
      name: `${line.name}, ${line.size}`,
      price: line.price,
      count: line.count,
      weightGrams: ITEM_WEIGHT_GRAMS,
      ...(customs?.[i] ? { customs: customs[i] } : {}),
    })),
  };
}

/**
 * Parcels with the carriers (docs/decisions/0025-real-carriers.md): registering an order's parcel
 * when staff hand it over, and moving the order through the transition table as the carrier
 * reports the parcel handed over, at the pickup point and delivered, by its status webhook (CDEK)
 * and by a poll of the open parcels. A carrier's status is always read from the carrier itself, so
 * a forged webhook can only make the shop ask; the same or an older status changes nothing.
 */
export function createShipmentsService({
  db,
  providers,
  orders: ordersService,
  clock,
}: {
  db: Db;
  providers: Providers;
  orders: OrdersService;
  clock: () => Date;
}) {
  function carrierApi(carrier: ShipmentCarrier): ShippingCarrier {
    return carrier === 'dhl' ? providers.internationalCarrier : providers.carriers[carrier];
  }

  async function requestOf(
    order: OrderRow,
    carrier: ShipmentCarrier,
    locale: Locale,
  ): Promise<ShipmentRequest> {
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number))
      .orderBy(orderLines.id);
    return buildShipmentRequest(db, { order, carrier, locale, lines, valueKopecks: order.goodsTotal });
  }

  async function find(number: number): Promise<ShipmentRow | null> {
    const [row] = await db.select().from(shipments).where(eq(shipments.orderNumber, number));
    return row ?? null;
  }

  /**
   * Registers the order's parcel with its carrier, once: a parcel already registered is read back
   * (its tracking number may have come since). Refused for methods without a carrier. A carrier
   * that refuses or fails leaves nothing behind, so staff may try again.
   */
  async function register(
    order: OrderRow,
    locale: Locale,
  ): Promise<{ carrier: ShipmentCarrier; carrierId: string; trackingNumber: string | null }> {
    const carrier = shipmentCarrierOf(order);
    if (!carrier) {
      throw new AppError(
        'conflict',
        t(locale, 'Этот способ доставки не передаётся перевозчику', 'This delivery method has no carrier'),
      );
    }
    const now = clock();
    const claimId = `${PENDING}${order.number}`;
    const [claimed] = await db
      .insert(shipments)
      .values({ orderNumber: order.number, carrier, carrierId: claimId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const existing = await find(order.number);
      if (existing && !existing.carrierId.startsWith(PENDING)) return readBack(existing);
      // Someone else is registering it now, unless that claim is old (a process that died).
      const [taken] = await db
        .update(shipments)
        .set({ carrier, updatedAt: now })
        .where(
          and(
            eq(shipments.orderNumber, order.number),
            eq(shipments.carrierId, claimId),
            lt(shipments.updatedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS)),
          ),
        )
        .returning();
      if (!taken) {
        throw new AppError(
          'conflict',
          t(
            locale,
            'Заказ уже передаётся перевозчику. Обновите страницу через минуту',
            'The order is being handed to the carrier already. Reload the page in a minute',
          ),
        );
      }
    }
    let request: ShipmentRequest;
    try {
      request = await requestOf(order, carrier, locale);
    } catch (error) {
      // Nothing was sent: the claim goes, so staff complete the product and hand it over again.
      await db
        .delete(shipments)
        .where(and(eq(shipments.orderNumber, order.number), eq(shipments.carrierId, claimId)));
      throw error;
    }
    let created: Awaited<ReturnType<ShippingCarrier['createShipment']>>;
    try {
      created = await carrierApi(carrier).createShipment(request);
    } catch (error) {
      await db
        .delete(shipments)
        .where(and(eq(shipments.orderNumber, order.number), eq(shipments.carrierId, claimId)));
      throw carrierRefusal(error, carrier, locale);
    }
    await db
      .update(shipments)
      .set({
        carrierId: created.carrierId,
        trackingNumber: created.trackingNumber,
        documents: created.documents ?? [],
        updatedAt: clock(),
      })
      .where(eq(shipments.orderNumber, order.number));
    return { carrier, carrierId: created.carrierId, trackingNumber: created.trackingNumber };
  }

  async function readBack(row: ShipmentRow) {
    const carrier = row.carrier as ShipmentCarrier;
    let trackingNumber = row.trackingNumber;
    if (!trackingNumber) {
      const state = await carrierApi(carrier)
        .shipmentState(row.carrierId)
        .catch(() => null);
      if (state?.trackingNumber) {
        trackingNumber = state.trackingNumber;
        await db
          .update(shipments)
          .set({ trackingNumber, updatedAt: clock() })
          .where(eq(shipments.orderNumber, row.orderNumber));
      }
    }
    return { carrier, carrierId: row.carrierId, trackingNumber };
  }

  /**
   * Applies a carrier's state of a parcel: stores the status (and a tracking number that came late),
   * and takes the order steps it asks for. Unknown parcels and repeated or older statuses change nothing.
   */
  async function applyState(
    carrier: ShipmentCarrier,
    carrierId: string,
    state: ShipmentState,
    source: string,
  ): Promise<StatusOutcome> {
    return ordersService.withStockChanges(async (tx, changed) => {
      const [row] = await tx
        .select()
        .from(shipments)
        .where(and(eq(shipments.carrier, carrier), eq(shipments.carrierId, carrierId)))
        .for('update');
      if (!row) return 'unknown';
      const newer = isNewerStatus({ code: row.statusCode, at: row.statusAt }, state);
      const lateNumber = !row.trackingNumber && state.trackingNumber ? state.trackingNumber : null;
      if (!newer && !lateNumber) return 'unchanged';
      const now = clock();
      await tx
        .update(shipments)
        .set({
          ...(newer ? { statusCode: state.code, statusAt: state.at ?? now } : {}),
          ...(lateNumber ? { trackingNumber: lateNumber } : {}),
          updatedAt: now,
        })
        .where(eq(shipments.orderNumber, row.orderNumber));
      const [order] = await tx.select().from(orders).where(eq(orders.number, row.orderNumber)).for('update');
      if (!order) return 'unknown';
      if (lateNumber && !order.trackingNumber) {
        await tx
          .update(orders)
          .set({ trackingNumber: lateNumber, version: order.version + 1, updatedAt: now })
          .where(eq(orders.number, order.number));
      }
      if (!newer) return 'applied';
      for (const to of stepsForStage(order.status, state.stage)) {
        const cause = `${to} by ${carrier} status ${state.code} (${source})`;
        if (!(await ordersService.transition(tx, order.number, to, cause, changed))) break;
      }
      return 'applied';
    });
  }

  /** Reads a parcel's state from its carrier and applies it. */
  async function refresh(
    carrier: ShipmentCarrier,
    carrierId: string,
    source: string,
  ): Promise<StatusOutcome> {
    const state = await carrierApi(carrier).shipmentState(carrierId);
    if (!state) return 'unknown';
    return applyState(carrier, carrierId, state, source);
  }

  return {
    register,
    find,
    applyState,

    /**
     * CDEK's `ORDER_STATUS` webhook (integrations.md §1: no signature documented). The caller has
     * checked the secret path; the body only names the order, which must be one of the shop's parcels,
     * and its status is then read from CDEK (`GET /orders/{uuid}`), never taken from the body.
     */
    async cdekWebhook(body: unknown): Promise<StatusOutcome> {
      const parsed = cdekWebhookSchema.safeParse(body);
      if (!parsed.success) return 'unknown';
      const row = await db
        .select({ n: shipments.orderNumber })
        .from(shipments)
        .where(and(eq(shipments.carrier, 'sdek'), eq(shipments.carrierId, parsed.data.uuid)));
      if (row.length === 0) return 'unknown';
      return refresh('sdek', parsed.data.uuid, 'webhook');
    },

    /**
     * The fallback for webhooks that never came: reads the state of open parcels (not final, order not
     * closed), least recently updated first, and applies each. A carrier failure skips that parcel.
     */
    async pollOpen(limit = 50): Promise<{ checked: number; applied: number; failed: number }> {
      const open = await db
        .select({ carrier: shipments.carrier, carrierId: shipments.carrierId })
        .from(shipments)
        .innerJoin(orders, eq(orders.number, shipments.orderNumber))
        .where(
          and(
            sql`${shipments.carrierId} not like ${`${PENDING}%`}`,
            or(sql`${shipments.statusCode} is null`, notInArray(shipments.statusCode, FINAL_CODES)),
            notInArray(orders.status, ['delivered', 'cancelled']),
          ),
        )
        .orderBy(asc(shipments.updatedAt))
        .limit(limit);
      let applied = 0;
      let failed = 0;
      for (const parcel of open) {
        try {
          if ((await refresh(parcel.carrier as ShipmentCarrier, parcel.carrierId, 'poll')) === 'applied')
            applied++;
          else
            await db
              .update(shipments)
              .set({ updatedAt: clock() })
              .where(and(eq(shipments.carrier, parcel.carrier), eq(shipments.carrierId, parcel.carrierId)));
        } catch {
          failed++;
        }
      }
      return { checked: open.length, applied, failed };
    },
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
