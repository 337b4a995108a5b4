import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { engines } from '../tests/setup/test-database.ts';
import { useTestApp } from '../tests/support/use-test-app.ts';

/**
 * Every address the API does not have answers 404 in the spec's shape `{ result: false, message }`,
 * whatever the method, body or spelling of the address: never Fastify's or React Router's own text.
 */
describe.each(engines)('an unknown API address on %s', (engine) => {
  const t = useTestApp(engine);

  const json = { 'content-type': 'application/json' };
  /** A POST of `payload` as JSON, as it is written (it may be broken). */
  const postJson = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: json, payload });
  const cases: {
    method: NonNullable<InjectOptions['method']>;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }[] = [
    { method: 'GET', url: '/api/no-such-thing' },
    { method: 'POST', url: '/api/no-such-thing', headers: json, payload: '{"a":1}' },
    { method: 'PUT', url: '/api/no-such-thing', headers: json, payload: '{}' },
    { method: 'PATCH', url: '/api/no-such-thing', headers: json, payload: '{}' },
    { method: 'DELETE', url: '/api/no-such-thing' },
    { method: 'OPTIONS', url: '/api/no-such-thing' },
    { method: 'PROPFIND', url: '/api/no-such-thing' },
    { method: 'GET', url: '/api' },
    { method: 'POST', url: '/api', headers: json, payload: '{}' },
    { method: 'GET', url: '/api/' },
    // A method the address does not take.
    { method: 'GET', url: '/api/payment' },
    { method: 'DELETE', url: '/api/user/fetch' },
    // A body the API never reads: its type or syntax does not turn the answer into 415 or 400.
    { method: 'POST', url: '/api/no-such-thing', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
    {
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    },
    { method: 'POST', url: '/api/no-such-thing', headers: json, payload: '{not json' },
    // An address Fastify cannot decode.
    { method: 'GET', url: '/api/no-such-thing/%' },
    { method: 'POST', url: '/api/%E0%A4%A', headers: json, payload: '{}' },
  ];

  it.each(cases)('$method $url answers a JSON 404 { result: false, message }', async (c) => {
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      headers: c.headers,
      payload: c.payload,
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'result']);
    expect(body.result).toBe(false);
    expect(body.message).toMatch(/^Адрес [A-Z]+ \/api\S* не найден$/);
  });

  it('speaks English to an English client', async () => {
    const res = await postJson('/api/no-such-thing?lang=en', '{');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ result: false, message: 'Route POST /api/no-such-thing?lang=en not found' });
  });

  it('leaves the known addresses reading their JSON bodies', async () => {
    const res = await postJson('/api/order-status', '{bad');
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(false);
  });
});
