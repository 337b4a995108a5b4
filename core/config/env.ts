import path from 'node:path';
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/**
 * The one environment schema. Every variable the service reads is here, with its default;
 * `.env.example` lists the same set. Nothing else in the code base reads `process.env`.
 */
export const envSchema = z.object({
  /** TCP port of the single HTTP service (API and storefront). */
  PORT: port.default(3000),
  /** Interface to listen on; `0.0.0.0` behind a load balancer or in a container. */
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  /** The shop's public origin, used for absolute links, hreflang and provider return URLs. */
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example' }).optional(),
  /** PostgreSQL server connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Connections in the PostgreSQL pool of one instance. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200, 'must be between 1 and 200').default(10),
  /**
   * `on`: settings, listings and product pages are served from memory and dropped on every write
   * that changes them (on PostgreSQL other instances hear of writes through LISTEN/NOTIFY); `off`:
   * every read goes to the database.
   */
  READ_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /**
   * `on` (with READ_CACHE on): guests' pages (home, catalogue, product, content pages) are kept
   * rendered in memory and dropped with the read cache's entries they depend on; `off`: every page
   * is rendered afresh.
   */
  PAGE_CACHE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** Folder for the embedded database and uploaded media. */
  DATA_DIR: z.string().min(1, 'must not be empty').default('.data'),
  /** Folder for product photos and videos; defaults to DATA_DIR/media. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** `auto` seeds the demo catalogue into an empty database on start; `never` leaves it empty. */
  SEED_DEMO: z.enum(['auto', 'never'], { error: 'must be auto or never' }).default('auto'),
  /** Currency-rate source: `sandbox` (fixed offline rates). The Central Bank adapter comes with the integrations. */
  RATES_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /** CRM for callback and question forms: `sandbox` (leads go to the outbox table). */
  CRM_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /** Newsletter list: `sandbox` (sign-ups go to the outbox table). */
  MAILING_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /** Domestic carriers (pickup points, tariffs): `sandbox` (offline data set of Russian cities and points). */
  CARRIERS_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /** International express carrier for the English edition: `sandbox` (zone table). */
  INTERNATIONAL_CARRIER_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /** Address geocoder: `sandbox` (offline gazetteer of Moscow streets and settlements). */
  GEOCODER_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /** Payments: `sandbox` (the shop's own test payment page, signed notifications). */
  PAYMENTS_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /** Sign-in codes by call or SMS: `sandbox` (codes go to the outbox and, on a local shop, the log). */
  SMS_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /** Transactional e-mail: `sandbox` (messages go to the outbox). */
  EMAIL_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  /**
   * Serves the development outbox page `/dev/outbox` (sandbox SMS codes and e-mails) and logs sandbox
   * codes. Defaults to on for a shop that listens on this machine only; refused for a public one.
   */
  DEV_OUTBOX: flag.optional(),
  /** Signing key of the sign-in init tokens; set the same value on every instance. */
  AUTH_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The sandbox's notification signing key; set it when several instances share one database. */
  PAYMENT_SANDBOX_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('sandbox-payments-signing-key'),
  /** Map tile URL template for the pickup and Moscow maps (`{z}`, `{x}`, `{y}`, optional `{s}`). */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+\{z\}[^\s]*$/, 'must be an http(s) URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Attribution shown on the maps, required by most tile servers. */
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /** pino log level. */
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /** Trust X-Forwarded-* headers (set when running behind a reverse proxy or load balancer). */
  TRUST_PROXY: flag.default(false),
  /** Milliseconds given to in-flight requests on SIGTERM before the process exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** `production` builds: set by `npm start`; development uses Vite. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  mediaDir: string;
  readCache: boolean;
  pageCache: boolean;
  seedDemo: 'auto' | 'never';
  providers: {
    rates: 'sandbox';
    crm: 'sandbox';
    mailing: 'sandbox';
    carriers: 'sandbox';
    internationalCarrier: 'sandbox';
    geocoder: 'sandbox';
    payments: 'sandbox';
    sms: 'sandbox';
    email: 'sandbox';
  };
  paymentSandboxSecret: string;
  /** The development outbox page and code logging (never on a shop reachable from outside). */
  devOutbox: boolean;
  authSecret: string;
  /** Tile server of the maps; its origin is allowed by the content security policy. */
  maps: { tileUrl: string; attribution: string };
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  production: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty value means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      const got = present[name];
      // Connection strings may hold passwords: never echo them.
      const shown =
        got === undefined || /SECRET|TOKEN|KEY/.test(name) ? '' : ` (got ${JSON.stringify(redact(got))})`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL && e.HOST !== 'localhost' && e.HOST !== '127.0.0.1') {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: must be set when the shop listens beyond this machine (links, sitemap and hreflang use it)',
    );
  }
  // A shop is public when it listens beyond this machine or is published under a public origin (a
  // local shop behind a reverse proxy sets PUBLIC_URL): sign-in codes must never be readable there.
  const isLocalHost = (host: string) => ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host);
  const exposed =
    !isLocalHost(e.HOST) || (e.PUBLIC_URL !== undefined && !isLocalHost(new URL(e.PUBLIC_URL).hostname));
  const problems: string[] = [];
  if (e.DEV_OUTBOX === true && exposed) {
    problems.push('  DEV_OUTBOX: must not be true on a public shop (it shows sign-in codes and passwords)');
  }
  if (exposed && e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    problems.push('  AUTH_SECRET: must be set on a public shop (it signs the sign-in tokens)');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    readCache: e.READ_CACHE === 'on',
    pageCache: e.PAGE_CACHE === 'on' && e.READ_CACHE === 'on',
    seedDemo: e.SEED_DEMO,
    providers: {
      rates: e.RATES_PROVIDER,
      crm: e.CRM_PROVIDER,
      mailing: e.MAILING_PROVIDER,
      carriers: e.CARRIERS_PROVIDER,
      internationalCarrier: e.INTERNATIONAL_CARRIER_PROVIDER,
      geocoder: e.GEOCODER_PROVIDER,
      payments: e.PAYMENTS_PROVIDER,
      sms: e.SMS_PROVIDER,
      email: e.EMAIL_PROVIDER,
    },
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    devOutbox: e.DEV_OUTBOX ?? !exposed,
    authSecret: e.AUTH_SECRET ?? 'development-auth-signing-key',
    maps: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    production: e.NODE_ENV === 'production',
  };
}
