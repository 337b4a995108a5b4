import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, orders, shipments } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { CarrierDocument, ShippingCarrier } from '../providers/carriers/carrier-provider.ts';
import type { Providers } from '../providers/index.ts';
import { staffMessage } from '../staff-messages.ts';
import type { ShipmentCarrier } from './shipments.rules.ts';
import { carrierRefusal } from './shipments.service.ts';

/** One order as its packing slip shows it: who, where, what (docs/product/shipping-desk.md). */
export interface PackingSlip {
  number: number;
  createdAt: Date;
  status: string;
  deliveryMethod: string;
  buyer: { name: string; phone: string; email: string };
  delivery: {
    city: string;
    address: string;
    pickupPoint: string | null;
    postalCode: string;
    date: string | null;
  };
  comment: string;
  lines: { name: string; size: string; barcode: string; count: number }[];
  /** The carrier's tracking number, once the parcel is registered. */
  trackingNumber: string | null;
}

/** At most this many orders on one printed batch. */
export const PACKING_SLIPS_MAX = 100;

/**
 * What the shipping desk prints (docs/product/shipping-desk.md): the documents a carrier made for a
 * parcel (DHL's label and commercial invoice, kept at registration) and the shop's own packing slip
 * for one order or a selection.
 */
export function createShippingDocumentsService({ db, providers }: { db: Db; providers: Providers }) {
  function carrierApi(carrier: string): ShippingCarrier | null {
    if (carrier === 'dhl') return providers.internationalCarrier;
    return carrier === 'sdek' || carrier === 'boxberry' ? providers.carriers[carrier] : null;
  }

  /** The forms a carrier prints on request (CDEK's waybill and label); none for the others. */
  function printable(carrier: string): CarrierDocument['kind'][] {
    return carrierApi(carrier)?.printDocument ? ['label', 'waybill'] : [];
  }

  /**
   * A document the carrier made for the order's parcel: one kept since registration (DHL), else one
   * the carrier prints now (CDEK), kept for the next time. Not found when there is none of that kind;
   * a carrier that cannot print it now answers why, in the staff member's language.
   */
  async function carrierDocument(
    orderNumber: number,
    kind: CarrierDocument['kind'],
    locale: Locale,
  ): Promise<{ document: CarrierDocument; carrier: string }> {
    const [row] = await db.select().from(shipments).where(eq(shipments.orderNumber, orderNumber));
    const missing = () => notFound(staffMessage('shipping.document_missing', locale));
    if (!row || row.carrierId.startsWith('pending:')) throw missing();
    const kept = row.documents.find((d) => d.kind === kind);
    if (kept) return { document: kept, carrier: row.carrier };
    const api = carrierApi(row.carrier);
    if (!api?.printDocument || !printable(row.carrier).includes(kind)) throw missing();
    let document: CarrierDocument;
    try {
      document = await api.printDocument(
        { carrierId: row.carrierId, trackingNumber: row.trackingNumber },
        kind,
      );
    } catch (error) {
      throw carrierRefusal(error, row.carrier as ShipmentCarrier, locale);
    }
    // Kept with the parcel: the next print opens at once. Two staff printing at once both keep one.
    await db
      .update(shipments)
      .set({
        documents: sql`(select coalesce(jsonb_agg(e.doc), '[]'::jsonb) from jsonb_array_elements(${shipments.documents}) as e(doc) where e.doc->>'kind' <> ${kind}) || ${JSON.stringify([document])}::jsonb`,
      })
      .where(eq(shipments.orderNumber, orderNumber));
    return { document, carrier: row.carrier };
  }

  /** The kinds of documents of the order's parcel: kept ones and those its carrier prints on request. */
  async function documentKinds(orderNumber: number): Promise<CarrierDocument['kind'][]> {
    const [row] = await db
      .select({ documents: shipments.documents, carrier: shipments.carrier, carrierId: shipments.carrierId })
      .from(shipments)
      .where(eq(shipments.orderNumber, orderNumber));
    if (!row || row.carrierId.startsWith('pending:')) return [];
    return [...new Set([...row.documents.map((d) => d.kind), ...printable(row.carrier)])];
  }

  /** The orders' packing slips, in the order asked; numbers that do not exist are left out. */
  async function packingSlips(numbers: readonly number[]): Promise<PackingSlip[]> {
    const wanted = [...new Set(numbers)].slice(0, PACKING_SLIPS_MAX);
    if (wanted.length === 0) return [];
    const [rows, lines, parcels] = await Promise.all([
      db.select().from(orders).where(inArray(orders.number, wanted)),
      db.select().from(orderLines).where(inArray(orderLines.orderNumber, wanted)).orderBy(asc(orderLines.id)),
      db
        .select({ orderNumber: shipments.orderNumber, trackingNumber: shipments.trackingNumber })
        .from(shipments)
        .where(inArray(shipments.orderNumber, wanted)),
    ]);
    return wanted.flatMap((number) => {
      const order = rows.find((o) => o.number === number);
      if (!order) return [];
      const d = order.delivery;
      return [
        {
          number,
          createdAt: order.createdAt,
          status: order.status,
          deliveryMethod: order.getWay,
          buyer: { name: order.fullName, phone: order.phone, email: order.email },
          delivery: {
            city: d.city,
            address: [d.address, d.room].filter((part) => part?.trim()).join(', '),
            pickupPoint: d.pvz,
            postalCode: d.postal,
            date: d.deliveryDate,
          },
          comment: order.comment,
          lines: lines
            .filter((l) => l.orderNumber === number)
            .map((l) => ({ name: l.name, size: l.size, barcode: l.barcode, count: l.count })),
          trackingNumber: parcels.find((p) => p.orderNumber === number)?.trackingNumber ?? null,
        },
      ];
    });
  }

  return { carrierDocument, documentKinds, packingSlips };
}

export type ShippingDocumentsService = ReturnType<typeof createShippingDocumentsService>;
