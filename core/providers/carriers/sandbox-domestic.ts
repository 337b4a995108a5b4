import type { CarrierCity, CarrierName, CarrierProvider, ShippingCarrier } from './carrier-provider.ts';
import {
  type Locality,
  localities,
  localityByCode,
  localityByPostalCode,
} from './sandbox-data/localities.ts';
import { pointsOf } from './sandbox-data/pickup-points.ts';
import { quoteDomestic } from './sandbox-data/tariffs.ts';
import { rankByName } from './sandbox-data/text.ts';

/**
 * The shared body of the sandbox CDEK and Boxberry: the offline data set of `./sandbox-data`, seen through
 * one carrier. City codes are the shop's (CDEK's) everywhere; Boxberry keeps its own city codes in
 * the data set and answers only for the localities it serves.
 */
export function createSandboxDomesticCarrier(carrier: CarrierName, name: string): CarrierProvider {
  const served = (locality: Locality | null): Locality | null =>
    locality && (carrier === 'sdek' || locality.boxberry) ? locality : null;
  const ownLocalities = localities.filter((locality) => served(locality));
  const copy = (locality: Locality | null): CarrierCity | null =>
    locality ? structuredClone(locality.city) : null;

  return {
    name,
    carrier,
    async suggestCities(query, limit) {
      return rankByName(
        ownLocalities,
        query,
        limit,
        (locality) => locality.city.name,
        (locality) => locality.population,
      ).map((locality) => structuredClone(locality.city));
    },
    async cityByCode(code) {
      return copy(served(localityByCode(code)));
    },
    async cityByPostalCode(postalCode) {
      return copy(served(localityByPostalCode(postalCode)));
    },
    async pickupPoints(cityCode) {
      return served(localityByCode(cityCode)) ? pointsOf(carrier, cityCode) : [];
    },
    async quote({ fromCityCode, toCityCode, mode, parcel }) {
      const from = localityByCode(fromCityCode);
      const to = localityByCode(toCityCode);
      if (!from || !to) return null;
      return quoteDomestic(carrier, { from, to, mode, parcel });
    },
    ...sandboxShipping(carrier),
    // CDEK's sandbox books a courier as CDEK does (a day not gone by, a window), numbered from the day.
    ...(carrier === 'sdek'
      ? {
          async bookPickup(request) {
            if (!/^\d{4}-\d{2}-\d{2}$/.test(request.date) || request.from >= request.to) {
              throw new Error('sandbox sdek: a courier needs a day and a window');
            }
            const day = request.date.replaceAll('-', '').slice(2);
            return { carrierId: `sandbox-intake-${request.date}`, number: `7${day}` };
          },
        }
      : {}),
  };
}

/**
 * Parcels of the sandboxes: the tracking number follows from the order number (CDEK `10` + the number
 * padded to 8 digits, Boxberry `BB` + 9 digits, DHL 10 digits from `5`), or from a parcel's own
 * reference (an exchange: CDEK `11…`, Boxberry `BBE…`, DHL `6…`), nothing is stored, and a
 * parcel stays `registered` (no statuses come). A pickup parcel without its point is refused.
 */
export function sandboxShipping(carrier: CarrierName | 'dhl'): ShippingCarrier {
  const tracking = (order: number) =>
    carrier === 'sdek'
      ? `10${String(order).padStart(8, '0')}`
      : carrier === 'boxberry'
        ? `BB${String(order).padStart(9, '0')}`
        : `5${String(order).padStart(9, '0')}`;
  const prefix = `sandbox-${carrier}-`;
  return {
    async createShipment(request) {
      if (request.mode === 'pickup' && !request.destination.pickupPointCode) {
        throw new Error(`sandbox ${carrier}: a pickup parcel needs its point`);
      }
      // A parcel with its own reference (an exchange, `10012-E5001`): its own id and number, never the order's.
      if (request.reference) {
        const digits = request.reference.replace(/\D/g, '');
        const own =
          carrier === 'sdek'
            ? `11${digits.padStart(8, '0')}`
            : carrier === 'boxberry'
              ? `BBE${digits.padStart(9, '0')}`
              : `6${digits.padStart(9, '0')}`;
        return { carrierId: `${prefix}${request.reference}`, trackingNumber: own };
      }
      return { carrierId: `${prefix}${request.orderNumber}`, trackingNumber: tracking(request.orderNumber) };
    },
    // A return's sandbox code: the carrier's form with the return number (CDEK `19…`, Boxberry `BBR…`, DHL `5R…`).
    async createReturnShipment(request) {
      if (request.mode === 'pickup' && !request.origin.city) {
        throw new Error(`sandbox ${carrier}: a return needs the buyer's city`);
      }
      const code =
        carrier === 'sdek'
          ? `19${String(request.returnNumber).padStart(8, '0')}`
          : carrier === 'boxberry'
            ? `BBR${String(request.returnNumber).padStart(8, '0')}`
            : `5R${String(request.returnNumber).padStart(8, '0')}`;
      return { carrierId: `${prefix}return-${request.returnNumber}`, code };
    },
    // CDEK's sandbox prints its waybill and label as CDEK does on request: a one-page PDF saying so.
    ...(carrier === 'sdek'
      ? {
          async printDocument(shipment, kind) {
            if (kind === 'invoice') throw new Error('sandbox sdek: CDEK makes no customs invoice');
            const title = kind === 'label' ? 'CDEK SANDBOX LABEL' : 'CDEK SANDBOX WAYBILL';
            const lines = [
              title,
              `Tracking ${shipment.trackingNumber ?? '-'}`,
              `Parcel ${shipment.carrierId}`,
            ];
            return { kind, contentType: 'application/pdf', base64: textPdf(lines).toString('base64') };
          },
        }
      : {}),
    async shipmentState(carrierId) {
      const order = carrierId.startsWith(prefix) ? Number(carrierId.slice(prefix.length)) : Number.NaN;
      if (!Number.isInteger(order) || order <= 0) return null;
      return { stage: 'registered', code: 'REGISTERED', at: null, trackingNumber: tracking(order) };
    },
  };
}

/**
 * A valid one-page PDF (A6) with a few lines of ASCII text in Helvetica: what a sandbox carrier
 * prints in place of a real label, so the desk's printing can be tried without an account.
 */
export function textPdf(lines: readonly string[]): Buffer {
  const safe = lines.map((l) => l.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, (c) => `\\${c}`));
  const text = safe
    .map((l, i) => `BT /F1 ${i === 0 ? 14 : 11} Tf 20 ${380 - i * 22} Td (${l}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
