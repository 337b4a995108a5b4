import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { appContext } from '#app-context';
import type { Config } from '../core/config/env.ts';
import { exchangeSettings } from '../core/config/exchange-env.ts';
import type { Database } from '../core/db/client.ts';
import { AppError } from '../core/errors.ts';
import { createOneCExchangeService } from '../core/exchange/onec-exchange.service.ts';
import { createJpegRenditions } from '../core/media/jpeg-rendition.ts';
import { contentTypeOf, isSafeKey, type MediaStore } from '../core/media/media-store.ts';
import type { Services } from '../core/services.ts';
import { shopperMessage } from '../core/shopper-messages.ts';
import { createDemoPhotoDrawer } from '../demo/demo-photos.ts';
import { registerAnalyticsCsp } from './analytics-csp.ts';
import { JSON_BODY_LIMIT } from './body-limits.ts';
import { registerErrorHandler } from './errors.ts';
import { findUnsafeInput } from './input-guard.ts';
import { redactUrl } from './logger.ts';
import { createAddressMatcher, createMetrics, type Metrics } from './metrics.ts';
import { type PageCache, readStream, registerPageCache } from './page-cache.ts';
import { requestLocale } from './request.ts';
import { accountsRoutes } from './routes/accounts.routes.ts';
import { addressRoutes } from './routes/address.routes.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { trackRoutes } from './routes/admin/staff-route.ts';
import { carrierWebhookRoutes } from './routes/carrier-webhooks.routes.ts';
import { catalogueRoutes } from './routes/catalogue.routes.ts';
import { deliveryRoutes } from './routes/delivery.routes.ts';
import { devOutboxRoutes } from './routes/dev-outbox.routes.ts';
import { engagementRoutes } from './routes/engagement.routes.ts';
import { exchange1cRoutes } from './routes/exchange-1c.routes.ts';
import { feedsRoutes } from './routes/feeds.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { localOperatorRoutes } from './routes/local-operator.routes.ts';
import { messagesRoutes } from './routes/messages.routes.ts';
import { ordersRoutes } from './routes/orders.routes.ts';
import { paymentNotificationRoutes } from './routes/payment-notifications.routes.ts';
import { returnsRoutes } from './routes/returns.routes.ts';
import { searchRoutes } from './routes/search.routes.ts';
import { seoRoutes } from './routes/seo.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { statusRoutes } from './routes/status.routes.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { clearTokenCookie, sessionToken } from './session.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  services: Services;
  /** `build`: serve the production build; a Vite server: development; `false`: API only (tests). */
  storefront: 'build' | ViteDevServer | false;
  /** The process's pino logger (server/logger.ts); `false` logs nothing (tests). */
  logger: FastifyBaseLogger | false;
  /** The process's metrics, shared with the provider registry; a fresh set when not given. */
  metrics?: Metrics;
  /** Guests' rendered pages (`PAGE_CACHE`); none when absent. */
  pageCache?: PageCache;
  /** The data folder's operator key (server/operator-key.ts): `operator:create` may ask this shop. */
  operatorKey?: string;
}

/** Is this response going to the shopper over https: an https public origin, or a trusted proxy says so. */
export type SecureCookies = (request: FastifyRequest) => boolean;

/** HSTS for a year on every https response (docs/decisions/0019-public-shop-proxies-and-timeouts.md). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The answer to an address the API does not have (`{ result: false, message }`, like every refusal). */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    result: false,
    message: shopperMessage('request.route_not_found', requestLocale(request), {
      method: request.method,
      url: redactUrl(request.url),
    }),
  });
}

/** An address Fastify cannot decode: unknown to the API, refused in the same shape elsewhere. */
function undecodableAddress(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return notFound(request, reply);
  return reply
    .status(400)
    .send({ result: false, message: shopperMessage('request.invalid', requestLocale(request)) });
}

/** Builds the one service: JSON API under /api, media, and the server-rendered storefront. */
export async function buildApp({
  config,
  database,
  services,
  storefront,
  logger,
  pageCache,
  metrics = createMetrics(),
  operatorKey,
}: BuildAppOptions) {
  const { timeouts } = config;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // A hop count or the proxies' addresses, never "everyone"
    // (docs/decisions/0019-public-shop-proxies-and-timeouts.md).
    trustProxy: trustedProxies(config.trustProxy),
    // Deadlines for slow clients (docs/decisions/0019-public-shop-proxies-and-timeouts.md):
    // headers, the whole request with its body, an idle keep-alive connection, and a connection with
    // no traffic at all. Node checks the first two every `connectionsCheckingInterval`, so that runs
    // at least once a second.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.connectionMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    },
    // A client's X-Request-Id is kept only when it is a UUID (no forged or colliding log ids).
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && UUID.test(given) ? given : randomUUID();
    },
    bodyLimit: JSON_BODY_LIMIT,
    // An address Fastify cannot decode (`/api/%`) gets the shop's answer, not Fastify's own text.
    frameworkErrors: (_error, request, reply) => undecodableAddress(request, reply),
  });
  trackRoutes(app);

  const httpsOrigin = config.publicUrl.startsWith('https:');
  // DECISIONS 16: Secure cookies whenever the shopper is on https, also behind a TLS proxy that the
  // shop trusts (X-Forwarded-Proto) but that PUBLIC_URL does not name.
  const secureCookies: SecureCookies = (request) => httpsOrigin || request.protocol === 'https';

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (secureCookies(request)) reply.header('strict-transport-security', HSTS);
    // API answers depend on the session, the order and cart cookies or personal data: no cache keeps
    // them unless the route says it is public (settings, catalogue).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    // Pages and data rendered for a signed-in shopper carry their profile: no shared cache keeps them
    // (assets and photos keep their long caching).
    const path = request.url.split('?')[0] ?? '';
    const page =
      String(reply.getHeader('content-type') ?? '').startsWith('text/html') || path.endsWith('.data');
    if (page && sessionToken(request)) reply.header('cache-control', 'private, no-store');
  });
  // DECISIONS 34: a staging shop is public but not the shop: search engines are told to stay away
  // from every answer (robots.txt says the same, server/routes/seo.routes.ts). On the raw response,
  // as the security headers are, so an error answer says it too.
  if (config.staging) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.raw.setHeader('x-robots-tag', 'noindex, nofollow');
    });
  }
  // PostgreSQL refuses NUL in text: no URL or JSON body carrying one reaches a service.
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('\u0000') || /%00/i.test(request.url))
      throw new AppError('invalid_data', { key: 'request.nul_in_address' });
  });
  // Nor does a body, query or path parameter with a NUL or a lone surrogate (jsonb refuses it), and
  // no input nests deeper than a request ever needs (a deep body would overflow the stack).
  app.addHook('preValidation', async (request) => {
    for (const input of [request.body, request.query, request.params]) {
      const found = input !== undefined && typeof input === 'object' ? findUnsafeInput(input) : null;
      if (found === null) continue;
      const { field } = found;
      const why = found.reason === 'depth' ? 'nested too deeply' : 'a NUL character or broken Unicode text';
      request.log.info({ field, why }, 'unsafe input');
      throw new AppError(
        'invalid_data',
        field ? { key: 'request.invalid_field', params: { field } } : { key: 'request.invalid' },
        { field: field || undefined },
      );
    }
  });

  const devMode = storefront !== false && storefront !== 'build';
  registerSecurityHeaders(app, {
    // Vite's dev client injects inline scripts and a websocket; CSP is enforced on builds.
    contentSecurityPolicy: devMode
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.maps.tileUrl), ...mediaOrigin(config)],
            mediaSrc: ["'self'", ...mediaOrigin(config)],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            frameAncestors: ["'self'"],
            formAction: ["'self'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
            upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
          },
        },
    // Set per request above: a TLS proxy may front a shop whose PUBLIC_URL is not https.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  if (storefront !== false) registerAnalyticsCsp(app, services);
  // After the security headers (a cached page takes the response's fresh nonce), before compression.
  if (pageCache && storefront !== false) registerPageCache(app, pageCache);
  // A rendered page or its `.data` is sent whole, compressed in one call: React has it all by the
  // time it starts writing (no loader defers data), and a compression stream per response cost
  // more CPU than the render itself (a brotli encoder's state is allocated for each response).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!isRenderedStream(payload, String(reply.getHeader('content-type') ?? ''))) return payload;
    return readStream(payload);
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    // Whole answers up to this size are compressed in one synchronous call (under a millisecond for
    // a 100 kB page) instead of through a stream; larger ones and file streams still stream.
    syncThreshold: 512 * 1024,
    encodings: ['br', 'gzip'],
  });

  registerErrorHandler(app);
  app.setNotFoundHandler(notFound);
  // Unknown API paths answer JSON even when the storefront's catch-all route is registered (`/api`
  // itself too, or the storefront renders it as a page), whatever their body: its type or syntax is
  // no reason to answer anything but «no such address» (docs/product/api-wire-shapes.md).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.resume();
      payload.once('end', () => done(null, undefined));
      payload.once('error', (error) => done(error, undefined));
    });
    scope.all('/api', notFound);
    scope.all('/api/*', notFound);
  });

  // DECISIONS 34: the sandbox payment page and its notifications exist on a public shop only when it
  // is a staging shop (the configuration refuses the rest; this holds even for a hand-made config).
  if (config.publicShop && !config.staging && config.providers.payments === 'sandbox') {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/api/sandbox/') || /^\/api\/payment\/notify\/sandbox(\/|$)/.test(path)) {
        return notFound(request, reply);
      }
    });
  }

  // Request counts and latency by route pattern; every 5xx gets one structured line with its id.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) {
      request.log.error(
        {
          requestId: request.id,
          statusCode: reply.statusCode,
          method: request.method,
          route,
          url: redactUrl(request.url),
        },
        'server error response',
      );
    }
  });
  const metricsAllowed = createAddressMatcher(config.metricsAllow);
  app.get('/metrics', async (request, reply) => {
    // Without trusted proxies, a forwarded request is a proxy's: its socket address says nothing.
    const forwarded =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (!metricsAllowed(request.ip) || (config.trustProxy === false && forwarded)) {
      return notFound(request, reply);
    }
    reply.type('text/plain; version=0.0.4; charset=utf-8').header('cache-control', 'no-store');
    return metrics.render(database.db);
  });

  healthRoutes(app, { database });
  settingsRoutes(app, { services });
  catalogueRoutes(app, { services, secureCookies });
  searchRoutes(app, { services });
  engagementRoutes(app, { services });
  messagesRoutes(app, { services });
  deliveryRoutes(app, { services });
  carrierWebhookRoutes(app, { services, cdekSecret: config.carriers?.cdek.webhookSecret ?? null });
  addressRoutes(app, { services });
  ordersRoutes(app, { services, secureCookies });
  await paymentNotificationRoutes(app, { services });
  statusRoutes(app, { services });
  returnsRoutes(app, { services });
  accountsRoutes(app, { services, secureCookies });
  // DECISIONS 17, 34: sandbox codes and e-mails on a development page, never in production mode nor
  // on a public shop (core/config/env.ts decides `devOutbox`).
  if (config.devOutbox && !config.production && !config.publicShop) devOutboxRoutes(app, { database });
  adminRoutes(app, {
    services,
    publicUrl: config.publicUrl,
    metrics,
    exchange: exchangeSettings(config.exchange, config.publicUrl),
    publicShop: config.publicShop,
  });
  if (operatorKey) localOperatorRoutes(app, { services, publicUrl: config.publicUrl, key: operatorKey });
  seoRoutes(app, { services, publicUrl: config.publicUrl, staging: config.staging });
  feedsRoutes(app, { services, publicUrl: config.publicUrl });
  await exchange1cRoutes(app, {
    limits: services.limits,
    allowed: config.exchangeAllow ? createAddressMatcher(config.exchangeAllow) : () => true,
    exchange: createOneCExchangeService({
      db: database.db,
      config: config.exchange,
      clock: () => new Date(),
      ordersAdmin: services.ordersAdmin,
    }),
  });

  await serveMedia(app, config, services.productMedia.store);

  if (storefront !== false) {
    const serverBuildPath = path.resolve('build/server/index.js');
    // The built storefront is loaded once: handed a loader function instead, React Router would
    // derive its routes and request handler again on every request (a tenth of a page's render).
    const build: ServerBuild | undefined =
      !devMode && fs.existsSync(serverBuildPath)
        ? createRequire(import.meta.url)(serverBuildPath)
        : undefined;
    await app.register(async (scope) => {
      await scope.register(fastifyReactRouter, {
        devServer: devMode ? (storefront as ViteDevServer) : undefined,
        mode: devMode ? 'development' : 'production',
        build,
        serverBuildPath,
        clientBuildDirectory: path.resolve('build/client'),
        // @fastify/static 10 hands setHeaders the reply (the adapter's own callback expects a Node response).
        staticOptions: {
          // The build writes a brotli and a gzip copy of each script and stylesheet (vite.config.ts).
          preCompressed: true,
          setHeaders(reply, filePath) {
            const asset = filePath.startsWith(path.resolve('build/client/assets'));
            reply.header(
              'cache-control',
              asset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
            );
          },
        },
        getLoadContext(request, reply) {
          const context = new RouterContextProvider();
          context.set(appContext, {
            services,
            nonce: reply.cspNonce?.script ?? '',
            requestId: request.id,
            publicUrl: config.publicUrl,
            maps: config.maps,
            staging: config.staging,
            clearSessionCookie: () => clearTokenCookie(reply, secureCookies(request)),
          });
          return context;
        },
      });
    });
  }

  return app;
}

/**
 * Fastify's trustProxy from TRUST_PROXY: addresses as they are; a hop count as "the last n hops"
 * (Fastify itself refuses a bare number, since the first hop is then whoever connects: the instances
 * must be reachable only through their proxies, docs/decisions/0019-public-shop-proxies-and-timeouts.md).
 */
function trustedProxies(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * `/media/*` from the media store (DECISIONS 38). A folder is served as static files; a bucket is
 * streamed through the shop with its type, validators, ranges (videos) and the same week of caching,
 * or redirected to `MEDIA_PUBLIC_URL` when the bucket is public. The demo's photos are drawn on their
 * first request (docs/decisions/0017-first-paint-and-first-start.md): into the folder, or drawn
 * aside and put into the bucket.
 */
async function serveMedia(app: FastifyInstance, config: Config, store: MediaStore) {
  fs.mkdirSync(config.mediaDir, { recursive: true });
  const ensureDemoPhoto = createDemoPhotoDrawer(config.mediaDir);
  const ensureJpeg = createJpegRenditions(store);
  /** A photo's JPEG rendition (for the marketplace feeds) is made from its WebP one on first request. */
  const ensureDemoAndJpeg = async (key: string, ensureWebp: (key: string) => Promise<void>) => {
    if (!key.endsWith('.jpg')) return ensureWebp(key);
    await ensureWebp(key.replace(/\.jpg$/, '.webp'));
    await ensureJpeg(key);
  };
  // Photo names are stable and renditions never change in place; a week is a safe browser cache.
  const maxAge = 7 * 24 * 60 * 60;
  if (store.dir) {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/media/'))
        await ensureDemoAndJpeg(request.url.slice('/media/'.length).split('?')[0] ?? '', ensureDemoPhoto);
    });
    await app.register(fastifyStatic, {
      root: store.dir,
      prefix: '/media/',
      decorateReply: false,
      maxAge: maxAge * 1000,
      dotfiles: 'deny',
    });
    return;
  }
  const inBucket = new Set<string>();
  async function ensureDemoInBucket(key: string) {
    if (inBucket.has(key) || !/^(products|banners)\//.test(key)) return;
    await ensureDemoPhoto(key);
    const drawn = path.join(config.mediaDir, key);
    if (fs.existsSync(drawn) && !(await store.exists(key))) {
      await store.put(key, await fs.promises.readFile(drawn), contentTypeOf(key));
    }
    inBucket.add(key);
  }
  const publicBase = config.media.kind === 's3' ? config.media.publicUrl : null;
  app.get('/media/*', async (request, reply) => {
    const key = decodeURIComponent((request.params as { '*': string })['*'] ?? '');
    if (!isSafeKey(key)) return reply.callNotFound();
    await ensureDemoAndJpeg(key, ensureDemoInBucket);
    if (publicBase) {
      return reply.header('cache-control', 'public, max-age=3600').redirect(`${publicBase}/${key}`, 302);
    }
    const asked = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ''));
    const range = asked
      ? { start: Number(asked[1]), end: asked[2] ? Number(asked[2]) : undefined }
      : undefined;
    if (range?.end !== undefined && range.end < range.start) return reply.status(416).send();
    const found = await store.stream(key, range);
    if (!found) return reply.callNotFound();
    if (range && !found.range && found.size === 0) return reply.status(416).send();
    reply
      .header('content-type', found.contentType)
      .header('cache-control', `public, max-age=${maxAge}`)
      .header('accept-ranges', 'bytes')
      .header('content-length', String(found.size));
    if (found.etag) reply.header('etag', found.etag);
    if (found.lastModified) reply.header('last-modified', found.lastModified.toUTCString());
    if (found.etag && request.headers['if-none-match'] === found.etag) {
      found.body.destroy();
      return reply.status(304).removeHeader('content-length').send();
    }
    if (found.range) {
      reply
        .status(206)
        .header('content-range', `bytes ${found.range.start}-${found.range.end}/${found.totalSize}`);
    }
    return reply.send(found.body);
  });
}

/** The public media address's origin for the content security policy, when `/media/*` redirects there. */
function mediaOrigin(config: Config): string[] {
  return config.media.kind === 's3' && config.media.publicUrl ? [new URL(config.media.publicUrl).origin] : [];
}

/** The map tile server's origin for `img-src`; `{s}` subdomains are allowed by a wildcard. */
function tileOrigin(template: string): string {
  const origin = template.match(/^https?:\/\/[^/]+/)?.[0] ?? '';
  return origin.replace('{s}', '*');
}

/** A storefront page's or `.data` request's body still being streamed by the renderer. */
function isRenderedStream(payload: unknown, contentType: string): payload is Readable {
  return (
    typeof (payload as { pipe?: unknown } | null)?.pipe === 'function' &&
    (contentType.startsWith('text/html') || contentType.startsWith('text/x-script'))
  );
}
