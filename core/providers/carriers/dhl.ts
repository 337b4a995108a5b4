import { z } from 'zod';
import {
  answerCache,
  CARRIER_READ_TIMEOUT_MS,
  CARRIER_WRITE_TIMEOUT_MS,
  CarrierError,
  internationalPhone,
  parseAnswer,
  requestJson,
} from './carrier-http.ts';
import type {
  DeliveryQuote,
  InternationalCarrierProvider,
  Shipment,
  ShipmentRequest,
  ShipmentStage,
  ShipmentState,
} from './carrier-provider.ts';
import { createSandboxDhl } from './sandbox-dhl.ts';

/** MyDHL API in production (integrations.md §9); the test environment is `…/mydhlapi/test`. */
export const DHL_PRODUCTION_URL = 'https://express.api.dhl.com/mydhlapi';

const TARIFF_TTL_MS = 10 * 60_000;
/** The parcel's box for rates and shipments (cm): folded garments. */
const BOX = { length: 30, width: 20, height: 10 } as const;

export interface DhlOptions {
  apiKey: string;
  apiSecret: string;
  /** The shipper account billed (`accountNumber`, `accounts[].number`). */
  accountNumber: string;
  apiUrl: string;
  /** Where parcels leave from and who sends them (the shop's Moscow address). */
  shipper: { companyName: string; phone: string; addressLine1: string; postalCode: string; cityName: string };
  readTimeoutMs?: number;
  writeTimeoutMs?: number;
  onError?: (error: unknown, what: string) => void;
  /** Today's date for `plannedShippingDate` (tests). */
  clock?: () => Date;
  now?: () => number;
}

const priceSchema = z.object({
  currencyType: z.string().optional(),
  priceCurrency: z.string().optional(),
  price: z.number().nonnegative(),
});
const ratesSchema = z.object({
  products: z
    .array(
      z.object({
        productName: z.string().optional(),
        productCode: z.string().optional(),
        totalPrice: z.array(priceSchema).default([]),
        deliveryCapabilities: z
          .object({
            deliveryTypeCode: z.string().optional(),
            estimatedDeliveryDateAndTime: z.string().optional(),
            totalTransitDays: z.coerce.number().int().nonnegative().optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});
const problemSchema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  status: z.coerce.number().optional(),
});
const shipmentSchema = z.object({
  shipmentTrackingNumber: z.union([z.string(), z.number()]).transform(String),
  trackingUrl: z.string().optional(),
  packages: z.array(z.object({ trackingNumber: z.string().optional() })).optional(),
  documents: z
    .array(z.object({ imageFormat: z.string(), content: z.string(), typeCode: z.string() }))
    .default([]),
});

/** The shipment's description for customs, in English as DHL asks: what the parcel holds, at most 70 characters. */
function shipmentDescription(request: ShipmentRequest): string {
  const names = [...new Set(request.items.map((item) => item.customs?.description || item.name))];
  const text = names.join(', ');
  return text.length <= 70 ? text : `${text.slice(0, 67).trimEnd()}...`;
}
const trackingSchema = z.object({
  shipments: z
    .array(
      z.object({
        shipmentTrackingNumber: z.union([z.string(), z.number()]).transform(String),
        status: z.string().optional(),
        events: z
          .array(
            z.object({
              date: z.string(),
              time: z.string().optional(),
              typeCode: z.string(),
              description: z.string().optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** MyDHL event codes in the shop's terms: picked up, out for delivery, delivered. */
export function dhlStage(typeCode: string): ShipmentStage {
  switch (typeCode) {
    case 'OK':
      return 'delivered';
    case 'PU':
    case 'PL':
    case 'DF':
    case 'AF':
    case 'AR':
    case 'WC':
    case 'CR':
      return 'handed_over';
    case 'RT':
      return 'returned';
    case 'SD':
    case 'PD':
      return 'registered';
    default:
      return 'other';
  }
}

function problemText(body: unknown): string {
  const parsed = problemSchema.safeParse(body);
  return parsed.success
    ? [parsed.data.title, parsed.data.detail].filter(Boolean).join(': ') || 'refused'
    : 'refused';
}

/**
 * DHL Express through the MyDHL API (integrations.md §9; docs/decisions/0025-real-carriers.md) for
 * the English edition: rates from Moscow (`GET /rates`, the cheapest product priced in roubles,
 * kept for minutes; null when DHL refuses, fails or is slow) and shipments (`POST /shipments`, the
 * waybill number the buyer tracks). City suggestions come from the shop's offline list of world
 * cities (DHL offers no search for them).
 */
export function createDhlCarrier(options: DhlOptions): InternationalCarrierProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const readTimeoutMs = options.readTimeoutMs ?? CARRIER_READ_TIMEOUT_MS;
  const writeTimeoutMs = options.writeTimeoutMs ?? CARRIER_WRITE_TIMEOUT_MS;
  const clock = options.clock ?? (() => new Date());
  const rates = answerCache<DeliveryQuote | null>({ max: 5_000, ttlMs: TARIFF_TTL_MS, now: options.now });
  const cities = createSandboxDhl();
  const auth = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`;

  /** The next day, the date parcels are handed over (YYYY-MM-DD). */
  function shippingDate(): string {
    return new Date(clock().getTime() + 86_400_000).toISOString().slice(0, 10);
  }

  const kg = (grams: number) => Math.max(0.1, Math.ceil(grams / 100) / 10);

  return {
    name: 'dhl',
    suggestCities: (query, limit) => cities.suggestCities(query, limit),

    async quote({ countryCode, city, postalCode, parcel }) {
      const country = countryCode.toUpperCase();
      if (!/^[A-Z]{2}$/.test(country) || country === 'RU') return null;
      if (!Number.isFinite(parcel.weightGrams) || parcel.weightGrams <= 0 || parcel.weightGrams > 30_000)
        return null;
      const weight = kg(parcel.weightGrams);
      const key = `${country}:${city.trim().toLowerCase()}:${postalCode ?? ''}:${weight}`;
      try {
        return await rates.get(key, async () => {
          const url = new URL(`${base}/rates`);
          const query: Record<string, string> = {
            accountNumber: options.accountNumber,
            originCountryCode: 'RU',
            originCityName: options.shipper.cityName,
            originPostalCode: options.shipper.postalCode,
            destinationCountryCode: country,
            destinationCityName: city.trim(),
            ...(postalCode ? { destinationPostalCode: postalCode } : {}),
            weight: String(weight),
            length: String(BOX.length),
            width: String(BOX.width),
            height: String(BOX.height),
            plannedShippingDate: shippingDate(),
            isCustomsDeclarable: 'true',
            unitOfMeasurement: 'metric',
          };
          for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
          const answer = await requestJson('DHL', url.toString(), {
            headers: { authorization: auth, accept: 'application/json' },
            timeoutMs: readTimeoutMs,
          });
          // 4xx: no product for this route (an answer); 401 and 5xx: trouble.
          if (
            answer.status === 401 ||
            answer.status === 403 ||
            answer.status >= 500 ||
            answer.status === 429
          ) {
            throw new CarrierError(
              'DHL',
              `GET /rates answered HTTP ${answer.status}: ${problemText(answer.body)}`,
              answer.status,
            );
          }
          if (answer.status !== 200) return null;
          const products = parseAnswer('DHL', 'GET /rates', ratesSchema, answer.body).products;
          let best: DeliveryQuote | null = null;
          for (const product of products) {
            const rub =
              product.totalPrice.find((p) => p.priceCurrency === 'RUB' && p.currencyType === 'BILLC') ??
              product.totalPrice.find((p) => p.priceCurrency === 'RUB');
            const days = product.deliveryCapabilities?.totalTransitDays;
            if (!rub || days === undefined) continue;
            const price = Math.round(rub.price * 100);
            if (!best || price < best.price) best = { price, periodMin: days, periodMax: days };
          }
          return best;
        });
      } catch (error) {
        options.onError?.(error, 'DHL rates');
        return null;
      }
    },

    async createShipment(request: ShipmentRequest): Promise<Shipment> {
      const to = request.destination;
      const goods = request.items.reduce((sum, item) => sum + item.price * item.count, 0);
      const missing = request.items.filter((item) => !item.customs?.originCountry || !item.customs.hsCode);
      if (missing.length) {
        // Clothing abroad is dutiable: DHL refuses it (422) without each line's HS code and country.
        throw new CarrierError(
          'DHL',
          `customs data missing for ${missing.map((item) => item.sku).join(', ')}`,
        );
      }
      const date = shippingDate();
      const lineItems = request.items.map((item, i) => ({
        number: i + 1,
        description: (item.customs?.description || item.name).slice(0, 512),
        price: item.price / 100,
        quantity: { value: item.count, unitOfMeasurement: 'PCS' },
        commodityCodes: [{ typeCode: 'outbound', value: item.customs?.hsCode ?? '' }],
        exportReasonType: 'permanent',
        manufacturerCountry: item.customs?.originCountry ?? '',
        weight: { netValue: kg(item.weightGrams), grossValue: kg(item.weightGrams) },
      }));
      const body = {
        plannedShippingDateAndTime: `${date}T12:00:00 GMT+03:00`,
        pickup: { isRequested: false },
        productCode: 'P',
        accounts: [{ typeCode: 'shipper', number: options.accountNumber }],
        outputImageProperties: {
          encodingFormat: 'pdf',
          imageOptions: [
            { typeCode: 'label' },
            { typeCode: 'invoice', isRequested: true, invoiceType: 'commercial' },
          ],
        },
        customerReferences: [{ value: request.reference ?? String(request.orderNumber), typeCode: 'CU' }],
        customerDetails: {
          shipperDetails: {
            postalAddress: {
              postalCode: options.shipper.postalCode,
              cityName: options.shipper.cityName,
              countryCode: 'RU',
              addressLine1: options.shipper.addressLine1.slice(0, 45),
            },
            contactInformation: {
              phone: internationalPhone(options.shipper.phone),
              companyName: options.shipper.companyName,
              fullName: options.shipper.companyName,
            },
          },
          receiverDetails: {
            postalAddress: {
              postalCode: (to.postalCode ?? '').slice(0, 12),
              cityName: to.city.slice(0, 45),
              countryCode: to.countryCode,
              addressLine1: to.address.slice(0, 45),
            },
            contactInformation: {
              phone: internationalPhone(request.recipient.phone),
              ...(request.recipient.email ? { email: request.recipient.email } : {}),
              companyName: request.recipient.name.slice(0, 100),
              fullName: request.recipient.name,
            },
          },
        },
        content: {
          packages: [{ weight: kg(request.parcel.weightGrams), dimensions: BOX }],
          isCustomsDeclarable: true,
          declaredValue: goods / 100,
          declaredValueCurrency: 'RUB',
          exportDeclaration: {
            lineItems,
            invoice: { number: request.reference ?? String(request.orderNumber), date },
            exportReason: 'Sale',
            exportReasonType: 'permanent',
          },
          description: shipmentDescription(request),
          incoterm: 'DAP',
          unitOfMeasurement: 'metric',
        },
      };
      const answer = await requestJson('DHL', `${base}/shipments`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: writeTimeoutMs,
      });
      if (answer.status !== 201 && answer.status !== 200) {
        const said = problemText(answer.body);
        throw new CarrierError('DHL', `the shipment was not created: ${said}`, answer.status, said);
      }
      const created = parseAnswer('DHL', 'POST /shipments', shipmentSchema, answer.body);
      return {
        carrierId: created.shipmentTrackingNumber,
        trackingNumber: created.shipmentTrackingNumber,
        documents: created.documents.flatMap((d) => {
          const kind =
            d.typeCode === 'label'
              ? 'label'
              : d.typeCode === 'invoice'
                ? 'invoice'
                : d.typeCode === 'waybillDoc'
                  ? 'waybill'
                  : null;
          return kind && d.imageFormat.toUpperCase() === 'PDF'
            ? [{ kind, contentType: 'application/pdf', base64: d.content }]
            : [];
        }),
      };
    },

    async shipmentState(waybill: string): Promise<ShipmentState | null> {
      const answer = await requestJson('DHL', `${base}/shipments/${encodeURIComponent(waybill)}/tracking`, {
        headers: { authorization: auth, accept: 'application/json' },
        timeoutMs: readTimeoutMs,
      });
      if (answer.status === 404) return null;
      if (answer.status !== 200)
        throw new CarrierError('DHL', `tracking answered HTTP ${answer.status}`, answer.status);
      const [shipment] = parseAnswer(
        'DHL',
        'GET /shipments/{n}/tracking',
        trackingSchema,
        answer.body,
      ).shipments;
      if (!shipment) return null;
      const events = shipment.events
        .map((e) => ({ ...e, at: new Date(`${e.date}T${e.time ?? '00:00:00'}Z`) }))
        .filter((e) => !Number.isNaN(e.at.getTime()))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      const last = events.at(-1);
      if (!last) return { stage: 'registered', code: 'SD', at: null, trackingNumber: waybill };
      return { stage: dhlStage(last.typeCode), code: last.typeCode, at: last.at, trackingNumber: waybill };
    },
  };
}
