import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFakeWithBody } from './fake-server.ts';

/**
 * A fake of Boxberry's API (integrations.md §2) on 127.0.0.1: `json.php?token=&method=` with
 * ListCities, ListPoints, DeliveryCosts and ListStatuses, and `ParselCreate` posted as a form with
 * its `sdata`; errors come with HTTP 200 as Boxberry sends them. Switches for errors and slow answers.
 */
export interface FakeBoxberryParcel {
  track: string;
  sdata: Record<string, unknown>;
  statuses: { Date: string; Name: string; Comment: string }[];
}

export interface BoxberryFake {
  /** `http://127.0.0.1:PORT/json.php`, the adapter's `apiUrl`. */
  apiUrl: string;
  token: string;
  calls: { method: string; params: Record<string, string>; http: string }[];
  parcels: Map<string, FakeBoxberryParcel>;
  delayMs: number;
  /** Methods that never answer. */
  hang: string[];
  /** `error`: every method answers `{"err": …}`; `http500`: a 500 without JSON. */
  failure: null | 'error' | 'http500';
  addStatus(track: string, name: string, date: string): void;
  close(): Promise<void>;
}

const cities = [
  { Code: '68', Name: 'Москва', Region: 'Москва' },
  { Code: '010', Name: 'Санкт-Петербург', Region: 'Санкт-Петербург' },
  { Code: '41', Name: 'Новосибирск', Region: 'Новосибирская' },
  { Code: '1011', Name: 'Истра', Region: 'Московская' },
  { Code: '2222', Name: 'Истра', Region: 'Другая' },
];

function points(cityCode: string) {
  const city = cities.find((c) => c.Code === cityCode);
  if (!city || city.Code === '1011' || city.Code === '2222') return [];
  return [1, 2].map((n) => ({
    Code: `${cityCode}${String(n).padStart(3, '0')}`,
    Name: `${city.Name} ${n}`,
    Address: `${cityCode === '68' ? '101000' : '190000'}, ${city.Name}, ул. Ящиков, д.${n}`,
    AddressReduce: `ул. Ящиков, д.${n}`,
    Phone: '8-800-222-80-00',
    WorkShedule: 'пн-пт:10.00-20.00, сб:10.00-16.00',
    TripDescription: n === 1 ? 'Вход с торца' : '',
    DeliveryPeriod: '2',
    CityCode: cityCode,
    CityName: city.Name,
    TariffZone: '1',
    Settlement: city.Name,
    Area: city.Region,
    Country: 'Россия',
    GPS: `55.7${n},37.6${n}`,
    OnlyPrepaidOrders: 'No',
    Acquiring: 'Yes',
    DigitalSignature: 'No',
    TypeOfOffice: '1',
    Metro: n === 1 ? 'Арбатская' : '',
    LoadLimit: '15',
    VolumeLimit: '0.25',
    CountryCode: '643',
    NalKD: 'Yes',
    Postamat: n === 2,
  }));
}

export async function startBoxberryFake({
  token = 'shop-boxberry-token',
}: {
  token?: string;
} = {}): Promise<BoxberryFake> {
  const parcels = new Map<string, FakeBoxberryParcel>();
  const calls: BoxberryFake['calls'] = [];
  let next = 1;
  const state: BoxberryFake = {
    apiUrl: '',
    token,
    calls,
    parcels,
    delayMs: 0,
    hang: [],
    failure: null,
    addStatus(track, name, date) {
      const parcel = parcels.get(track);
      if (!parcel) throw new Error(`no Boxberry parcel ${track}`);
      parcel.statuses.push({ Date: date, Name: name, Comment: '' });
    },
    close: async () => {},
  };

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function answer(method: string, p: Record<string, string>): unknown {
    switch (method) {
      case 'ListCities':
        return p.CountryCode === '643'
          ? cities.map((c) => ({ ...c, CountryCode: '643', Prefix: 'г', Reception: '1' }))
          : [];
      case 'ListPoints':
        return points(p.CityCode ?? '');
      case 'DeliveryCosts': {
        const weight = Number(p.weight);
        if (!(weight > 0) || weight > 30_000) return { err: 'Вес должен быть от 5 до 31000 грамм' };
        const point = p.target ? points(p.target.slice(0, -3)).find((x) => x.Code === p.target) : null;
        if (!p.zip && !point) return { err: 'Не найден пункт выдачи' };
        if (p.zip && !/^\d{6}$/.test(p.zip)) return { err: 'Курьерская доставка по индексу невозможна' };
        const base = 200 + 40 * Math.ceil(weight / 1000) + (p.zip ? 120 : 0);
        const period = point?.CityCode === '68' || p.zip?.startsWith('1') ? 2 : 5;
        return {
          price: base + 0.5,
          price_base: base,
          price_service: 0.5,
          delivery_period: p.sucrh === '1' ? period : `${period}`,
        };
      }
      case 'ListStatuses': {
        const parcel = parcels.get(p.ImId ?? '');
        if (!parcel) return [{ err: 'Не найден заказ с таким кодом' }];
        return parcel.statuses;
      }
      default:
        return { err: `Unknown method ${method}` };
    }
  }

  function create(p: Record<string, string>): unknown {
    let sdata: Record<string, unknown>;
    try {
      sdata = JSON.parse(p.sdata ?? '');
    } catch {
      return { err: 'Не переданы данные sdata' };
    }
    const customer = sdata.customer as { fio?: string; phone?: string } | undefined;
    const shop = sdata.shop as { name?: string } | undefined;
    if (!sdata.order_id) return { err: 'Не указан номер заказа' };
    if (!customer?.fio || !customer.phone) return { err: 'Не указан получатель' };
    if (sdata.vid === 1 && !shop?.name) return { err: 'Не указан пункт выдачи' };
    const kurdost = sdata.kurdost as { index?: string; addressp?: string } | undefined;
    if (sdata.vid === 2 && (!kurdost?.index || !kurdost.addressp)) return { err: 'Не указан адрес доставки' };
    for (const parcel of parcels.values()) {
      if (parcel.sdata.order_id === sdata.order_id) return { err: 'Заказ с таким номером уже существует' };
    }
    const track = `BB${String(next++).padStart(9, '0')}`;
    parcels.set(track, {
      track,
      sdata,
      statuses: [{ Date: '2030-01-01T10:00:00', Name: 'Загружен реестр ИМ', Comment: '' }],
    });
    return { track, label: `https://api.boxberry.ru/label/${track}.pdf` };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams) };
    if (req.method === 'POST') Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
    const method = params.method ?? '';
    calls.push({ method, params, http: req.method ?? 'GET' });
    if (state.hang.includes(method)) return;
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.failure === 'http500') {
      res.writeHead(500);
      return res.end('Internal Server Error');
    }
    if (params.token !== token) return send(res, 200, [{ err: 'Ключ интеграции не найден' }]);
    if (state.failure === 'error')
      return send(res, 200, { err: true, message: 'Сервис временно недоступен' });
    if (method === 'ParselCreate') {
      if (req.method !== 'POST') return send(res, 200, { err: 'Метод принимает только POST' });
      return send(res, 200, create(params));
    }
    return send(res, 200, answer(method, params));
  }

  const server = await startFakeWithBody(handle);
  state.apiUrl = `${server.url}/json.php`;
  state.close = server.close;
  return state;
}
