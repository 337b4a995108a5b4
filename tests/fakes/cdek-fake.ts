import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFakeWithBody } from './fake-server.ts';

/**
 * A fake of CDEK API v2 (integrations.md §1) on 127.0.0.1: the OAuth client-credentials token, city
 * suggestions and look-ups, pickup points, the tariff calculator, order registration and read-back,
 * with switches for errors, slow or hanging answers, short-lived and refused tokens.
 */
export interface FakeCdekOrder {
  uuid: string;
  body: Record<string, unknown>;
  cdekNumber: string;
  statuses: { code: string; name: string; date_time: string }[];
  /** Reads of the order that still show no CDEK number (registration is asynchronous). */
  numberHiddenReads: number;
}

export interface CdekFake {
  /** `http://127.0.0.1:PORT/v2`, the adapter's `apiUrl`. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Every request as received (the token request included), in order. */
  calls: {
    method: string;
    path: string;
    query: Record<string, string>;
    body: unknown;
    auth: string | null;
  }[];
  orders: Map<string, FakeCdekOrder>;
  tokenRequests: number;
  /** Seconds a new token lives (`expires_in`). */
  tokenLifetimeS: number;
  /** The fake's clock (milliseconds), which a token's lifetime counts on; tests move it instead of waiting. */
  now: () => number;
  /** Answers are delayed by this many milliseconds (the token request too). */
  delayMs: number;
  /** Paths (prefixes, after `/v2`) that never answer. */
  hang: string[];
  /** `http500`: every API call (not the token) answers 500; `unavailable`: 503 with CDEK's error shape. */
  failure: null | 'http500' | 'unavailable';
  /** Reads of a new order that show no CDEK number yet. */
  numberAfterReads: number;
  /** Courier visits booked (`POST /intakes`), by their uuid. */
  intakes: Map<string, { body: Record<string, unknown>; number: string }>;
  /** Printed forms asked for (`/print/orders`, `/print/barcodes`), by their uuid. */
  prints: Map<string, { kind: 'orders' | 'barcodes'; body: Record<string, unknown>; reads: number }>;
  /** Reads of a print request that still show it PROCESSING (CDEK makes the PDF asynchronously). */
  printAfterReads: number;
  /** Refuse every token issued so far (as CDEK does when it revokes them). */
  revokeTokens(): void;
  /** Adds a status to an order (as CDEK's own progress would). */
  addStatus(uuid: string, code: string, dateTime: string): void;
  /** The body CDEK posts to a webhook for an order's status. */
  webhook(uuid: string, code: string, dateTime?: string): Record<string, unknown>;
  close(): Promise<void>;
}

const cities = [
  { code: 44, city: 'Москва', region: 'Москва', postal: '101000', lat: 55.7558, lon: 37.6173 },
  {
    code: 137,
    city: 'Санкт-Петербург',
    region: 'Санкт-Петербург',
    postal: '190000',
    lat: 59.9391,
    lon: 30.3159,
  },
  {
    code: 270,
    city: 'Новосибирск',
    region: 'Новосибирская обл.',
    postal: '630000',
    lat: 55.0302,
    lon: 82.9204,
  },
  { code: 1178, city: 'Истра', region: 'Московская обл.', postal: '143500', lat: 55.9146, lon: 36.8596 },
];

function cityJson(c: (typeof cities)[number]) {
  return {
    code: c.code,
    city_uuid: `uuid-${c.code}`,
    city: c.city,
    fias_guid: `fias-${c.code}`,
    country_code: 'RU',
    country: 'Россия',
    region: c.region,
    region_code: c.code,
    longitude: c.lon,
    latitude: c.lat,
    time_zone: c.code === 270 ? 'Asia/Novosibirsk' : 'Europe/Moscow',
    payment_limit: -1,
  };
}

function pointsOf(code: number) {
  const city = cities.find((c) => c.code === code);
  if (!city || code === 1178) return [];
  return [1, 2, 3].map((n) => ({
    code: `${code === 44 ? 'MSK' : code === 137 ? 'SPB' : 'NSK'}${100 + n}`,
    name: `${city.city}, пункт ${n}`,
    uuid: randomUUID(),
    address_comment: n === 1 ? 'Вход со двора' : '',
    nearest_metro_station: code === 44 ? 'Тверская' : '',
    work_time: 'Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00',
    work_time_list: [{ day: 1, time: '10:00/21:00' }],
    phones: [{ number: '+74951234567' }],
    note: '',
    type: n === 3 ? 'POSTAMAT' : 'PVZ',
    owner_code: 'CDEK',
    take_only: false,
    is_handout: true,
    is_reception: true,
    is_dressing_room: n === 1,
    have_cashless: true,
    have_cash: true,
    allowed_cod: true,
    weight_min: 0,
    weight_max: 30,
    location: {
      country_code: 'RU',
      region_code: code,
      region: city.region,
      city_code: code,
      city: city.city,
      fias_guid: `fias-${code}`,
      postal_code: city.postal,
      longitude: city.lon + n / 100,
      latitude: city.lat + n / 100,
      address: `ул. Пробная, ${n}`,
      address_full: `${city.postal}, Россия, ${city.region}, ${city.city}, ул. Пробная, ${n}`,
    },
  }));
}

/** The insurance CDEK bills, as a share of the declared value (its public tariff: 0.75 %). */
const INSURANCE_RATE = 0.0075;
/** `+` and the country code with the number: what CDEK's plugin sends (tests/fixtures/cdek/). */
const INTERNATIONAL_PHONE = /^\+\d{10,15}$/;

const statusNames: Record<string, string> = {
  ACCEPTED: 'Принят',
  CREATED: 'Создан',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  ACCEPTED_AT_PICK_UP_POINT: 'Принят на склад до востребования',
  DELIVERED: 'Вручен',
};

export async function startCdekFake({
  clientId = 'shop-client-id',
  clientSecret = 'shop-client-secret',
}: {
  clientId?: string;
  clientSecret?: string;
} = {}): Promise<CdekFake> {
  /** Issued tokens and when each expires on the fake's clock. */
  const valid = new Map<string, number>();
  const orders = new Map<string, FakeCdekOrder>();
  const calls: CdekFake['calls'] = [];
  let nextNumber = 1_580_000_000;

  const state: CdekFake = {
    apiUrl: '',
    clientId,
    clientSecret,
    calls,
    orders,
    tokenRequests: 0,
    tokenLifetimeS: 3600,
    now: () => Date.now(),
    delayMs: 0,
    hang: [],
    failure: null,
    prints: new Map(),
    intakes: new Map(),
    printAfterReads: 1,
    numberAfterReads: 0,
    revokeTokens() {
      valid.clear();
    },
    addStatus(uuid, code, dateTime) {
      const order = orders.get(uuid);
      if (!order) throw new Error(`no CDEK order ${uuid}`);
      order.statuses.unshift({ code, name: statusNames[code] ?? code, date_time: dateTime });
    },
    webhook(uuid, code, dateTime = new Date().toISOString()) {
      const order = orders.get(uuid);
      return {
        type: 'ORDER_STATUS',
        date_time: dateTime,
        uuid,
        attributes: {
          is_return: false,
          is_reverse: false,
          is_client_return: false,
          cdek_number: order?.cdekNumber ?? '1',
          number: (order?.body.number as string | undefined) ?? '1',
          code,
          status_code: '1',
          status_date_time: dateTime,
          city_name: 'Москва',
          city_code: '44',
        },
      };
    },
    close: async () => {},
  };

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function orderView(order: FakeCdekOrder) {
    const showNumber = order.numberHiddenReads <= 0;
    order.numberHiddenReads -= 1;
    return {
      entity: {
        uuid: order.uuid,
        type: 1,
        number: order.body.number,
        ...(showNumber ? { cdek_number: order.cdekNumber } : {}),
        tariff_code: order.body.tariff_code,
        statuses: order.statuses,
      },
      requests: [
        {
          request_uuid: randomUUID(),
          type: 'CREATE',
          state: 'SUCCESSFUL',
          date_time: new Date().toISOString(),
          errors: [],
          warnings: [],
        },
      ],
    };
  }

  function createOrder(body: Record<string, unknown>) {
    const problems: { code: string; message: string }[] = [];
    const recipient = body.recipient as { name?: string; phones?: { number?: string }[] } | undefined;
    if (body.type !== 1) problems.push({ code: 'v2_field_is_empty', message: 'type' });
    if (typeof body.number !== 'string' || !body.number)
      problems.push({ code: 'v2_field_is_empty', message: 'number' });
    if (![136, 137, 138, 368].includes(body.tariff_code as number))
      problems.push({ code: 'v2_tariff_invalid', message: 'tariff_code' });
    // 138 (дверь-склад, a buyer's return collected at the door) starts at an address, not a point.
    if (body.tariff_code === 138) {
      if (typeof (body.from_location as { address?: string } | undefined)?.address !== 'string')
        problems.push({ code: 'v2_field_is_empty', message: 'from_location.address' });
      if (typeof body.delivery_point !== 'string')
        problems.push({ code: 'v2_field_is_empty', message: 'delivery_point' });
    } else if (typeof body.shipment_point !== 'string')
      problems.push({ code: 'v2_field_is_empty', message: 'shipment_point' });
    if (body.tariff_code === 136 && typeof body.delivery_point !== 'string')
      problems.push({ code: 'v2_field_is_empty', message: 'delivery_point' });
    if (
      body.tariff_code === 137 &&
      typeof (body.to_location as { address?: string } | undefined)?.address !== 'string'
    )
      problems.push({ code: 'v2_field_is_empty', message: 'to_location.address' });
    if (!recipient?.name || !recipient.phones?.[0]?.number)
      problems.push({ code: 'v2_field_is_empty', message: 'recipient' });
    // Phones in the international form, as CDEK's own plugin sends them (tests/fixtures/cdek/).
    const sender = body.sender as { phones?: { number?: string }[] } | undefined;
    for (const [who, phones] of [
      ['recipient', recipient?.phones],
      ['sender', sender?.phones],
    ] as const) {
      for (const phone of phones ?? []) {
        if (!INTERNATIONAL_PHONE.test(phone.number ?? ''))
          problems.push({ code: 'v2_field_is_invalid', message: `${who}.phones.number: ${phone.number}` });
      }
    }
    if (!Array.isArray(body.packages) || body.packages.length === 0)
      problems.push({ code: 'v2_field_is_empty', message: 'packages' });
    const uuid = randomUUID();
    if (problems.length) {
      return {
        status: 202,
        body: {
          entity: { uuid },
          requests: [
            {
              request_uuid: randomUUID(),
              type: 'CREATE',
              state: 'INVALID',
              date_time: new Date().toISOString(),
              errors: problems,
              warnings: [],
            },
          ],
        },
      };
    }
    // One CDEK order per shop order number, as CDEK refuses a repeated `number`.
    for (const existing of orders.values()) {
      if (existing.body.number === body.number) {
        return {
          status: 202,
          body: {
            entity: { uuid },
            requests: [
              {
                request_uuid: randomUUID(),
                type: 'CREATE',
                state: 'INVALID',
                date_time: new Date().toISOString(),
                errors: [{ code: 'v2_number_duplicate', message: 'number' }],
                warnings: [],
              },
            ],
          },
        };
      }
    }
    orders.set(uuid, {
      uuid,
      body,
      cdekNumber: String(nextNumber++),
      statuses: [
        { code: 'CREATED', name: statusNames.CREATED ?? 'CREATED', date_time: new Date().toISOString() },
      ],
      numberHiddenReads: state.numberAfterReads,
    });
    return {
      status: 202,
      body: {
        entity: { uuid },
        requests: [
          {
            request_uuid: randomUUID(),
            type: 'CREATE',
            state: 'ACCEPTED',
            date_time: new Date().toISOString(),
            errors: [],
            warnings: [],
          },
        ],
      },
    };
  }

  function tariff(body: Record<string, unknown>) {
    const to = (body.to_location as { code?: number } | undefined)?.code;
    const from = (body.from_location as { code?: number } | undefined)?.code;
    const weight = (body.packages as { weight?: number }[] | undefined)?.[0]?.weight ?? 0;
    const city = cities.find((c) => c.code === to);
    if (
      !city ||
      !cities.some((c) => c.code === from) ||
      weight > 30_000 ||
      (body.tariff_code === 136 && to === 1178)
    ) {
      return {
        status: 400,
        body: { errors: [{ code: 'ERR_RESULT_SERVICE_EMPTY', message: 'No delivery' }] },
      };
    }
    const far = to === 270 ? 3 : to === 44 ? 1 : 2;
    const steps = Math.max(1, Math.ceil(weight / 500));
    const sum = 250 * far + 50 * steps + (body.tariff_code === 137 ? 150 : 0) + 0.5;
    // Services priced as CDEK does: insurance, a share of the declared value, is billed on top of
    // the delivery and `total_sum` is what the sender pays (tests/fixtures/cdek/README.md).
    const services = ((body.services as { code?: string; parameter?: unknown }[] | undefined) ?? []).flatMap(
      (service) =>
        service.code === 'INSURANCE'
          ? [{ code: 'INSURANCE', sum: Math.round(Number(service.parameter) * INSURANCE_RATE * 100) / 100 }]
          : [],
    );
    const total = Math.round((sum + services.reduce((t, s) => t + s.sum, 0)) * 100) / 100;
    return {
      status: 200,
      body: {
        delivery_sum: sum,
        period_min: far,
        period_max: far + 1,
        calendar_min: far + 1,
        calendar_max: far + 2,
        weight_calc: weight,
        total_sum: total,
        currency: 'RUB',
        services,
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/v2/, '');
    const query = Object.fromEntries(url.searchParams);
    let body: unknown = null;
    if (raw) {
      try {
        body = req.headers['content-type']?.includes('json')
          ? JSON.parse(raw)
          : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        body = raw;
      }
    }
    const auth = req.headers.authorization ?? null;
    calls.push({ method: req.method ?? 'GET', path, query, body, auth });
    if (state.hang.some((prefix) => path.startsWith(prefix))) return; // never answers
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));

    if (req.method === 'POST' && path === '/oauth/token') {
      state.tokenRequests += 1;
      const form = { ...query, ...(body as Record<string, string>) };
      if (
        form.grant_type !== 'client_credentials' ||
        form.client_id !== clientId ||
        form.client_secret !== clientSecret
      ) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' });
      }
      const token = `tok-${randomUUID()}`;
      const lifetime = state.tokenLifetimeS;
      valid.set(token, state.now() + lifetime * 1000);
      return send(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: lifetime,
        scope: 'order:all payment:all',
        jti: randomUUID(),
      });
    }
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    if (!bearer || (valid.get(bearer) ?? 0) <= state.now()) {
      return send(res, 401, {
        errors: [{ code: 'v2_token_expired', message: 'Token is expired or invalid' }],
      });
    }
    if (state.failure === 'http500') {
      res.writeHead(500);
      return res.end('Internal Server Error');
    }
    if (state.failure === 'unavailable') {
      return send(res, 503, { errors: [{ code: 'v2_internal_error', message: 'Service unavailable' }] });
    }

    if (req.method === 'GET' && path === '/location/suggest/cities') {
      const name = (query.name ?? '').toLowerCase();
      return send(
        res,
        200,
        cities
          .filter((c) => name && c.city.toLowerCase().startsWith(name))
          .map((c) => ({
            city_uuid: `uuid-${c.code}`,
            code: c.code,
            full_name: `${c.city}, ${c.region}, Россия`,
            country_code: 'RU',
          })),
      );
    }
    if (req.method === 'GET' && path === '/location/cities') {
      const found = cities.filter(
        (c) =>
          (query.code === undefined || String(c.code) === query.code) &&
          (query.postal_code === undefined || c.postal === query.postal_code),
      );
      return send(res, 200, found.map(cityJson));
    }
    if (req.method === 'GET' && path === '/deliverypoints') {
      return send(res, 200, pointsOf(Number(query.city_code)));
    }
    if (req.method === 'POST' && path === '/calculator/tariff') {
      const answer = tariff(body as Record<string, unknown>);
      return send(res, answer.status, answer.body);
    }
    // Courier visits (intakes) as CDEK's plugin books them for parcels not from the door: the day,
    // the window, what and how heavy, where from and who hands them over.
    if (req.method === 'POST' && path === '/intakes') {
      const b = (body ?? {}) as Record<string, unknown>;
      const errors: { code: string; message: string }[] = [];
      const date = typeof b.intake_date === 'string' ? b.intake_date : '';
      const time = /^([01]\d|2[0-3]):[0-5]\d$/;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
        errors.push({ code: 'v2_field_is_empty', message: 'intake_date' });
      else if (date < new Date(state.now()).toISOString().slice(0, 10))
        errors.push({ code: 'v2_intake_date_invalid', message: 'intake_date is in the past' });
      const from = String(b.intake_time_from ?? '');
      const to = String(b.intake_time_to ?? '');
      if (!time.test(from) || !time.test(to) || from >= to)
        errors.push({ code: 'v2_field_is_invalid', message: 'intake_time_from, intake_time_to' });
      if (typeof b.name !== 'string' || !b.name) errors.push({ code: 'v2_field_is_empty', message: 'name' });
      if (!Number.isInteger(b.weight) || (b.weight as number) <= 0)
        errors.push({ code: 'v2_field_is_empty', message: 'weight' });
      const location = b.from_location as { code?: number; address?: string } | undefined;
      if (!location?.address || !cities.some((c) => c.code === location.code))
        errors.push({ code: 'v2_field_is_empty', message: 'from_location' });
      const sender = b.sender as { name?: string; phones?: { number?: string }[] } | undefined;
      if (!sender?.name || !INTERNATIONAL_PHONE.test(sender.phones?.[0]?.number ?? ''))
        errors.push({ code: 'v2_field_is_invalid', message: 'sender' });
      if (errors.length) return send(res, 400, { requests: [{ type: 'CREATE', state: 'INVALID', errors }] });
      const uuid = randomUUID();
      state.intakes.set(uuid, { body: b, number: String(7_000_000 + state.intakes.size + 1) });
      return send(res, 202, { entity: { uuid }, requests: [{ type: 'CREATE', state: 'ACCEPTED' }] });
    }
    const intake = /^\/intakes\/([0-9a-f-]{36})$/.exec(path);
    if (req.method === 'GET' && intake) {
      const found = state.intakes.get(intake[1] ?? '');
      if (!found) return send(res, 404, { errors: [{ code: 'v2_entity_not_found', message: 'intake' }] });
      return send(res, 200, {
        entity: { uuid: intake[1], intake_number: found.number, statuses: [{ code: 'ACCEPTED' }] },
      });
    }
    // Printed forms as CDEK's plugin uses them: ask, look until READY with a url, fetch the PDF.
    const printAsk = /^\/print\/(orders|barcodes)\/?$/.exec(path);
    if (req.method === 'POST' && printAsk) {
      const kind = printAsk[1] as 'orders' | 'barcodes';
      const b = (body ?? {}) as { orders?: { cdek_number?: string; order_uuid?: string }[]; format?: string };
      const known = (o: { cdek_number?: string; order_uuid?: string }) =>
        [...state.orders.values()].some((x) => x.cdekNumber === o.cdek_number || x.uuid === o.order_uuid);
      const errors: { code: string; message: string }[] = [];
      if (!Array.isArray(b.orders) || b.orders.length === 0)
        errors.push({ code: 'v2_field_is_empty', message: 'orders' });
      else if (!b.orders.every(known)) errors.push({ code: 'v2_entity_not_found', message: 'orders' });
      if (kind === 'barcodes' && b.format !== undefined && !['A4', 'A5', 'A6', 'A7'].includes(b.format))
        errors.push({ code: 'v2_field_is_invalid', message: 'format' });
      if (errors.length) return send(res, 400, { requests: [{ type: 'CREATE', state: 'INVALID', errors }] });
      const uuid = randomUUID();
      state.prints.set(uuid, { kind, body: b as Record<string, unknown>, reads: 0 });
      return send(res, 202, { entity: { uuid }, requests: [{ type: 'CREATE', state: 'ACCEPTED' }] });
    }
    const printRead = /^\/print\/(orders|barcodes)\/([0-9a-f-]{36})(\.pdf)?$/.exec(path);
    if (req.method === 'GET' && printRead) {
      const print = state.prints.get(printRead[2] ?? '');
      if (!print || print.kind !== printRead[1])
        return send(res, 404, { errors: [{ code: 'v2_entity_not_found', message: 'print' }] });
      if (printRead[3]) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(`%PDF-1.4\n% CDEK ${print.kind} ${printRead[2]}\n%%EOF\n`);
      }
      print.reads += 1;
      const ready = print.reads > state.printAfterReads;
      return send(res, 200, {
        entity: {
          uuid: printRead[2],
          ...(ready ? { url: `${state.apiUrl}/print/${print.kind}/${printRead[2]}.pdf` } : {}),
          statuses: [
            { code: 'ACCEPTED', name: 'Принят' },
            ...(ready
              ? [{ code: 'READY', name: 'Сформирован' }]
              : [{ code: 'PROCESSING', name: 'Формируется' }]),
          ],
        },
      });
    }
    if (req.method === 'POST' && path === '/orders') {
      const answer = createOrder(body as Record<string, unknown>);
      return send(res, answer.status, answer.body);
    }
    const orderPath = /^\/orders\/([0-9a-f-]{36})$/.exec(path);
    if (req.method === 'GET' && orderPath) {
      const order = orders.get(orderPath[1] ?? '');
      if (!order)
        return send(res, 404, { errors: [{ code: 'v2_entity_not_found', message: 'Order not found' }] });
      return send(res, 200, orderView(order));
    }
    return send(res, 404, { errors: [{ code: 'v2_not_found', message: `${req.method} ${path}` }] });
  }

  const server = await startFakeWithBody(handle);
  state.apiUrl = `${server.url}/v2`;
  state.close = server.close;
  return state;
}
