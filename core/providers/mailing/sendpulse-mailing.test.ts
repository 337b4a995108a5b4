import { describe, expect, it } from 'vitest';
import { startSendpulseFake } from '../../../tests/fakes/sendpulse-fake.ts';
import { useFake } from '../../../tests/support/use-fake.ts';
import { ProviderTimeoutError, withTimeout } from '../timeout.ts';
import { createSendpulseMailing } from './sendpulse-mailing.ts';

describe('SendPulse address book against its fake (integrations.md §10, DECISIONS 37)', () => {
  let now = new Date('2026-11-20T09:00:00Z');
  const fake = useFake(startSendpulseFake, (f) => {
    f.expiresIn = 3600;
    now = new Date('2026-11-20T09:00:00Z');
  });
  const mailing = (over: { clientSecret?: string } = {}) =>
    createSendpulseMailing({
      clientId: fake.clientId,
      clientSecret: over.clientSecret ?? fake.clientSecret,
      addressBookId: fake.addressBookId,
      url: fake.url,
      requestTimeoutMs: 1_000,
      clock: () => now,
    });
  const book = () => fake.books.get(fake.addressBookId) as Map<string, Record<string, unknown>>;

  it('adds a confirmed address to the address book with its language, one token for many calls', async () => {
    const m = mailing();
    const before = fake.tokenRequests;
    expect(await m.subscribe('Reader@Example.com', 'en')).toEqual({ ok: true });
    expect(await m.subscribe('second@example.com', 'ru')).toEqual({ ok: true });
    expect(book().get('reader@example.com')).toEqual({ language: 'en' });
    expect(book().get('second@example.com')).toEqual({ language: 'ru' });
    expect(fake.tokenRequests - before).toBe(1);
    expect(m.tokenRequests()).toBe(1);
  });

  it('asks for a new token once the cached one expires', async () => {
    const m = mailing();
    fake.expiresIn = 600;
    await m.subscribe('a1@example.com', 'ru');
    now = new Date(now.getTime() + 5 * 60_000);
    await m.subscribe('a2@example.com', 'ru');
    expect(m.tokenRequests()).toBe(1);
    now = new Date(now.getTime() + 5 * 60_000);
    await m.subscribe('a3@example.com', 'ru');
    expect(m.tokenRequests()).toBe(2);
    expect(book().has('a3@example.com')).toBe(true);
  });

  it('a token revoked before its expiry is replaced once and the call goes through', async () => {
    const m = mailing();
    await m.subscribe('b1@example.com', 'ru');
    fake.revoke();
    expect(await m.subscribe('b2@example.com', 'ru')).toEqual({ ok: true });
    expect(m.tokenRequests()).toBe(2);
  });

  it('concurrent first calls share one token request', async () => {
    const m = mailing();
    fake.delayMs = 100;
    await Promise.all([m.subscribe('c1@example.com', 'ru'), m.subscribe('c2@example.com', 'ru')]);
    expect(m.tokenRequests()).toBe(1);
  });

  it('a refused token request, errors and bad bodies are faults; a refused address is a result', async () => {
    await expect(mailing({ clientSecret: 'wrong' }).subscribe('d@example.com', 'ru')).rejects.toThrow(
      /HTTP 401/,
    );
    const m = mailing();
    expect(await m.subscribe('not-an-address', 'ru')).toEqual({
      ok: false,
      reason: expect.stringContaining('400'),
    });
    fake.failure = 'http500';
    await expect(m.subscribe('d@example.com', 'ru')).rejects.toThrow(/HTTP 500/);
    fake.failure = 'garbage';
    await expect(m.subscribe('d@example.com', 'ru')).rejects.toThrow(/unexpected body/);
    fake.failure = 'token';
    fake.revoke();
    await expect(m.subscribe('d@example.com', 'ru')).rejects.toThrow(/token request/);
    expect(book().has('d@example.com')).toBe(false);
  });

  it('a slow answer is waited for; a hanging one is cut off', async () => {
    fake.delayMs = 200;
    expect(await mailing().subscribe('e1@example.com', 'ru')).toEqual({ ok: true });
    fake.delayMs = 2_000;
    await expect(
      withTimeout(mailing(), 'mailing', 300).subscribe('e2@example.com', 'ru'),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect(mailing().subscribe('e3@example.com', 'ru')).rejects.toThrow(/timeout|aborted/i);
  });
});
