import { z } from 'zod';
import {
  answerCache,
  CARRIER_READ_TIMEOUT_MS,
  CARRIER_WRITE_TIMEOUT_MS,
  CarrierError,
  parseAnswer,
  requestJson,
} from './carrier-http.ts';
import type {
  CarrierCity,
  CarrierProvider,
  DeliveryQuote,
  PickupPoint,
  Shipment,
  ShipmentRequest,
  ShipmentStage,
  ShipmentState,
} from './carrier-provider.ts';

/** Boxberry's API (integrations.md §2): one URL, the method and the token in the query. */
export const BOXBERRY_PRODUCTION_URL = 'https://api.boxberry.ru/json.php';

const PLACES_TTL_MS = 6 * 60 * 60_000;
const TARIFF_TTL_MS = 10 * 60_000;

/** The shop's localities (CDEK codes): Boxberry is asked only about the ones it lists under the same name. */
export interface CityDirectory {
  suggestCities(query: string, limit: number): Promise<CarrierCity[]>;
  cityByCode(code: number): Promise<CarrierCity | null>;
  cityByPostalCode(postalCode: string): Promise<CarrierCity | null>;
}

export interface BoxberryOptions {
  token: string;
  apiUrl: string;
  /** The shop's drop-off point (`targetstart` of prices, `shop.name1` of parcels); Boxberry's default when absent. */
  targetStart?: string;
  /** The shop's city directory (the first carrier's), whose codes are the shop's city codes. */
  cities: CityDirectory;
  readTimeoutMs?: number;
  writeTimeoutMs?: number;
  onError?: (error: unknown, what: string) => void;
  now?: () => number;
}

/** 0/1 flags and numbers come as strings. */
const text = z.union([z.string(), z.number()]).transform(String);

const errorSchema = z.object({ err: z.union([z.string(), z.literal(true)]), message: z.string().optional() });
const citySchema = z.object({ Code: text, Name: z.string(), Region: z.string().optional().default('') });
const pointSchema = z.object({
  Code: text,
  Name: z.string().default(''),
  Address: z.string().default(''),
  AddressReduce: z.string().optional(),
  Phone: z.string().optional(),
  WorkShedule: z.string().default(''),
  TripDescription: z.string().optional(),
  CityCode: text.optional(),
  CityName: z.string().default(''),
  GPS: z.string().regex(/^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/),
  Metro: z.string().optional(),
  CountryCode: text.optional(),
  Postamat: z.union([z.boolean(), z.string()]).optional(),
  TypeOfOffice: text.optional(),
});
const costSchema = z.object({
  price: z.coerce.number().nonnegative(),
  price_base: z.coerce.number().optional(),
  price_service: z.coerce.number().optional(),
  delivery_period: text,
});
const parcelSchema = z.object({ track: z.string().min(1), label: z.string().optional() });
const statusesSchema = z.array(
  z.object({ Date: z.string(), Name: z.string(), Comment: z.string().optional() }),
);

/** A Boxberry answer may be an error object (or a list holding one) with HTTP 200 (integrations.md §2). */
function refusal(body: unknown): string | null {
  const candidate = Array.isArray(body) && body.length === 1 ? body[0] : body;
  const parsed = errorSchema.safeParse(candidate);
  if (!parsed.success) return null;
  return parsed.data.message ?? (typeof parsed.data.err === 'string' ? parsed.data.err : 'refused');
}

const norm = (value: string) => value.trim().toLowerCase().replace(/ё/g, 'е');

/** Boxberry's status names in the shop's terms: the names are text, so the words decide. */
export function boxberryStage(name: string): ShipmentStage {
  const n = norm(name);
  if (n.includes('выдан') || n.includes('доставлен')) return 'delivered';
  if (n.includes('возврат')) return 'returned';
  if (n.includes('пункт выдачи') || n.includes('поступило в пвз') || n.includes('готов'))
    return 'at_pickup_point';
  if (n.includes('принят') || n.includes('передан') || n.includes('отправлен') || n.includes('в пути'))
    return 'handed_over';
  if (n.includes('создан') || n.includes('загружен')) return 'registered';
  return 'other';
}

/**
 * Boxberry (integrations.md §2; docs/decisions/0025-real-carriers.md): its cities matched to the
 * shop's by name, pickup points, the delivery cost to a point or a postal code, parcel creation
 * (`ParselCreate`) with its tracking number, and the parcel's statuses (`ListStatuses`). Cities and
 * points are kept for hours, prices for minutes; a price that fails or is slow is null.
 */
export function createBoxberryCarrier(options: BoxberryOptions): CarrierProvider {
  const readTimeoutMs = options.readTimeoutMs ?? CARRIER_READ_TIMEOUT_MS;
  const writeTimeoutMs = options.writeTimeoutMs ?? CARRIER_WRITE_TIMEOUT_MS;
  const now = options.now;
  const cityList = answerCache<Map<string, { code: string; region: string }[]>>({
    max: 1,
    ttlMs: PLACES_TTL_MS,
    now,
  });
  const points = answerCache<PickupPoint[]>({ max: 1_000, ttlMs: PLACES_TTL_MS, now });
  const prices = answerCache<DeliveryQuote | null>({ max: 5_000, ttlMs: TARIFF_TTL_MS, now });

  async function get<S extends z.ZodType>(
    method: string,
    params: Record<string, string | number>,
    schema: S,
  ) {
    const url = new URL(options.apiUrl);
    url.searchParams.set('token', options.token);
    url.searchParams.set('method', method);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
    const answer = await requestJson('Boxberry', url.toString(), { timeoutMs: readTimeoutMs });
    if (answer.status !== 200)
      throw new CarrierError('Boxberry', `${method} answered HTTP ${answer.status}`, answer.status);
    const refused = refusal(answer.body);
    if (refused !== null) throw new CarrierError('Boxberry', `${method} refused: ${refused}`);
    return parseAnswer('Boxberry', method, schema, answer.body);
  }

  /** Boxberry's city code of one of the shop's cities, or null where Boxberry does not list it. */
  async function boxberryCity(city: CarrierCity | null): Promise<string | null> {
    if (city?.countryCode !== 'RU') return null;
    const byName = await cityList.get('RU', async () => {
      const list = await get('ListCities', { CountryCode: '643' }, z.array(citySchema));
      const map = new Map<string, { code: string; region: string }[]>();
      for (const c of list) {
        const key = norm(c.Name);
        map.set(key, [...(map.get(key) ?? []), { code: c.Code, region: norm(c.Region) }]);
      }
      return map;
    });
    const same = byName.get(norm(city.name)) ?? [];
    if (same.length <= 1) return same[0]?.code ?? null;
    // Namesakes: the one in the same region (`Московская обл.` ~ `Московская`).
    const region = norm(city.region).split(/[\s.,]+/)[0] ?? '';
    return same.find((c) => region && c.region.includes(region))?.code ?? same[0]?.code ?? null;
  }

  async function served(city: CarrierCity | null): Promise<CarrierCity | null> {
    return city && (await boxberryCity(city)) ? city : null;
  }

  function toPoint(p: z.infer<typeof pointSchema>, city: CarrierCity): PickupPoint {
    const [lat, lon] = p.GPS.split(',').map((v) => Number(v.trim()));
    const postal = /^\s*(\d{6})/.exec(p.Address)?.[1] ?? '';
    const postamat = p.Postamat === true || p.Postamat === 'true' || p.Postamat === '1';
    return {
      code: p.Code,
      carrier: 'boxberry',
      name: p.Name,
      type: postamat ? 'POSTAMAT' : 'PVZ',
      location: {
        address: p.AddressReduce || p.Address,
        addressFull: p.Address,
        city: p.CityName || city.name,
        cityCode: city.code,
        countryCode: 'RU',
        postalCode: postal,
        latitude: lat ?? 0,
        longitude: lon ?? 0,
      },
      workTime: p.WorkShedule,
      phones: p.Phone ? [{ number: p.Phone }] : [],
      nearestMetro: p.Metro || null,
      note: p.TripDescription || null,
    };
  }

  async function pickupPoints(cityCode: number): Promise<PickupPoint[]> {
    const city = await options.cities.cityByCode(cityCode);
    const code = await boxberryCity(city);
    if (!city || !code) return [];
    const list = await points.get(code, async () =>
      (await get('ListPoints', { CityCode: code, CountryCode: '643', prepaid: 1 }, z.array(pointSchema))).map(
        (p) => toPoint(p, city),
      ),
    );
    return structuredClone(list);
  }

  /** `3`, `3-5`, or a number: the term in days. */
  function period(value: string): { min: number; max: number } {
    const numbers = value.match(/\d+/g)?.map(Number) ?? [];
    const min = numbers[0] ?? 0;
    return { min, max: Math.max(min, numbers[1] ?? min) };
  }

  return {
    name: 'boxberry',
    carrier: 'boxberry',

    async suggestCities(query, limit) {
      if (limit <= 0) return [];
      const found = await options.cities.suggestCities(query, limit * 2);
      const kept: CarrierCity[] = [];
      for (const city of found) {
        if (kept.length >= limit) break;
        if (await boxberryCity(city)) kept.push(city);
      }
      return kept;
    },
    async cityByCode(code) {
      return served(await options.cities.cityByCode(code));
    },
    async cityByPostalCode(postalCode) {
      return served(await options.cities.cityByPostalCode(postalCode));
    },
    pickupPoints,

    async quote({ toCityCode, mode, parcel, postalCode }) {
      if (!Number.isFinite(parcel.weightGrams) || parcel.weightGrams <= 0) return null;
      const weight = Math.ceil(parcel.weightGrams);
      try {
        const city = await options.cities.cityByCode(toCityCode);
        if (!city || !(await boxberryCity(city))) return null;
        const params: Record<string, string | number> = {
          weight,
          ordersum: Math.round(parcel.valueKopecks) / 100,
          paysum: 0,
          sucrh: 1,
          ...(options.targetStart ? { targetstart: options.targetStart } : {}),
        };
        if (mode === 'pickup') {
          const [point] = await pickupPoints(toCityCode);
          if (!point) return null;
          params.target = point.code;
        } else {
          // The courier price depends on the buyer's own postal code (its zone within the city); the
          // city's main code is only the estimate before the buyer has given an address.
          const own = postalCode?.trim();
          const zip = own && /^\d{6}$/.test(own) ? own : city.postalCodes[0];
          if (!zip) return null;
          params.zip = zip;
        }
        const key = `${mode}:${params.target ?? params.zip}:${weight}:${params.ordersum}`;
        return await prices.get(key, async () => {
          const url = new URL(options.apiUrl);
          url.searchParams.set('token', options.token);
          url.searchParams.set('method', 'DeliveryCosts');
          for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
          const answer = await requestJson('Boxberry', url.toString(), { timeoutMs: readTimeoutMs });
          if (answer.status !== 200)
            throw new CarrierError('Boxberry', `DeliveryCosts answered HTTP ${answer.status}`);
          // A refusal (no delivery that way) is an answer; a malformed body is not.
          if (refusal(answer.body) !== null) return null;
          const cost = parseAnswer('Boxberry', 'DeliveryCosts', costSchema, answer.body);
          const days = period(cost.delivery_period);
          return { price: Math.round(cost.price * 100), periodMin: days.min, periodMax: days.max };
        });
      } catch (error) {
        options.onError?.(error, 'Boxberry price');
        return null;
      }
    },

    async createShipment(request: ShipmentRequest): Promise<Shipment> {
      const { destination: to, recipient } = request;
      const pickup = request.mode === 'pickup';
      if (pickup && !to.pickupPointCode)
        throw new CarrierError('Boxberry', 'a pickup parcel needs its point');
      const goods = request.items.reduce((sum, item) => sum + item.price * item.count, 0);
      const sdata = {
        order_id: request.reference ?? String(request.orderNumber),
        price: goods / 100,
        payment_sum: 0,
        delivery_sum: 0,
        vid: pickup ? 1 : 2,
        shop: { name: pickup ? to.pickupPointCode : '', name1: options.targetStart ?? '' },
        customer: { fio: recipient.name, phone: recipient.phone, email: recipient.email },
        ...(pickup ? {} : { kurdost: { index: to.postalCode, citi: to.city, addressp: to.address } }),
        items: request.items.map((item) => ({
          id: item.sku,
          name: item.name,
          UnitName: 'шт',
          price: item.price / 100,
          quantity: item.count,
        })),
        weights: { weight: Math.max(1, Math.ceil(request.parcel.weightGrams)) },
      };
      const form = new URLSearchParams({
        token: options.token,
        method: 'ParselCreate',
        sdata: JSON.stringify(sdata),
      });
      const answer = await requestJson('Boxberry', options.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        timeoutMs: writeTimeoutMs,
      });
      const refused = refusal(answer.body);
      if (answer.status !== 200 || refused !== null) {
        throw new CarrierError(
          'Boxberry',
          `the parcel was not created: ${refused ?? `HTTP ${answer.status}`}`,
          answer.status,
          refused,
        );
      }
      const parcel = parseAnswer('Boxberry', 'ParselCreate', parcelSchema, answer.body);
      return { carrierId: parcel.track, trackingNumber: parcel.track };
    },

    async shipmentState(track: string): Promise<ShipmentState | null> {
      let statuses: z.infer<typeof statusesSchema>;
      try {
        statuses = await get('ListStatuses', { ImId: track }, statusesSchema);
      } catch (error) {
        if (error instanceof CarrierError && error.httpStatus === null && /refused/.test(error.message))
          return null;
        throw error;
      }
      const last = statuses.at(-1);
      if (!last) return { stage: 'registered', code: 'CREATED', at: null, trackingNumber: track };
      const at = new Date(last.Date);
      return {
        stage: boxberryStage(last.Name),
        code: last.Name,
        at: Number.isNaN(at.getTime()) ? null : at,
        trackingNumber: track,
      };
    },
  };
}
