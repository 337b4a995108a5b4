import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/** What helmet's own middleware sets when built for one response with these nonces. */
function helmetFor(nonce: { script: string; style: string }): Record<string, string> {
  const csp = options.contentSecurityPolicy as { directives: Record<string, string[] | null> };
  const directives = {
    ...csp.directives,
    scriptSrc: [...(csp.directives.scriptSrc ?? []), `'nonce-${nonce.script}'`],
    styleSrc: [...(csp.directives.styleSrc ?? []), `'nonce-${nonce.style}'`],
  };
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet({ ...options, contentSecurityPolicy: { directives } })(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

async function shop() {
  const app = Fastify();
  registerSecurityHeaders(app, options);
  app.get('/page', (_request, reply) => reply.type('text/html').send(`<p>${reply.cspNonce.script}</p>`));
  app.get('/broken', async () => {
    throw new Error('broken');
  });
  return app;
}

describe('security headers', () => {
  it('are the headers helmet sets, with a fresh nonce of the response’s own in the policy', async () => {
    const app = await shop();
    const seen = new Set<string>();
    // More responses than one draw of random bytes holds nonces for.
    for (let i = 0; i < 300; i++) {
      const res = await app.inject('/page');
      const nonce = {
        script: String(res.headers['content-security-policy']).match(
          /script-src [^;]*'nonce-([0-9a-f]{32})'/,
        )?.[1],
        style: String(res.headers['content-security-policy']).match(
          /style-src [^;]*'nonce-([0-9a-f]{32})'/,
        )?.[1],
      };
      expect(nonce.script, 'a script nonce').toBeDefined();
      expect(nonce.style, 'a style nonce').toBeDefined();
      expect(res.body).toBe(`<p>${nonce.script}</p>`);
      for (const [name, value] of Object.entries(helmetFor(nonce as { script: string; style: string })))
        expect(res.headers[name], name).toBe(value);
      seen.add(nonce.script as string).add(nonce.style as string);
    }
    expect(seen.size).toBe(600);
    await app.close();
  });

  it('are on error answers and unknown addresses too', async () => {
    const app = await shop();
    for (const url of ['/broken', '/no-such-page']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    }
    await app.close();
  });

  it('send no policy when it is turned off, and still make the nonces', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { ...options, contentSecurityPolicy: false });
    app.get('/page', (_request, reply) => reply.send(reply.cspNonce));
    const res = await app.inject('/page');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json().script).toMatch(/^[0-9a-f]{32}$/);
    await app.close();
  });
});
