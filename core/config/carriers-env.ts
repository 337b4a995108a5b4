import { z } from 'zod';
import { BOXBERRY_PRODUCTION_URL } from '../providers/carriers/boxberry.ts';
import { CDEK_PRODUCTION_URL } from '../providers/carriers/cdek.ts';
import { DHL_PRODUCTION_URL } from '../providers/carriers/dhl.ts';

/**
 * The carriers' variables (docs/decisions/0025-real-carriers.md), part of the one environment schema
 * (core/config/env.ts): each carrier is `sandbox` or its real adapter; a real one needs its
 * credentials from the environment, and start-up stops naming each one missing.
 */
export const carriersEnvShape = {
  /** CDEK (cities, pickup points, tariffs, orders): `sandbox` (offline data set) or `cdek` (CDEK API v2). */
  CDEK_PROVIDER: z.enum(['sandbox', 'cdek'], { error: 'must be sandbox or cdek' }).default('sandbox'),
  CDEK_CLIENT_ID: z.string().min(1).optional(),
  CDEK_CLIENT_SECRET: z.string().min(1).optional(),
  CDEK_API_URL: z.url({ error: 'must be an http(s) URL' }).default(CDEK_PRODUCTION_URL),
  /** The shop's drop-off point, the `shipment_point` of its CDEK orders (`MSK2181`). */
  CDEK_SHIPMENT_POINT: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/, 'must be a CDEK point code such as MSK2181')
    .optional(),
  /** The secret path segment of the status webhook URL (`/api/carriers/cdek/status/<secret>`). */
  CDEK_WEBHOOK_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Boxberry (points, prices, parcels): `sandbox` or `boxberry` (its JSON API with a token). */
  BOXBERRY_PROVIDER: z
    .enum(['sandbox', 'boxberry'], { error: 'must be sandbox or boxberry' })
    .default('sandbox'),
  BOXBERRY_TOKEN: z.string().min(1).optional(),
  BOXBERRY_API_URL: z.url({ error: 'must be an http(s) URL' }).default(BOXBERRY_PRODUCTION_URL),
  /** The shop's Boxberry drop-off point code (`targetstart`); Boxberry's account default when unset. */
  BOXBERRY_TARGET_START: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a Boxberry point code')
    .optional(),
  /** DHL Express for the English edition: `sandbox` (zone table) or `dhl` (MyDHL API). */
  DHL_PROVIDER: z.enum(['sandbox', 'dhl'], { error: 'must be sandbox or dhl' }).default('sandbox'),
  DHL_API_KEY: z.string().min(1).optional(),
  DHL_API_SECRET: z.string().min(1).optional(),
  DHL_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{6,12}$/, 'must be the DHL account number')
    .optional(),
  DHL_API_URL: z.url({ error: 'must be an http(s) URL' }).default(DHL_PRODUCTION_URL),
  /** The sender on DHL waybills: the shop's Moscow address, postal code and phone. */
  DHL_SHIPPER_COMPANY: z.string().min(1).optional(),
  DHL_SHIPPER_ADDRESS: z.string().min(1).max(45, 'must be at most 45 characters').optional(),
  DHL_SHIPPER_POSTAL_CODE: z
    .string()
    .regex(/^\d{6}$/, 'must be a six-digit postal code')
    .optional(),
  DHL_SHIPPER_PHONE: z.string().min(5).optional(),
};

const carriersEnvSchema = z.object(carriersEnvShape);
type CarriersEnv = z.infer<typeof carriersEnvSchema>;

export interface CarriersConfig {
  cdek:
    | { kind: 'sandbox'; webhookSecret: string | null }
    | {
        kind: 'cdek';
        clientId: string;
        clientSecret: string;
        apiUrl: string;
        shipmentPoint: string;
        webhookSecret: string | null;
      };
  boxberry:
    | { kind: 'sandbox' }
    | { kind: 'boxberry'; token: string; apiUrl: string; targetStart: string | null };
  dhl:
    | { kind: 'sandbox' }
    | {
        kind: 'dhl';
        apiKey: string;
        apiSecret: string;
        accountNumber: string;
        apiUrl: string;
        shipper: {
          companyName: string;
          phone: string;
          addressLine1: string;
          postalCode: string;
          cityName: string;
        };
      };
}

const needs: [
  provider: 'CDEK_PROVIDER' | 'BOXBERRY_PROVIDER' | 'DHL_PROVIDER',
  real: string,
  variables: (keyof CarriersEnv)[],
][] = [
  ['CDEK_PROVIDER', 'cdek', ['CDEK_CLIENT_ID', 'CDEK_CLIENT_SECRET', 'CDEK_SHIPMENT_POINT']],
  ['BOXBERRY_PROVIDER', 'boxberry', ['BOXBERRY_TOKEN']],
  [
    'DHL_PROVIDER',
    'dhl',
    [
      'DHL_API_KEY',
      'DHL_API_SECRET',
      'DHL_ACCOUNT_NUMBER',
      'DHL_SHIPPER_COMPANY',
      'DHL_SHIPPER_ADDRESS',
      'DHL_SHIPPER_POSTAL_CODE',
      'DHL_SHIPPER_PHONE',
    ],
  ],
];

/** `  VARIABLE: must be set when CDEK_PROVIDER=cdek` for each credential a chosen carrier lacks. */
export function carriersProblems(e: CarriersEnv): string[] {
  const problems: string[] = [];
  for (const [provider, real, variables] of needs) {
    if (e[provider] !== real) continue;
    for (const name of variables) {
      if (e[name] === undefined) problems.push(`  ${name}: must be set when ${provider}=${real}`);
    }
  }
  return problems;
}

/** The carriers' configuration; call after `carriersProblems` found nothing. */
export function carriersConfig(e: CarriersEnv): CarriersConfig {
  const need = (value: string | undefined, name: string): string => {
    if (value === undefined) throw new Error(`${name} is missing`);
    return value;
  };
  const webhookSecret = e.CDEK_WEBHOOK_SECRET ?? null;
  return {
    cdek:
      e.CDEK_PROVIDER === 'cdek'
        ? {
            kind: 'cdek',
            clientId: need(e.CDEK_CLIENT_ID, 'CDEK_CLIENT_ID'),
            clientSecret: need(e.CDEK_CLIENT_SECRET, 'CDEK_CLIENT_SECRET'),
            apiUrl: e.CDEK_API_URL,
            shipmentPoint: need(e.CDEK_SHIPMENT_POINT, 'CDEK_SHIPMENT_POINT'),
            webhookSecret,
          }
        : { kind: 'sandbox', webhookSecret },
    boxberry:
      e.BOXBERRY_PROVIDER === 'boxberry'
        ? {
            kind: 'boxberry',
            token: need(e.BOXBERRY_TOKEN, 'BOXBERRY_TOKEN'),
            apiUrl: e.BOXBERRY_API_URL,
            targetStart: e.BOXBERRY_TARGET_START ?? null,
          }
        : { kind: 'sandbox' },
    dhl:
      e.DHL_PROVIDER === 'dhl'
        ? {
            kind: 'dhl',
            apiKey: need(e.DHL_API_KEY, 'DHL_API_KEY'),
            apiSecret: need(e.DHL_API_SECRET, 'DHL_API_SECRET'),
            accountNumber: need(e.DHL_ACCOUNT_NUMBER, 'DHL_ACCOUNT_NUMBER'),
            apiUrl: e.DHL_API_URL,
            shipper: {
              companyName: need(e.DHL_SHIPPER_COMPANY, 'DHL_SHIPPER_COMPANY'),
              phone: need(e.DHL_SHIPPER_PHONE, 'DHL_SHIPPER_PHONE'),
              addressLine1: need(e.DHL_SHIPPER_ADDRESS, 'DHL_SHIPPER_ADDRESS'),
              postalCode: need(e.DHL_SHIPPER_POSTAL_CODE, 'DHL_SHIPPER_POSTAL_CODE'),
              cityName: 'Moscow',
            },
          }
        : { kind: 'sandbox' },
  };
}

/** The sandbox everywhere: the default of a local shop and of tests. */
export const SANDBOX_CARRIERS: CarriersConfig = {
  cdek: { kind: 'sandbox', webhookSecret: null },
  boxberry: { kind: 'sandbox' },
  dhl: { kind: 'sandbox' },
};
