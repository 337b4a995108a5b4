import type { IncomingMessage, ServerResponse } from 'node:http';
import { openApiSchemas } from '../support/openapi.ts';
import { startFakeWithBody } from './fake-server.ts';

/** DHL's published OpenAPI description (tests/fixtures/dhl/README.md): every shipment is held to it. */
const published = openApiSchemas('dhl/mydhl-api-2.7.0.yaml');

/**
 * A fake of the MyDHL API (integrations.md §9) on 127.0.0.1: `GET /rates` and `POST /shipments`
 * behind HTTP Basic, tracking at `GET /shipments/{n}/tracking`, the documented error body, and
 * switches for errors and slow answers. `POST /shipments` is validated against DHL's published
 * schema (tests/fixtures/dhl/) and refuses a dutiable shipment without its export declaration, as
 * the schema's note on `isCustomsDeclarable` says, with 422 like the real API.
 */
export interface DhlFake {
  /** `http://127.0.0.1:PORT/mydhlapi/test`, the adapter's `apiUrl`. */
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  accountNumber: string;
  calls: { method: string; path: string; query: Record<string, string>; body: unknown }[];
  shipments: Map<
    string,
    { body: Record<string, unknown>; events: { date: string; time: string; typeCode: string }[] }
  >;
  delayMs: number;
  hang: string[];
  failure: null | 'http500';
  close(): Promise<void>;
}

/** Zones by destination, as a rate card in roubles for the first 0.5 kg. */
const zones: Record<string, { first: number; days: number }> = {
  DE: { first: 4500, days: 3 },
  FR: { first: 5200, days: 4 },
  US: { first: 7200, days: 5 },
  AE: { first: 6100, days: 4 },
};

/** A tiny PDF document in base64, as DHL returns its labels. */
function pdfOf(text: string): string {
  return Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`).toString('base64');
}

export async function startDhlFake({
  apiKey = 'shop-dhl-key',
  apiSecret = 'shop-dhl-secret',
  accountNumber = '123456789',
}: {
  apiKey?: string;
  apiSecret?: string;
  accountNumber?: string;
} = {}): Promise<DhlFake> {
  let next = 5_000_000_001;
  const state: DhlFake = {
    apiUrl: '',
    apiKey,
    apiSecret,
    accountNumber,
    calls: [],
    shipments: new Map(),
    delayMs: 0,
    hang: [],
    failure: null,
    close: async () => {},
  };

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  /** The error body of DHL's schema (`supermodelIoLogisticsExpressErrorResponse`): status as a string. */
  const problem = (
    res: ServerResponse,
    status: number,
    title: string,
    detail: string,
    instance: string,
    additionalDetails?: string[],
  ) =>
    send(res, status, {
      instance,
      detail,
      title,
      message: status === 422 ? 'Unprocessable Entity' : title,
      status: String(status),
      ...(additionalDetails?.length ? { additionalDetails } : {}),
    });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/mydhlapi\/test/, '');
    const query = Object.fromEntries(url.searchParams);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    state.calls.push({ method: req.method ?? 'GET', path, query, body });
    if (state.hang.some((prefix) => path.startsWith(prefix))) return;
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return problem(res, 401, 'Unauthorized', 'Invalid credentials', path);
    if (state.failure === 'http500') {
      res.writeHead(500);
      return res.end('Internal Server Error');
    }
    if (req.method === 'GET' && path === '/rates') {
      const zone = zones[query.destinationCountryCode ?? ''];
      const missing = [
        'accountNumber',
        'originCountryCode',
        'originCityName',
        'destinationCountryCode',
        'destinationCityName',
        'weight',
        'plannedShippingDate',
        'isCustomsDeclarable',
        'unitOfMeasurement',
      ].filter((name) => !query[name]);
      if (missing.length) return problem(res, 400, 'Bad request', `Missing ${missing.join(', ')}`, path);
      if (query.accountNumber !== accountNumber)
        return problem(res, 400, 'Bad request', 'Invalid account', path);
      if (!zone)
        return problem(res, 404, 'Product not found', 'No product available for the requested route', path);
      const weight = Number(query.weight);
      const price = zone.first + Math.max(0, Math.ceil((weight - 0.5) / 0.5)) * 900 + 0.25;
      return send(res, 200, {
        products: [
          {
            productName: 'EXPRESS WORLDWIDE',
            productCode: 'P',
            totalPrice: [
              { currencyType: 'BILLC', priceCurrency: 'RUB', price },
              { currencyType: 'PULCL', priceCurrency: 'EUR', price: price / 100 },
            ],
            deliveryCapabilities: {
              deliveryTypeCode: 'QDDC',
              estimatedDeliveryDateAndTime: '2030-01-05T23:59:00',
              totalTransitDays: zone.days,
            },
          },
          {
            productName: 'EXPRESS 12:00',
            productCode: 'Y',
            totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'RUB', price: price * 1.4 }],
            deliveryCapabilities: { deliveryTypeCode: 'QDDC', totalTransitDays: Math.max(1, zone.days - 1) },
          },
        ],
      });
    }
    if (req.method === 'POST' && path === '/shipments') {
      const errors = published.check('supermodelIoLogisticsExpressCreateShipmentRequest', body);
      if (errors.length)
        return problem(res, 422, 'Validation error', errors[0] ?? 'invalid', path, errors.slice(1));
      const b = body as {
        accounts: { number: string }[];
        customerDetails: { receiverDetails: { postalAddress: { countryCode: string } } };
        content: { isCustomsDeclarable: boolean; exportDeclaration?: unknown };
        outputImageProperties?: { imageOptions?: { typeCode: string; isRequested?: boolean }[] };
      };
      if (b.content.isCustomsDeclarable && !b.content.exportDeclaration) {
        return problem(
          res,
          422,
          'Validation error',
          '7121: exportDeclaration must be provided for a dutiable shipment (content.isCustomsDeclarable=true)',
          path,
        );
      }
      if (b.accounts[0]?.number !== accountNumber)
        return problem(res, 422, 'Validation error', 'Invalid shipper account number', path);
      if (!zones[b.customerDetails.receiverDetails.postalAddress.countryCode])
        return problem(res, 422, 'Unprocessable entity', 'Destination not served', path);
      const waybill = String(next++);
      state.shipments.set(waybill, { body: b as Record<string, unknown>, events: [] });
      return send(res, 201, {
        url: `${state.apiUrl}/shipments/${waybill}`,
        shipmentTrackingNumber: waybill,
        trackingUrl: `${state.apiUrl}/shipments/${waybill}/tracking`,
        packages: [{ referenceNumber: 1, trackingNumber: `JD0${waybill}` }],
        documents: [
          { imageFormat: 'PDF', content: pdfOf(`DHL label ${waybill}`), typeCode: 'label' },
          ...(b.outputImageProperties?.imageOptions?.some((o) => o.typeCode === 'invoice' && o.isRequested)
            ? [{ imageFormat: 'PDF', content: pdfOf(`Invoice ${waybill}`), typeCode: 'invoice' }]
            : []),
        ],
      });
    }
    const tracking = /^\/shipments\/(\d+)\/tracking$/.exec(path);
    if (req.method === 'GET' && tracking) {
      const shipment = state.shipments.get(tracking[1] ?? '');
      if (!shipment) return problem(res, 404, 'Not found', 'No shipment found', path);
      return send(res, 200, {
        shipments: [{ shipmentTrackingNumber: tracking[1], status: 'Success', events: shipment.events }],
      });
    }
    return problem(res, 404, 'Not found', `${req.method} ${path}`, path);
  }

  const server = await startFakeWithBody(handle);
  state.apiUrl = `${server.url}/mydhlapi/test`;
  state.close = server.close;
  return state;
}
