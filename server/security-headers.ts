import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonces: a page's inline scripts and styles carry them. */
    cspNonce: { script: string; style: string };
  }
}

const SCRIPT_NONCE = 'scriptnoncegoeshere';
const STYLE_NONCE = 'stylenoncegoeshere';

/** The headers helmet's middleware sets for `options`, captured once from a stand-in response. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet runs its parts synchronously; a version that did not would leave pages unprotected.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}

/** Fresh random nonces drawn 256 at a time from the CSPRNG (one call instead of two per response). */
function nonceSource(): () => string {
  const pool = Buffer.alloc(4096);
  let at = pool.length;
  return () => {
    if (at + 16 > pool.length) {
      randomFillSync(pool);
      at = 0;
    }
    const nonce = pool.toString('hex', at, at + 16);
    at += 16;
    return nonce;
  };
}

/**
 * Helmet's security headers on every response, with a Content-Security-Policy whose script and
 * style sources carry a nonce of the response's own (docs/decisions/0041-render-cost.md).
 *
 * The headers are helmet's, for `options`, built once at start: only the two nonces change per
 * response, spliced into the policy text. Building helmet's middleware again for each response,
 * as its Fastify plugin does to put the nonces in, cost a fifth of a cached page's CPU.
 * As with helmet, no `contentSecurityPolicy` option means its default policy, and `false` sends none
 * (the development server's inline scripts); the nonces are made either way.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const csp = options.contentSecurityPolicy ?? true;
  let policy: [string, string, string] | null = null;
  if (csp !== false) {
    const given = csp === true ? {} : csp;
    const directives: Record<string, unknown> = {
      ...(given.directives ?? helmet.contentSecurityPolicy.getDefaultDirectives()),
    };
    const withNonce = (camel: string, dashed: string, nonce: string) => {
      const key = Array.isArray(directives[dashed]) ? dashed : camel;
      directives[key] = [...((directives[key] as string[] | undefined) ?? []), `'nonce-${nonce}'`];
    };
    withNonce('scriptSrc', 'script-src', SCRIPT_NONCE);
    withNonce('styleSrc', 'style-src', STYLE_NONCE);
    const headers = helmetHeaders({
      ...options,
      contentSecurityPolicy: { ...given, directives } as HelmetOptions['contentSecurityPolicy'],
    });
    const text = headers.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
    const [beforeScript = '', rest = ''] = text.split(SCRIPT_NONCE);
    const [between = '', afterStyle = ''] = rest.split(STYLE_NONCE);
    if (!rest.includes(STYLE_NONCE))
      throw new Error('the Content-Security-Policy must have script and style sources, in that order');
    policy = [beforeScript, between, afterStyle];
  }
  const fixed = helmetHeaders({ ...options, contentSecurityPolicy: false });
  const nonce = nonceSource();

  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
  app.addHook('onRequest', (_request, reply, done) => {
    const script = nonce();
    const style = nonce();
    reply.cspNonce = { script, style };
    // On the raw response, as helmet does: an error answer keeps them too.
    const raw = reply.raw;
    for (const [name, value] of fixed) raw.setHeader(name, value);
    if (policy) raw.setHeader('content-security-policy', policy[0] + script + policy[1] + style + policy[2]);
    done();
  });
}
