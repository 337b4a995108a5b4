import { z } from 'zod';
import {
  answerCache,
  CARRIER_READ_TIMEOUT_MS,
  CARRIER_WRITE_TIMEOUT_MS,
  CarrierError,
  type HttpAnswer,
  internationalPhone,
  parseAnswer,
  requestJson,
} from './carrier-http.ts';
import type {
  CarrierCity,
  CarrierProvider,
  DeliveryQuote,
  PickupPoint,
  ReturnShipment,
  ReturnShipmentRequest,
  Shipment,
  ShipmentRequest,
  ShipmentStage,
  ShipmentState,
} from './carrier-provider.ts';

/** CDEK API v2 in production (integrations.md §1); the test environment is `https://api.edu.cdek.ru/v2`. */
export const CDEK_PRODUCTION_URL = 'https://api.cdek.ru/v2';

/**
 * Tariffs of an online shop shipping from its own drop-off point (integrations.md §1): 136
 * «Посылка склад-склад» to a pickup point, 137 «Посылка склад-дверь» to the door.
 */
export const CDEK_TARIFFS = { pickup: 136, door: 137 } as const;
/**
 * A buyer's return to the shop's drop-off point (integrations.md §1, tariff codes): from the buyer's
 * pickup point (136 склад-склад) or collected at their door (138 дверь-склад).
 */
export const CDEK_RETURN_TARIFFS = { pickup: 136, door: 138 } as const;

/** Cities and pickup points are kept for hours, tariffs for minutes (issue 18). */
const PLACES_TTL_MS = 6 * 60 * 60_000;
const TARIFF_TTL_MS = 10 * 60_000;
/** A token is renewed this long before CDEK says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export interface CdekOptions {
  clientId: string;
  clientSecret: string;
  /** `https://api.cdek.ru/v2` or the test environment; no trailing slash needed. */
  apiUrl: string;
  /** The shop's drop-off point (`shipment_point` of its orders), `MSK2181`. */
  shipmentPoint: string;
  /** A read (cities, points, tariffs) is abandoned after this many ms; a tariff then answers null. */
  readTimeoutMs?: number;
  writeTimeoutMs?: number;
  /** Told of reads that failed and were answered as "cannot deliver" (the process log). */
  onError?: (error: unknown, what: string) => void;
  /** For tests: the clock of the token's expiry. */
  now?: () => number;
  /** Waits between asking whether a printed form is ready (tests pass a shorter one). */
  sleep?: (ms: number) => Promise<void>;
}

/** CDEK's print calls: a waybill (`/print/orders`) and the parcel's barcode label (`/print/barcodes`). */
const PRINT_PATHS = { waybill: '/print/orders', label: '/print/barcodes' } as const;
/** How often, and how long apart, staff's wait for a printed form asks CDEK (its own plugin: 2 s, then retries). */
const PRINT_TRIES = 6;
const PRINT_WAIT_MS = 1_000;

/** The answer of a call that makes something asynchronously: its uuid. */
const entitySchema = z.object({ entity: z.object({ uuid: z.string() }) });

const printSchema = z.object({
  entity: z.object({
    uuid: z.string(),
    url: z.string().optional(),
    statuses: z.array(z.object({ code: z.string() })).default([]),
  }),
});

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive(),
});

const citySchema = z.object({
  code: z.number().int(),
  city: z.string(),
  country_code: z.string().default('RU'),
  country: z.string().optional(),
  region: z.string().optional(),
  sub_region: z.string().optional(),
  postal_codes: z.array(z.string()).optional(),
  longitude: z.number().optional(),
  latitude: z.number().optional(),
  time_zone: z.string().optional(),
});
const citiesSchema = z.array(citySchema);
const suggestSchema = z.array(
  z.object({ city_uuid: z.string().optional(), code: z.number().int(), full_name: z.string() }),
);

const pointSchema = z.object({
  code: z.string().min(1),
  name: z.string().default(''),
  type: z.string().default('PVZ'),
  location: z.object({
    country_code: z.string().default('RU'),
    city_code: z.number().int(),
    city: z.string().default(''),
    postal_code: z.string().default(''),
    longitude: z.number(),
    latitude: z.number(),
    address: z.string().default(''),
    address_full: z.string().default(''),
  }),
  address_comment: z.string().optional(),
  nearest_metro_station: z.string().optional(),
  work_time: z.string().default(''),
  phones: z.array(z.object({ number: z.string() })).default([]),
  note: z.string().optional(),
  is_handout: z.boolean().optional(),
});
const pointsSchema = z.array(pointSchema);

const errorListSchema = z.array(z.object({ code: z.string().optional(), message: z.string().optional() }));

const tariffSchema = z.object({
  delivery_sum: z.number().nonnegative(),
  /** What CDEK bills: the delivery and the services asked for (the insurance of the declared value). */
  total_sum: z.number().nonnegative().optional(),
  period_min: z.number().int().optional(),
  period_max: z.number().int().optional(),
  calendar_min: z.number().int().optional(),
  calendar_max: z.number().int().optional(),
  errors: errorListSchema.optional(),
});

const requestStateSchema = z.object({
  request_uuid: z.string().optional(),
  type: z.string().optional(),
  state: z.string(),
  errors: errorListSchema.optional(),
});
const orderCreatedSchema = z.object({
  entity: z.object({ uuid: z.string().min(1) }).optional(),
  requests: z.array(requestStateSchema).default([]),
});
const orderInfoSchema = z.object({
  entity: z.object({
    uuid: z.string().min(1),
    cdek_number: z.union([z.string(), z.number()]).optional().nullable(),
    number: z.string().optional(),
    statuses: z
      .array(z.object({ code: z.string(), name: z.string().optional(), date_time: z.string().optional() }))
      .default([]),
  }),
  requests: z.array(requestStateSchema).default([]),
});

/** The status `ORDER_STATUS` webhook (integrations.md §1); parsed only to learn which order to re-read. */
export const cdekWebhookSchema = z.object({
  type: z.literal('ORDER_STATUS'),
  uuid: z.string().min(1).max(64),
  date_time: z.string().optional(),
  attributes: z
    .object({ code: z.string().optional(), cdek_number: z.union([z.string(), z.number()]).optional() })
    .optional(),
});

/** CDEK status codes in the shop's terms (integrations.md §1 lists the codes). */
export function cdekStage(code: string): ShipmentStage {
  switch (code) {
    case 'CREATED':
    case 'ACCEPTED':
      return 'registered';
    case 'RECEIVED_AT_SHIPMENT_WAREHOUSE':
    case 'READY_TO_SHIP_AT_SENDING_OFFICE':
    case 'SENT_TO_TRANSIT_CITY':
    case 'ACCEPTED_AT_TRANSIT_WAREHOUSE':
    case 'SENT_TO_RECIPIENT_CITY':
    case 'ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE':
    case 'TAKEN_BY_COURIER':
      return 'handed_over';
    case 'ACCEPTED_AT_PICK_UP_POINT':
    case 'POSTOMAT_POSTED':
      return 'at_pickup_point';
    case 'DELIVERED':
      return 'delivered';
    case 'NOT_DELIVERED':
    case 'RETURNED':
      return 'returned';
    default:
      return 'other';
  }
}

const rubles = (kopecks: number) => Math.round(kopecks) / 100;

function errorText(errors: { code?: string; message?: string }[] | undefined): string {
  return (errors ?? []).map((e) => [e.code, e.message].filter(Boolean).join(' ')).join('; ') || 'refused';
}

/**
 * CDEK API v2 (integrations.md §1; docs/decisions/0025-real-carriers.md): an OAuth
 * client-credentials token kept until shortly before it expires (one request for every concurrent
 * caller; a refused token is replaced once and the call repeated), cities and pickup points cached
 * for hours, tariffs for minutes, orders registered when staff hand a parcel over and their state
 * read back for the status webhook and the poll.
 */
export function createCdekCarrier(options: CdekOptions): CarrierProvider & {
  /** The current token (fetched when there is none): for tests of the token cache. */
  token(): Promise<string>;
} {
  const base = options.apiUrl.replace(/\/+$/, '');
  const readTimeoutMs = options.readTimeoutMs ?? CARRIER_READ_TIMEOUT_MS;
  const writeTimeoutMs = options.writeTimeoutMs ?? CARRIER_WRITE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const cities = answerCache<CarrierCity | null>({ max: 5_000, ttlMs: PLACES_TTL_MS, now });
  const suggestions = answerCache<{ code: number }[]>({ max: 2_000, ttlMs: PLACES_TTL_MS, now });
  const points = answerCache<PickupPoint[]>({ max: 1_000, ttlMs: PLACES_TTL_MS, now });
  const tariffs = answerCache<DeliveryQuote | null>({ max: 5_000, ttlMs: TARIFF_TTL_MS, now });

  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    const answer = await requestJson('CDEK', `${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      timeoutMs: readTimeoutMs,
    });
    if (answer.status !== 200)
      throw new CarrierError('CDEK', 'refused the client credentials', answer.status);
    const parsed = parseAnswer('CDEK', 'POST /oauth/token', tokenSchema, answer.body);
    const lifetime = parsed.expires_in * 1000;
    token = {
      value: parsed.access_token,
      renewAt: now() + Math.max(lifetime - TOKEN_MARGIN_MS, lifetime / 2),
    };
    return parsed.access_token;
  }

  /** The kept token, or one new request shared by every caller waiting for it. */
  function currentToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    if (!pending) {
      pending = fetchToken().finally(() => {
        pending = null;
      });
    }
    return pending;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    {
      query,
      body,
      timeoutMs = readTimeoutMs,
    }: { query?: Record<string, string | number>; body?: unknown; timeoutMs?: number } = {},
  ): Promise<HttpAnswer> {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
    const send = async (bearer: string) =>
      requestJson('CDEK', url.toString(), {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
      });
    const first = await currentToken();
    let answer = await send(first);
    if (answer.status === 401) {
      // Refused (revoked or expired early): one new token, one more try.
      if (token?.value === first) token = null;
      answer = await send(await currentToken());
    }
    return answer;
  }

  async function getJson<S extends z.ZodType>(
    path: string,
    query: Record<string, string | number>,
    schema: S,
  ) {
    const answer = await call('GET', path, { query });
    if (answer.status !== 200)
      throw new CarrierError('CDEK', `GET ${path} answered HTTP ${answer.status}`, answer.status);
    return parseAnswer('CDEK', `GET ${path}`, schema, answer.body);
  }

  function toCity(c: z.infer<typeof citySchema>): CarrierCity {
    const region = c.region ?? '';
    const country = c.country ?? (c.country_code === 'RU' ? 'Россия' : c.country_code);
    return {
      code: c.code,
      name: c.city,
      fullName: [c.city, region, country].filter(Boolean).join(', '),
      region,
      countryCode: c.country_code,
      postalCodes: c.postal_codes ?? [],
      latitude: c.latitude ?? 0,
      longitude: c.longitude ?? 0,
      timeZone: c.time_zone ?? 'Europe/Moscow',
    };
  }

  function toPoint(p: z.infer<typeof pointSchema>): PickupPoint {
    return {
      code: p.code,
      carrier: 'sdek',
      name: p.name,
      type: p.type === 'POSTAMAT' || p.type === 'POSTOMAT' ? 'POSTAMAT' : 'PVZ',
      location: {
        address: p.location.address,
        addressFull: p.location.address_full,
        city: p.location.city,
        cityCode: p.location.city_code,
        countryCode: p.location.country_code,
        postalCode: p.location.postal_code,
        latitude: p.location.latitude,
        longitude: p.location.longitude,
      },
      workTime: p.work_time,
      phones: p.phones.map(({ number }) => ({ number })),
      nearestMetro: p.nearest_metro_station || null,
      note: p.address_comment || p.note || null,
    };
  }

  async function cityByCode(code: number): Promise<CarrierCity | null> {
    if (!Number.isInteger(code) || code <= 0) return null;
    const city = await cities.get(`code:${code}`, async () => {
      const [found] = await getJson('/location/cities', { code, size: 1 }, citiesSchema);
      return found ? toCity(found) : null;
    });
    return city ? structuredClone(city) : null;
  }

  async function orderInfo(uuid: string) {
    const answer = await call('GET', `/orders/${encodeURIComponent(uuid)}`);
    if (answer.status === 404) return null;
    if (answer.status !== 200)
      throw new CarrierError('CDEK', `GET /orders answered HTTP ${answer.status}`, answer.status);
    return parseAnswer('CDEK', 'GET /orders/{uuid}', orderInfoSchema, answer.body);
  }

  /**
   * Registers an order (`POST /orders`) and reads its CDEK number back: a refused order (CDEK's
   * `INVALID` request, or an error answer) throws with CDEK's reasons.
   */
  async function registerOrder(body: Record<string, unknown>): Promise<{ uuid: string; number: unknown }> {
    const answer = await call('POST', '/orders', { body, timeoutMs: writeTimeoutMs });
    const parsed = orderCreatedSchema.safeParse(answer.body);
    const refused = parsed.success ? parsed.data.requests.find((r) => r.state === 'INVALID') : undefined;
    if (answer.status >= 300 || !parsed.success || !parsed.data.entity || refused) {
      const errors = parsed.success
        ? (refused?.errors ?? parsed.data.requests.flatMap((r) => r.errors ?? []))
        : [];
      const top = errorListSchema.safeParse((answer.body as { errors?: unknown } | null)?.errors);
      const said = errorText(errors.length ? errors : top.success ? top.data : undefined);
      throw new CarrierError('CDEK', `the order was not registered: ${said}`, answer.status, said);
    }
    const uuid = parsed.data.entity.uuid;
    // Registration is asynchronous: the CDEK number may already be there, or come with the first status.
    const info = await orderInfo(uuid).catch(() => null);
    const invalid = info?.requests.find((r) => r.state === 'INVALID');
    if (invalid) {
      const said = errorText(invalid.errors);
      throw new CarrierError('CDEK', `the order was not registered: ${said}`, null, said);
    }
    const number = info?.entity.cdek_number;
    return { uuid, number };
  }

  return {
    name: 'cdek',
    carrier: 'sdek',
    token: currentToken,

    async suggestCities(query, limit) {
      const name = query.trim().slice(0, 100);
      if (!name || limit <= 0) return [];
      const found = await suggestions.get(`suggest:${name.toLowerCase()}`, async () =>
        parseAnswer(
          'CDEK',
          'GET /location/suggest/cities',
          suggestSchema,
          (await call('GET', '/location/suggest/cities', { query: { name, country_code: 'RU' } })).body,
        ).map(({ code }) => ({ code })),
      );
      const full = await Promise.all(found.slice(0, limit).map(({ code }) => cityByCode(code)));
      return full.filter((city): city is CarrierCity => city !== null);
    },

    cityByCode,

    async cityByPostalCode(postalCode) {
      const code = postalCode.trim();
      if (!/^\d{6}$/.test(code)) return null;
      const city = await cities.get(`postal:${code}`, async () => {
        const [found] = await getJson(
          '/location/cities',
          { postal_code: code, country_codes: 'RU', size: 1 },
          citiesSchema,
        );
        return found ? toCity(found) : null;
      });
      return city ? structuredClone(city) : null;
    },

    async pickupPoints(cityCode) {
      if (!Number.isInteger(cityCode) || cityCode <= 0) return [];
      const list = await points.get(String(cityCode), async () =>
        (
          await getJson(
            '/deliverypoints',
            { city_code: cityCode, type: 'ALL', is_handout: 'true' },
            pointsSchema,
          )
        )
          .filter((p) => p.is_handout !== false)
          .map(toPoint),
      );
      return structuredClone(list);
    },

    /** A price or null; a carrier that fails or is slow answers null too ("cannot deliver", never a hung checkout). */
    async quote({ fromCityCode, toCityCode, mode, parcel }) {
      if (!Number.isFinite(parcel.weightGrams) || parcel.weightGrams <= 0) return null;
      const weight = Math.ceil(parcel.weightGrams);
      // CDEK insures every parcel on its declared value and bills it with the delivery: the quote
      // asks for that insurance and shows `total_sum`, what the shop will be billed (roubles).
      const insured = Math.max(0, Math.round(parcel.valueKopecks / 100));
      const key = `${fromCityCode}:${toCityCode}:${mode}:${weight}:${insured}`;
      try {
        return await tariffs.get(key, async () => {
          const answer = await call('POST', '/calculator/tariff', {
            body: {
              type: 1,
              tariff_code: CDEK_TARIFFS[mode],
              from_location: { code: fromCityCode },
              to_location: { code: toCityCode },
              packages: [{ weight }],
              services: [{ code: 'INSURANCE', parameter: insured }],
            },
          });
          // A route the tariff does not serve is an answer (cached); HTTP trouble is not.
          if (answer.status >= 500 || answer.status === 401 || answer.status === 429) {
            throw new CarrierError(
              'CDEK',
              `POST /calculator/tariff answered HTTP ${answer.status}`,
              answer.status,
            );
          }
          const parsed = tariffSchema.safeParse(answer.body);
          if (answer.status !== 200 || !parsed.success || parsed.data.errors?.length) return null;
          const t = parsed.data;
          const min = t.calendar_min ?? t.period_min ?? 0;
          const max = t.calendar_max ?? t.period_max ?? min;
          const billed = t.total_sum ?? t.delivery_sum;
          return { price: Math.round(billed * 100), periodMin: min, periodMax: Math.max(min, max) };
        });
      } catch (error) {
        options.onError?.(error, 'CDEK tariff');
        return null;
      }
    },

    async createShipment(request: ShipmentRequest): Promise<Shipment> {
      const { destination: to, recipient } = request;
      const door = request.mode === 'door';
      if (!door && !to.pickupPointCode) throw new CarrierError('CDEK', 'a pickup delivery needs its point');
      const body = {
        type: 1,
        number: request.reference ?? String(request.orderNumber),
        tariff_code: CDEK_TARIFFS[request.mode],
        shipment_point: options.shipmentPoint,
        ...(door
          ? {
              to_location: {
                ...(to.cityCode ? { code: to.cityCode } : {}),
                city: to.city,
                postal_code: to.postalCode,
                country_code: to.countryCode,
                address: to.address,
              },
            }
          : { delivery_point: to.pickupPointCode }),
        recipient: {
          name: recipient.name,
          phones: [{ number: internationalPhone(recipient.phone) }],
          ...(recipient.email ? { email: recipient.email } : {}),
        },
        packages: [
          {
            number: '1',
            weight: Math.max(1, Math.ceil(request.parcel.weightGrams)),
            length: 30,
            width: 20,
            height: 10,
            items: request.items.map((item) => ({
              name: item.name,
              ware_key: item.sku,
              // Paid in advance: nothing to collect at delivery.
              payment: { value: 0 },
              cost: rubles(item.price),
              weight: item.weightGrams,
              amount: item.count,
            })),
          },
        ],
      };
      const { uuid, number } = await registerOrder(body);
      return { carrierId: uuid, trackingNumber: number ? String(number) : null };
    },

    /**
     * A buyer's return (docs/product/returns.md) as a CDEK order to the shop's own drop-off point:
     * from the buyer's pickup point, or from their door by courier, the shop as the recipient, nothing
     * to collect. Its number is `R` + the return number, so CDEK refuses a second one; the CDEK
     * number is the code the buyer names when handing it over (null until CDEK assigns it).
     */
    async createReturnShipment(request: ReturnShipmentRequest): Promise<ReturnShipment> {
      const { origin: from, sender } = request;
      const door = request.mode === 'door';
      if (!door && !from.pickupPointCode)
        throw new CarrierError('CDEK', 'a return from a pickup point needs the point');
      const body = {
        type: 1,
        number: `R${request.returnNumber}`,
        tariff_code: CDEK_RETURN_TARIFFS[request.mode],
        comment: `Возврат по заказу ${request.orderNumber}`,
        ...(door
          ? {
              from_location: {
                ...(from.cityCode ? { code: from.cityCode } : {}),
                city: from.city,
                postal_code: from.postalCode,
                country_code: from.countryCode,
                address: from.address,
              },
            }
          : { shipment_point: from.pickupPointCode }),
        delivery_point: options.shipmentPoint,
        sender: {
          name: sender.name,
          phones: [{ number: internationalPhone(sender.phone) }],
          ...(sender.email ? { email: sender.email } : {}),
        },
        recipient: { name: request.shop.name, phones: [{ number: internationalPhone(request.shop.phone) }] },
        packages: [
          {
            number: '1',
            weight: Math.max(1, Math.ceil(request.parcel.weightGrams)),
            length: 30,
            width: 20,
            height: 10,
            items: request.items.map((item) => ({
              name: item.name,
              ware_key: item.sku,
              payment: { value: 0 },
              cost: rubles(item.price),
              weight: item.weightGrams,
              amount: item.count,
            })),
          },
        ],
      };
      const { uuid, number } = await registerOrder(body);
      return { carrierId: uuid, code: number ? String(number) : null };
    },

    /**
     * A courier to collect the shop's parcels (`POST /intakes`, as CDEK's plugin books it for parcels
     * not from the door): the day and window, the address and who hands them over, what and how
     * heavy. The intake number comes a moment later (`GET /intakes/{uuid}`); null until then.
     */
    async bookPickup(request) {
      const body = {
        intake_date: request.date,
        intake_time_from: request.from,
        intake_time_to: request.to,
        name: `Одежда, мест: ${request.parcels}`,
        weight: Math.max(1, Math.ceil(request.weightGrams)),
        from_location: { code: request.cityCode, address: request.address },
        sender: {
          name: request.contact.name,
          phones: [{ number: internationalPhone(request.contact.phone) }],
        },
        need_call: false,
        ...(request.comment.trim() ? { comment: request.comment.trim() } : {}),
      };
      const answer = await call('POST', '/intakes', { body, timeoutMs: writeTimeoutMs });
      const b = answer.body as { errors?: unknown; requests?: { errors?: unknown; state?: string }[] } | null;
      const listed = [b?.errors, ...(b?.requests ?? []).map((r) => r.errors)].flatMap(
        (e) => errorListSchema.safeParse(e).data ?? [],
      );
      if ((answer.status !== 200 && answer.status !== 202) || listed.length) {
        const said = errorText(listed);
        throw new CarrierError('CDEK', `the intake was not booked: ${said}`, answer.status, said);
      }
      const uuid = parseAnswer('CDEK', 'POST /intakes', entitySchema, answer.body).entity.uuid;
      const read = await call('GET', `/intakes/${encodeURIComponent(uuid)}`).catch(() => null);
      const number = (read?.body as { entity?: { intake_number?: string | number } } | null)?.entity
        ?.intake_number;
      return { carrierId: uuid, number: number === undefined || number === null ? null : String(number) };
    },

    /**
     * A printed form of a registered parcel (CDEK makes it asynchronously, as its own plugin does it:
     * ask, then look until it is READY and fetch the PDF): the waybill, or the parcel's barcode label
     * in A6. Refused when CDEK says INVALID or the form is not ready within a few seconds.
     */
    async printDocument(shipment: { carrierId: string; trackingNumber: string | null }, kind) {
      if (kind === 'invoice') throw new CarrierError('CDEK', 'CDEK makes no customs invoice');
      const path = PRINT_PATHS[kind];
      const orders = [
        shipment.trackingNumber
          ? { cdek_number: shipment.trackingNumber }
          : { order_uuid: shipment.carrierId },
      ];
      const asked = await call('POST', path, {
        body: kind === 'label' ? { orders, format: 'A6' } : { orders, copy_count: 1 },
        timeoutMs: writeTimeoutMs,
      });
      if (asked.status !== 200 && asked.status !== 202) {
        // CDEK's errors come at the top level or inside `requests[]` (integrations notes, error shape).
        const b = asked.body as { errors?: unknown; requests?: { errors?: unknown }[] } | null;
        const listed = [b?.errors, ...(b?.requests ?? []).map((r) => r.errors)].flatMap(
          (e) => errorListSchema.safeParse(e).data ?? [],
        );
        const said = errorText(listed);
        throw new CarrierError('CDEK', `POST ${path} answered HTTP ${asked.status}`, asked.status, said);
      }
      const { uuid } = parseAnswer('CDEK', `POST ${path}`, printSchema, asked.body).entity;
      const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
      for (let i = 0; i < PRINT_TRIES; i++) {
        await sleep(PRINT_WAIT_MS);
        const state = await call('GET', `${path}/${encodeURIComponent(uuid)}`);
        if (state.status !== 200) continue;
        const entity = parseAnswer('CDEK', `GET ${path}/{uuid}`, printSchema, state.body).entity;
        const last = entity.statuses.at(-1)?.code;
        if (last === 'INVALID') throw new CarrierError('CDEK', `the ${kind} was not made`, null, 'INVALID');
        if (!entity.url) continue;
        const bearer = await currentToken();
        let file: Response;
        try {
          file = await fetch(entity.url, {
            headers: { authorization: `Bearer ${bearer}` },
            signal: AbortSignal.timeout(writeTimeoutMs),
          });
        } catch (error) {
          throw new CarrierError('CDEK', `GET ${kind} file: ${String(error)}`);
        }
        if (!file.ok)
          throw new CarrierError('CDEK', `GET ${kind} file answered HTTP ${file.status}`, file.status);
        const bytes = Buffer.from(await file.arrayBuffer());
        return { kind, contentType: 'application/pdf', base64: bytes.toString('base64') };
      }
      throw new CarrierError('CDEK', `the ${kind} was not ready in time`);
    },

    async shipmentState(uuid: string): Promise<ShipmentState | null> {
      const info = await orderInfo(uuid);
      if (!info) return null;
      const number = info.entity.cdek_number ? String(info.entity.cdek_number) : null;
      const dated = info.entity.statuses.map((s) => ({
        ...s,
        at: s.date_time ? new Date(s.date_time) : null,
      }));
      // The latest status by its time (CDEK lists them newest first; the time decides).
      const latest = dated.reduce<(typeof dated)[number] | null>((best, s) => {
        if (!best) return s;
        const a = s.at?.getTime() ?? Number.NEGATIVE_INFINITY;
        const b = best.at?.getTime() ?? Number.NEGATIVE_INFINITY;
        return a > b ? s : best;
      }, null);
      if (!latest) return { stage: 'registered', code: 'ACCEPTED', at: null, trackingNumber: number };
      const at = latest.at && !Number.isNaN(latest.at.getTime()) ? latest.at : null;
      return { stage: cdekStage(latest.code), code: latest.code, at, trackingNumber: number };
    },
  };
}
