import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { appContext } from '#app-context';
import type { Config } from '../core/config/env.ts';
import type { Database } from '../core/db/client.ts';
import { AppError } from '../core/errors.ts';
import type { Services } from '../core/services.ts';
import { registerErrorHandler } from './errors.ts';
import { findUnsafeInput } from './input-guard.ts';
import { type PageCache, registerPageCache } from './page-cache.ts';
import { requestLocale } from './request.ts';
import { accountsRoutes } from './routes/accounts.routes.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { trackRoutes } from './routes/admin/staff-route.ts';
import { catalogueRoutes } from './routes/catalogue.routes.ts';
import { deliveryRoutes } from './routes/delivery.routes.ts';
import { devOutboxRoutes } from './routes/dev-outbox.routes.ts';
import { engagementRoutes } from './routes/engagement.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { ordersRoutes } from './routes/orders.routes.ts';
import { seoRoutes } from './routes/seo.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { clearTokenCookie, sessionToken } from './session.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  services: Services;
  /** `build`: serve the production build; a Vite server: development; `false`: API only (tests). */
  storefront: 'build' | ViteDevServer | false;
  /** The process's pino logger; `false` logs nothing (tests). */
  logger: FastifyBaseLogger | false;
  /** Guests' rendered pages (`PAGE_CACHE`); none when absent. */
  pageCache?: PageCache;
}

/** Builds the one service: JSON API under /api, media, and the server-rendered storefront. */
export async function buildApp({
  config,
  database,
  services,
  storefront,
  logger,
  pageCache,
}: BuildAppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
    // A client's X-Request-Id is kept only when it is a UUID (no forged or colliding log ids).
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && UUID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
  });
  trackRoutes(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Pages and data rendered for a signed-in shopper carry their profile: no shared cache keeps them
    // (assets and photos keep their long caching).
    const path = request.url.split('?')[0] ?? '';
    const page =
      String(reply.getHeader('content-type') ?? '').startsWith('text/html') || path.endsWith('.data');
    if (page && sessionToken(request)) reply.header('cache-control', 'private, no-store');
  });
  // PostgreSQL refuses NUL in text: no URL or JSON body carrying one reaches a service.
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('\u0000') || /%00/i.test(request.url))
      throw new AppError('invalid_data', 'The address contains a NUL character');
  });
  // Nor does a body, query or path parameter with a NUL or a lone surrogate (jsonb refuses it), and
  // no input nests deeper than a request ever needs (a deep body would overflow the stack).
  app.addHook('preValidation', async (request) => {
    for (const input of [request.body, request.query, request.params]) {
      const found = input !== undefined && typeof input === 'object' ? findUnsafeInput(input) : null;
      if (found === null) continue;
      const { field } = found;
      const en = requestLocale(request) === 'en';
      const why = found.reason === 'depth' ? 'nested too deeply' : 'a NUL character or broken Unicode text';
      throw new AppError(
        'invalid_data',
        en
          ? `Invalid value${field ? ` of ${field}` : ''}: ${why}`
          : field
            ? `Неверное значение поля «${field}»`
            : 'Неверный запрос',
        { field: field || undefined },
      );
    }
  });

  const devMode = storefront !== false && storefront !== 'build';
  await app.register(helmet, {
    enableCSPNonces: true,
    // Vite's dev client injects inline scripts and a websocket; CSP is enforced on builds.
    contentSecurityPolicy: devMode
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.maps.tileUrl)],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            frameAncestors: ["'self'"],
            formAction: ["'self'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
            upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
          },
        },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  });
  // After helmet (a cached page takes the response's fresh nonce), before compression.
  if (pageCache && storefront !== false) registerPageCache(app, pageCache);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  registerErrorHandler(app);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ result: false, message: `Route ${request.method} ${request.url} not found` });
  app.setNotFoundHandler(notFound);
  // Unknown API paths answer JSON even when the storefront's catch-all route is registered.
  app.all('/api/*', notFound);

  healthRoutes(app, { database });
  settingsRoutes(app, { services });
  catalogueRoutes(app, { services, secureCookies: config.publicUrl.startsWith('https:') });
  engagementRoutes(app, { services });
  deliveryRoutes(app, { services });
  ordersRoutes(app, { services, secureCookies: config.publicUrl.startsWith('https:') });
  accountsRoutes(app, { services, secureCookies: config.publicUrl.startsWith('https:') });
  // DECISIONS 17: sandbox codes and e-mails on a development page, never on a public shop.
  if (config.devOutbox) devOutboxRoutes(app, { database });
  adminRoutes(app, { services, publicUrl: config.publicUrl });
  seoRoutes(app, { services, publicUrl: config.publicUrl });

  fs.mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    // Photo names are stable but renditions never change in place; a week is a safe browser cache.
    maxAge: '7d',
    dotfiles: 'deny',
  });

  if (storefront !== false) {
    await app.register(async (scope) => {
      await scope.register(fastifyReactRouter, {
        devServer: devMode ? (storefront as ViteDevServer) : undefined,
        mode: devMode ? 'development' : 'production',
        serverBuildPath: path.resolve('build/server/index.js'),
        clientBuildDirectory: path.resolve('build/client'),
        getLoadContext(request, reply) {
          const context = new RouterContextProvider();
          context.set(appContext, {
            services,
            nonce: reply.cspNonce?.script ?? '',
            requestId: request.id,
            publicUrl: config.publicUrl,
            maps: config.maps,
            clearSessionCookie: () => clearTokenCookie(reply, config.publicUrl.startsWith('https:')),
          });
          return context;
        },
      });
    });
  }

  return app;
}

/** The map tile server's origin for `img-src`; `{s}` subdomains are allowed by a wildcard. */
function tileOrigin(template: string): string {
  const origin = template.match(/^https?:\/\/[^/]+/)?.[0] ?? '';
  return origin.replace('{s}', '*');
}
