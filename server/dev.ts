import type { ViteDevServer } from 'vite';
import { loadConfig } from '../core/config/env.ts';
import { buildApp } from './app.ts';
import { createLogger } from './logger.ts';
import { type Runtime, startRuntime } from './runtime.ts';

// STACK pitfall 6: Vite rebuilds this module on every change; keep one database per process.
const holder = globalThis as typeof globalThis & { __shopRuntime?: Promise<Runtime> };

/** Entry for `react-router dev` (the Fastify adapter's Vite plugin calls it with the dev server). */
export async function createServer(vite?: ViteDevServer) {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  holder.__shopRuntime ??= startRuntime(config, logger);
  const runtime = await holder.__shopRuntime;
  return buildApp({
    config,
    database: runtime.database,
    services: runtime.services,
    storefront: vite ?? 'build',
    logger,
  });
}
