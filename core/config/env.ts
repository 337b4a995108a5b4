import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type CarriersConfig, carriersConfig, carriersEnvShape, carriersProblems } from './carriers-env.ts';
import { type ExchangeConfig, exchangeConfig, exchangeEnvShape } from './exchange-env.ts';
import {
  type DolyameConfig,
  dolyameConfig,
  type FormaConfig,
  formaConfig,
  type PaymentMethodsConfig,
  paymentMethodsOf,
  paymentsEnvShape,
  paymentsProblems,
  sandboxPaymentVariables,
  usesPaymentSandbox,
  type YandexPayConfig,
  yandexPayConfig,
} from './payments-env.ts';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const milliseconds = (max: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, `must be between 100 and ${max}`)
    .max(max, `must be between 100 and ${max}`);

/** An IPv4 or IPv6 address, optionally with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
export function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

const addressList = (what: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every(isAddressOrCidr), {
      error: `must be a comma-separated list of ${what} addresses or CIDR ranges, such as 127.0.0.1,10.0.0.0/8`,
    });

/**
 * Which proxies may tell the client's address and protocol: none, the number of proxies in front
 * of the shop, or their addresses. `true` (trust every hop) let any client pick its own address with
 * a forged X-Forwarded-For, so it is refused with the new forms (docs/decisions/0019-public-shop-proxies-and-timeouts.md).
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim();
  if (v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
  const list = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (v !== 'true' && list.length > 0 && list.every(isAddressOrCidr)) return list;
  ctx.addIssue({
    code: 'custom',
    message:
      v === 'true'
        ? 'true is no longer accepted (it trusted every X-Forwarded-For hop, so any client could pick its address): give the number of proxies in front of the shop (1 for one load balancer) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)'
        : 'must be false, the number of proxies in front of the shop (1-10), or a comma-separated list of proxy addresses or CIDR ranges',
  });
  return z.NEVER;
});

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
  /**
   * Shop processes sharing the port (server/workers.ts): one per core a shop on a PostgreSQL server
   * may use for rendering pages; each holds its own caches and pool. 1 with the embedded database.
   */
  WORKERS: z.coerce.number().int().min(1).max(64, 'must be between 1 and 64').default(1),
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
  /**
   * Currency-rate source: `sandbox` (fixed offline rates) or `cbr` (the Central Bank of Russia's daily
   * XML, docs/decisions/0024-real-messaging-and-places.md).
   */
  RATES_PROVIDER: z.enum(['sandbox', 'cbr'], { error: 'must be sandbox or cbr' }).default('sandbox'),
  /** The Central Bank's daily rates document (a fake on 127.0.0.1 in tests). */
  CBR_RATES_URL: z
    .url({ error: 'must be an http(s) URL' })
    .default('https://www.cbr.ru/scripts/XML_daily.asp'),
  /**
   * CRM for callback and question forms: `sandbox` (leads go to the outbox table), `bitrix24`
   * (crm.lead.add through an inbound webhook), `amocrm` (leads API with a long-lived token) or
   * `webhook` (a JSON POST signed with HMAC-SHA256).
   */
  CRM_PROVIDER: z
    .enum(['sandbox', 'bitrix24', 'amocrm', 'webhook'], {
      error: 'must be sandbox, bitrix24, amocrm or webhook',
    })
    .default('sandbox'),
  /** Bitrix24 inbound webhook, `https://<portal>.bitrix24.ru/rest/<user>/<key>/` (with CRM_PROVIDER=bitrix24). */
  BITRIX24_WEBHOOK_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  /** amoCRM account address, `https://<subdomain>.amocrm.ru` (with CRM_PROVIDER=amocrm). */
  AMOCRM_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  /** amoCRM long-lived access token (with CRM_PROVIDER=amocrm). */
  AMOCRM_TOKEN: z.string().min(1).optional(),
  /** Where CRM_PROVIDER=webhook posts each lead. */
  CRM_WEBHOOK_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  /** Key of the webhook's `X-Signature` (HMAC-SHA256 of the body). */
  CRM_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Newsletter list: `sandbox` (sign-ups go to the outbox table) or `sendpulse` (an address book). */
  MAILING_PROVIDER: z
    .enum(['sandbox', 'sendpulse'], { error: 'must be sandbox or sendpulse' })
    .default('sandbox'),
  /** SendPulse REST API credentials and the address book confirmed sign-ups join (with sendpulse). */
  SENDPULSE_CLIENT_ID: z.string().min(1).optional(),
  SENDPULSE_CLIENT_SECRET: z.string().min(1).optional(),
  SENDPULSE_ADDRESS_BOOK_ID: z.string().regex(/^\d+$/, 'must be the address book number').optional(),
  SENDPULSE_API_URL: z.url({ error: 'must be an http(s) URL' }).default('https://api.sendpulse.com'),
  // CDEK, Boxberry and DHL Express: each `sandbox` or its real adapter (core/config/carriers-env.ts).
  ...carriersEnvShape,
  /** Address geocoder: `sandbox` (offline gazetteer of Moscow streets and settlements) or `yandex`. */
  GEOCODER_PROVIDER: z.enum(['sandbox', 'yandex'], { error: 'must be sandbox or yandex' }).default('sandbox'),
  /** Yandex Geocoder API key (with GEOCODER_PROVIDER=yandex). */
  YANDEX_GEOCODER_API_KEY: z.string().min(1).optional(),
  YANDEX_GEOCODER_URL: z
    .url({ error: 'must be an http(s) URL' })
    .default('https://geocode-maps.yandex.ru/1.x/'),
  /** Suggestions of the courier address field: `sandbox` (the offline gazetteer) or `dadata`. */
  ADDRESS_SUGGEST_PROVIDER: z
    .enum(['sandbox', 'dadata'], { error: 'must be sandbox or dadata' })
    .default('sandbox'),
  /** DaData API key (with ADDRESS_SUGGEST_PROVIDER=dadata). */
  DADATA_API_KEY: z.string().min(1).optional(),
  DADATA_SUGGEST_URL: z
    .url({ error: 'must be an http(s) URL' })
    .default('https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address'),
  /**
   * Payments: `sandbox` (the shop's own test payment page, signed notifications) or `tbank` (T-Bank
   * internet acquiring for card payments, docs/decisions/0020-tbank-card-payments.md).
   */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'tbank'], { error: 'must be sandbox or tbank' }).default('sandbox'),
  /** T-Bank terminal key (required with PAYMENTS_PROVIDER=tbank). */
  TBANK_TERMINAL_KEY: z.string().max(20, 'must be at most 20 characters').optional(),
  /** T-Bank terminal password: signs requests and proves notifications (required with tbank). */
  TBANK_PASSWORD: z.string().optional(),
  /** T-Bank API base, e.g. the test environment `https://rest-api-test.tinkoff.ru/v2`. */
  TBANK_API_URL: z.url({ error: 'must be an http(s) URL' }).default('https://securepay.tinkoff.ru/v2'),
  // Each payment method's provider and the other providers' keys (core/config/payments-env.ts).
  ...paymentsEnvShape,
  // The 1C exchange (core/config/exchange-env.ts).
  ...exchangeEnvShape,
  /**
   * Addresses that may call the 1C exchange (`/api/1c/exchange`): IPs and CIDR ranges,
   * comma-separated; others get `failure` with 403. Unset: any address, with wrong passwords
   * limited per address (docs/decisions/0013-sign-in-lock-outs.md).
   */
  ONEC_EXCHANGE_ALLOW: addressList('IP').optional(),
  /**
   * The shop's Telegram alerts (new paid orders, docs/decisions/0021-durable-jobs-and-messages.md):
   * with both set, through the Bot API; otherwise to the outbox (channel `telegram`).
   */
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_CHAT_ID: z.string().min(1).optional(),
  /** The Bot API's address (a fake on 127.0.0.1 in tests). */
  TELEGRAM_API_URL: z.url({ error: 'must be an http(s) URL' }).default('https://api.telegram.org'),
  /**
   * Sign-in codes by call or SMS: `sandbox` (codes go to the outbox and, on a local shop, the log) or
   * `smsru` (SMS.ru: SMS, and call-password for codes by call).
   */
  SMS_PROVIDER: z.enum(['sandbox', 'smsru'], { error: 'must be sandbox or smsru' }).default('sandbox'),
  /** SMS.ru `api_id` (with SMS_PROVIDER=smsru). */
  SMSRU_API_ID: z.string().min(1).optional(),
  /** An approved SMS.ru sender name; the account's default when unset. */
  SMSRU_FROM: z.string().min(1).max(11, 'must be at most 11 characters').optional(),
  SMSRU_API_URL: z.url({ error: 'must be an http(s) URL' }).default('https://sms.ru'),
  /** Transactional e-mail: `sandbox` (messages go to the outbox) or `smtp` (nodemailer). */
  EMAIL_PROVIDER: z.enum(['sandbox', 'smtp'], { error: 'must be sandbox or smtp' }).default('sandbox'),
  /** The SMTP server as one URL, `smtps://user:pass@smtp.example:465` (or the four variables below). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps://')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: port.optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The sender of every mail, `Магазин <shop@example.ru>` (with EMAIL_PROVIDER=smtp). */
  EMAIL_FROM: z.string().min(3).optional(),
  /** DKIM signing (all three or none): the signing domain, the DNS selector and the PEM private key. */
  DKIM_DOMAIN: z.string().min(1).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  /**
   * `production` or `development`; defaults to `production` when NODE_ENV is `production` (as
   * `npm start` sets it). A production-mode shop never shows the development outbox nor logs sign-in
   * codes (DECISIONS 17, 34); `development` says so explicitly for a built shop run locally (the
   * end-to-end journeys).
   */
  SHOP_MODE: z.enum(['production', 'development'], { error: 'must be production or development' }).optional(),
  /**
   * Serves the development outbox page `/dev/outbox` (sandbox SMS codes and e-mails) and logs sandbox
   * codes. Defaults to on for a development-mode shop that listens on this machine only; refused in
   * production mode and on a public shop.
   */
  DEV_OUTBOX: flag.optional(),
  /**
   * `allow`: this public shop is a staging shop and may run sandbox payment, SMS and e-mail providers;
   * every storefront page then shows a test-shop banner (DECISIONS 34).
   */
  SANDBOX_ON_PUBLIC: z.enum(['allow'], { error: 'must be allow, or unset' }).optional(),
  /** Signing key of the sign-in init tokens; set the same value on every instance. */
  AUTH_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The sandbox's notification signing key; set it when several instances share one database. */
  PAYMENT_SANDBOX_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Signs and verifies backups (`npm run backup`, `npm run restore`; docs/decisions/0015-backups.md).
   * Keep it apart from the backups: whoever holds both could forge a backup.
   */
  BACKUP_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
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
  /**
   * Which proxies' X-Forwarded-For and X-Forwarded-Proto are believed: `false`, the number of proxies
   * in front of the shop (`1`), or their addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`).
   */
  TRUST_PROXY: trustProxy.default(false),
  /** Milliseconds given to in-flight requests on SIGTERM before the process exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** A request's headers must arrive within this many milliseconds (slow clients are cut off with 408). */
  HEADERS_TIMEOUT_MS: milliseconds(600_000).default(10_000),
  /** The whole request, body included, must arrive within this many milliseconds. */
  REQUEST_TIMEOUT_MS: milliseconds(600_000).default(30_000),
  /** An idle keep-alive connection is closed after this many milliseconds (longer than the proxy's). */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(600_000).default(72_000),
  /** A connection with no traffic at all for this many milliseconds is closed. */
  CONNECTION_TIMEOUT_MS: milliseconds(3_600_000).default(120_000),
  /** Addresses that may read `/metrics` (others get 404): IPs and CIDR ranges, comma-separated. */
  METRICS_ALLOW: addressList('IP').default(['127.0.0.1', '::1']),
  /**
   * Where photos, videos and page images live (DECISIONS 38):
   * `folder` (MEDIA_DIR) or `s3`, an S3-compatible bucket shared by every instance.
   */
  MEDIA_STORE: z.enum(['folder', 's3'], { error: 'must be folder or s3' }).default('folder'),
  /** The S3-compatible service's address (AWS itself when unset), e.g. `https://storage.yandexcloud.net`. */
  S3_ENDPOINT: z.url({ error: 'must be an http(s) URL' }).optional(),
  /** The bucket (required with MEDIA_STORE=s3). */
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  /** The bucket's region. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Access key pair (required with MEDIA_STORE=s3). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (`endpoint/bucket/key`), as most self-hosted S3 servers need. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * A public address of the bucket (or a CDN in front of it), `https://cdn.example/media`: `/media/*`
   * then redirects there instead of streaming through the shop (with MEDIA_STORE=s3).
   */
  MEDIA_PUBLIC_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
  /** `production` builds: set by `npm start`; development uses Vite. The default of SHOP_MODE. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  mediaDir: string;
  /** The HMAC key of backup manifests; null when unset (backups are then refused). */
  backupSigningKey: string | null;
  readCache: boolean;
  pageCache: boolean;
  /** Shop processes on the port (server/workers.ts). */
  workers: number;
  seedDemo: 'auto' | 'never';
  providers: {
    rates: Env['RATES_PROVIDER'];
    crm: Env['CRM_PROVIDER'];
    mailing: Env['MAILING_PROVIDER'];
    geocoder: Env['GEOCODER_PROVIDER'];
    addressSuggest: Env['ADDRESS_SUGGEST_PROVIDER'];
    /** `sandbox` when any payment method runs on the sandbox; the methods' own choice is `payments`. */
    payments: 'sandbox' | 'tbank';
    sms: Env['SMS_PROVIDER'];
    email: Env['EMAIL_PROVIDER'];
  };
  /**
   * The real messaging and places providers' addresses and credentials; each is set only when its
   * provider is chosen (docs/decisions/0024-real-messaging-and-places.md).
   */
  comms: CommsConfig;
  /** CDEK, Boxberry and DHL Express: sandbox or real, with their credentials (core/config/carriers-env.ts). */
  carriers: CarriersConfig;
  paymentSandboxSecret: string;
  /** Which provider takes each kind of payment (core/config/payments-env.ts). */
  payments: PaymentMethodsConfig;
  /** Dolyame's account and certificate, when PAYMENTS_BNPL=dolyame. */
  dolyame: DolyameConfig | null;
  /** Forma's showcase, when PAYMENTS_INSTALMENT=forma. */
  forma: FormaConfig | null;
  /** Yandex Pay's merchant, when PAYMENTS_SPLIT=yandex-pay. */
  yandexPay: YandexPayConfig | null;
  /** The 1C CommerceML exchange (core/config/exchange-env.ts). */
  exchange: ExchangeConfig;
  /** The addresses that may call the 1C exchange; null: any. */
  exchangeAllow: string[] | null;
  /** T-Bank acquiring's terminal, when cards go through T-Bank. */
  tbank: { terminalKey: string; password: string; apiUrl: string } | null;
  /** The shop's Telegram chat, when TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set. */
  telegram: { botToken: string; chatId: string; apiUrl: string } | null;
  /** The development outbox page and code logging (never in production mode nor on a public shop). */
  devOutbox: boolean;
  authSecret: string;
  /** Tile server of the maps; its origin is allowed by the content security policy. */
  maps: { tileUrl: string; attribution: string };
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's `trustProxy`: none, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  shutdownTimeoutMs: number;
  /** Server deadlines in milliseconds (docs/decisions/0019-public-shop-proxies-and-timeouts.md). */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number; connectionMs: number };
  /** The media store (DECISIONS 38): the folder `mediaDir`, or an S3-compatible bucket. */
  media: MediaStoreConfig;
  /** Who may read `/metrics`: IPs and CIDR ranges. */
  metricsAllow: string[];
  /** Production mode (SHOP_MODE): no development outbox, no codes in the log. */
  production: boolean;
  /** Reachable beyond this machine: a non-local HOST or a non-local PUBLIC_URL (DECISIONS 34). */
  publicShop: boolean;
  /** A public shop allowed to run sandbox providers (`SANDBOX_ON_PUBLIC=allow`): shows the test-shop banner. */
  staging: boolean;
}

export interface CommsConfig {
  cbr: { url: string };
  yandexGeocoder: { apiKey: string; url: string } | null;
  dadata: { apiKey: string; url: string } | null;
  smsru: { apiId: string; url: string; from: string | null } | null;
  smtp: {
    /** `smtp(s)://` URL, or host and port with optional user and password. */
    server: { url: string } | { host: string; port: number; user: string | null; password: string | null };
    from: string;
    dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  } | null;
  sendpulse: { clientId: string; clientSecret: string; addressBookId: string; url: string } | null;
  crm:
    | { kind: 'bitrix24'; webhookUrl: string }
    | { kind: 'amocrm'; url: string; token: string }
    | { kind: 'webhook'; url: string; secret: string }
    | null;
}

/** The published development keys: never accepted on a public shop. */
export const DEVELOPMENT_AUTH_SECRET = 'development-auth-signing-key';
export const DEVELOPMENT_PAYMENT_SANDBOX_SECRET = 'sandbox-payments-signing-key';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The media store's settings: the folder, or the bucket with its credentials. */
export type MediaStoreConfig =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3';
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      /** Where `/media/*` redirects, when the bucket is public (or behind a CDN). */
      publicUrl: string | null;
    };

function mediaStoreConfig(e: Env, dir: string): MediaStoreConfig {
  if (e.MEDIA_STORE === 'folder') return { kind: 'folder', dir };
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT ?? null,
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
  };
}

/** A chosen bucket without its variables stops the start, naming each one missing. */
function mediaStoreProblems(e: Env): string[] {
  if (e.MEDIA_STORE !== 's3') return [];
  return (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    .filter((name) => !e[name])
    .map((name) => `  ${name}: must be set when MEDIA_STORE=s3`);
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
        got === undefined || /SECRET|TOKEN|KEY|PASSWORD/.test(name)
          ? ''
          : ` (got ${JSON.stringify(redact(got))})`;
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
  // DECISIONS 34 (docs/decisions/0019-public-shop-proxies-and-timeouts.md): a shop is public when it
  // listens beyond this machine or is published under a public origin (a local shop behind a
  // reverse proxy sets PUBLIC_URL).
  const isLocalHost = (host: string) => ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host);
  const publicShop =
    !isLocalHost(e.HOST) || (e.PUBLIC_URL !== undefined && !isLocalHost(new URL(e.PUBLIC_URL).hostname));
  const staging = publicShop && e.SANDBOX_ON_PUBLIC === 'allow';
  const mode = e.SHOP_MODE ?? (e.NODE_ENV === 'production' ? 'production' : 'development');
  const problems: string[] = [];
  if (e.DEV_OUTBOX === true && mode === 'production') {
    problems.push(
      '  DEV_OUTBOX: must not be true in production mode (it shows sign-in codes and passwords); SHOP_MODE=development runs a local shop with it',
    );
  } else if (e.DEV_OUTBOX === true && publicShop) {
    problems.push('  DEV_OUTBOX: must not be true on a public shop (it shows sign-in codes and passwords)');
  }
  if (publicShop && !staging) {
    const sandboxes = [
      ...sandboxPaymentVariables(e).map((name) => [name, 'sandbox'] as const),
      ['SMS_PROVIDER', e.SMS_PROVIDER],
      ['EMAIL_PROVIDER', e.EMAIL_PROVIDER],
    ] as const;
    for (const [name, kind] of sandboxes) {
      if (kind === 'sandbox') {
        problems.push(
          `  ${name}: the sandbox must not serve a public shop (HOST ${e.HOST}${e.PUBLIC_URL ? `, PUBLIC_URL ${e.PUBLIC_URL}` : ''}); set a real provider, or SANDBOX_ON_PUBLIC=allow for a staging shop`,
        );
      }
    }
  }
  if (publicShop && (!e.AUTH_SECRET || e.AUTH_SECRET === DEVELOPMENT_AUTH_SECRET)) {
    problems.push(
      '  AUTH_SECRET: must be set to your own secret on a public shop (it signs the sign-in tokens)',
    );
  }
  problems.push(...mediaStoreProblems(e));
  if (
    publicShop &&
    usesPaymentSandbox(e) &&
    (!e.PAYMENT_SANDBOX_SECRET || e.PAYMENT_SANDBOX_SECRET === DEVELOPMENT_PAYMENT_SANDBOX_SECRET)
  ) {
    problems.push(
      '  PAYMENT_SANDBOX_SECRET: must be set to your own secret on a public shop (the default key is published, so anyone could sign a "paid" notice)',
    );
  }
  problems.push(...paymentsProblems(e));
  problems.push(...commsProblems(e));
  problems.push(...carriersProblems(e));
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    problems.push(
      '  WORKERS: must be 1 with the embedded database (one process holds its data folder); set DATABASE_URL to run several',
    );
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    problems.push('  HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS');
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
    backupSigningKey: e.BACKUP_SIGNING_KEY ?? null,
    readCache: e.READ_CACHE === 'on',
    pageCache: e.PAGE_CACHE === 'on' && e.READ_CACHE === 'on',
    workers: e.WORKERS,
    seedDemo: e.SEED_DEMO,
    providers: {
      rates: e.RATES_PROVIDER,
      crm: e.CRM_PROVIDER,
      mailing: e.MAILING_PROVIDER,
      geocoder: e.GEOCODER_PROVIDER,
      addressSuggest: e.ADDRESS_SUGGEST_PROVIDER,
      payments: usesPaymentSandbox(e) ? 'sandbox' : 'tbank',
      sms: e.SMS_PROVIDER,
      email: e.EMAIL_PROVIDER,
    },
    comms: commsConfig(e),
    carriers: carriersConfig(e),
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? DEVELOPMENT_PAYMENT_SANDBOX_SECRET,
    payments: paymentMethodsOf(e),
    dolyame: dolyameConfig(e),
    forma: formaConfig(e),
    yandexPay: yandexPayConfig(e),
    exchange: exchangeConfig(e, dataDir),
    exchangeAllow: e.ONEC_EXCHANGE_ALLOW ?? null,
    tbank:
      (paymentMethodsOf(e).card === 'tbank' || paymentMethodsOf(e).sbp === 'tbank') &&
      e.TBANK_TERMINAL_KEY &&
      e.TBANK_PASSWORD
        ? { terminalKey: e.TBANK_TERMINAL_KEY, password: e.TBANK_PASSWORD, apiUrl: e.TBANK_API_URL }
        : null,
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHAT_ID
        ? { botToken: e.TELEGRAM_BOT_TOKEN, chatId: e.TELEGRAM_CHAT_ID, apiUrl: e.TELEGRAM_API_URL }
        : null,
    devOutbox: e.DEV_OUTBOX ?? (mode === 'development' && !publicShop),
    authSecret: e.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    media: mediaStoreConfig(e, path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media'))),
    maps: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
    },
    metricsAllow: e.METRICS_ALLOW,
    production: mode === 'production',
    publicShop,
    staging,
  };
}

/** A chosen real provider without its credentials stops start-up, naming each missing variable. */
function commsProblems(e: Env): string[] {
  const needs: [boolean, string, unknown][] = [
    [e.GEOCODER_PROVIDER === 'yandex', 'YANDEX_GEOCODER_API_KEY', e.YANDEX_GEOCODER_API_KEY],
    [e.ADDRESS_SUGGEST_PROVIDER === 'dadata', 'DADATA_API_KEY', e.DADATA_API_KEY],
    [e.SMS_PROVIDER === 'smsru', 'SMSRU_API_ID', e.SMSRU_API_ID],
    [e.EMAIL_PROVIDER === 'smtp', 'EMAIL_FROM', e.EMAIL_FROM],
    [e.EMAIL_PROVIDER === 'smtp' && !e.SMTP_URL, 'SMTP_HOST', e.SMTP_HOST],
    [e.MAILING_PROVIDER === 'sendpulse', 'SENDPULSE_CLIENT_ID', e.SENDPULSE_CLIENT_ID],
    [e.MAILING_PROVIDER === 'sendpulse', 'SENDPULSE_CLIENT_SECRET', e.SENDPULSE_CLIENT_SECRET],
    [e.MAILING_PROVIDER === 'sendpulse', 'SENDPULSE_ADDRESS_BOOK_ID', e.SENDPULSE_ADDRESS_BOOK_ID],
    [e.CRM_PROVIDER === 'bitrix24', 'BITRIX24_WEBHOOK_URL', e.BITRIX24_WEBHOOK_URL],
    [e.CRM_PROVIDER === 'amocrm', 'AMOCRM_URL', e.AMOCRM_URL],
    [e.CRM_PROVIDER === 'amocrm', 'AMOCRM_TOKEN', e.AMOCRM_TOKEN],
    [e.CRM_PROVIDER === 'webhook', 'CRM_WEBHOOK_URL', e.CRM_WEBHOOK_URL],
    [e.CRM_PROVIDER === 'webhook', 'CRM_WEBHOOK_SECRET', e.CRM_WEBHOOK_SECRET],
  ];
  const problems: string[] = [];
  for (const [chosen, name, value] of needs) {
    if (chosen && value === undefined) {
      const provider =
        name.startsWith('SMTP') || name === 'EMAIL_FROM' ? 'EMAIL_PROVIDER=smtp' : providerOf(name, e);
      problems.push(
        `  ${name}: must be set when ${provider}${name === 'SMTP_HOST' ? ' and SMTP_URL is not' : ''}`,
      );
    }
  }
  const dkim = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY].filter((v) => v !== undefined).length;
  if (dkim !== 0 && dkim !== 3) {
    for (const name of ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const) {
      if (e[name] === undefined)
        problems.push(`  ${name}: must be set with the other DKIM variables (all three or none)`);
    }
  }
  return problems;
}

function providerOf(variable: string, e: Env): string {
  if (variable.startsWith('YANDEX')) return `GEOCODER_PROVIDER=${e.GEOCODER_PROVIDER}`;
  if (variable.startsWith('DADATA')) return `ADDRESS_SUGGEST_PROVIDER=${e.ADDRESS_SUGGEST_PROVIDER}`;
  if (variable.startsWith('SMSRU')) return `SMS_PROVIDER=${e.SMS_PROVIDER}`;
  if (variable.startsWith('SENDPULSE')) return `MAILING_PROVIDER=${e.MAILING_PROVIDER}`;
  return `CRM_PROVIDER=${e.CRM_PROVIDER}`;
}

function commsConfig(e: Env): CommsConfig {
  const smtpServer = e.SMTP_URL
    ? { url: e.SMTP_URL }
    : e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? 587,
          user: e.SMTP_USER ?? null,
          password: e.SMTP_PASSWORD ?? null,
        }
      : null;
  return {
    cbr: { url: e.CBR_RATES_URL },
    yandexGeocoder:
      e.GEOCODER_PROVIDER === 'yandex' && e.YANDEX_GEOCODER_API_KEY
        ? { apiKey: e.YANDEX_GEOCODER_API_KEY, url: e.YANDEX_GEOCODER_URL }
        : null,
    dadata:
      e.ADDRESS_SUGGEST_PROVIDER === 'dadata' && e.DADATA_API_KEY
        ? { apiKey: e.DADATA_API_KEY, url: e.DADATA_SUGGEST_URL }
        : null,
    smsru:
      e.SMS_PROVIDER === 'smsru' && e.SMSRU_API_ID
        ? { apiId: e.SMSRU_API_ID, url: e.SMSRU_API_URL, from: e.SMSRU_FROM ?? null }
        : null,
    smtp:
      e.EMAIL_PROVIDER === 'smtp' && e.EMAIL_FROM && smtpServer
        ? {
            server: smtpServer,
            from: e.EMAIL_FROM,
            dkim:
              e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
                ? {
                    domainName: e.DKIM_DOMAIN,
                    keySelector: e.DKIM_SELECTOR,
                    // A PEM key in one environment line carries its line breaks as `\n`.
                    privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
                  }
                : null,
          }
        : null,
    sendpulse:
      e.MAILING_PROVIDER === 'sendpulse' &&
      e.SENDPULSE_CLIENT_ID &&
      e.SENDPULSE_CLIENT_SECRET &&
      e.SENDPULSE_ADDRESS_BOOK_ID
        ? {
            clientId: e.SENDPULSE_CLIENT_ID,
            clientSecret: e.SENDPULSE_CLIENT_SECRET,
            addressBookId: e.SENDPULSE_ADDRESS_BOOK_ID,
            url: e.SENDPULSE_API_URL,
          }
        : null,
    crm:
      e.CRM_PROVIDER === 'bitrix24' && e.BITRIX24_WEBHOOK_URL
        ? { kind: 'bitrix24', webhookUrl: e.BITRIX24_WEBHOOK_URL }
        : e.CRM_PROVIDER === 'amocrm' && e.AMOCRM_URL && e.AMOCRM_TOKEN
          ? { kind: 'amocrm', url: e.AMOCRM_URL, token: e.AMOCRM_TOKEN }
          : e.CRM_PROVIDER === 'webhook' && e.CRM_WEBHOOK_URL && e.CRM_WEBHOOK_SECRET
            ? { kind: 'webhook', url: e.CRM_WEBHOOK_URL, secret: e.CRM_WEBHOOK_SECRET }
            : null,
  };
}
