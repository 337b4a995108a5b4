import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { createProviders } from './index.ts';

describe('createProviders', () => {
  it('builds the sandbox carriers, international carrier and geocoder from the default configuration', async () => {
    const providers = createProviders(loadConfig({}), { outbox: async () => {}, db: {} as Db });
    expect(providers.carriers.sdek.carrier).toBe('sdek');
    expect(providers.carriers.boxberry.carrier).toBe('boxberry');
    expect(providers.internationalCarrier.name).toBe('sandbox-dhl');
    expect(providers.geocoder.name).toBe('sandbox');
    expect((await providers.carriers.sdek.cityByCode(44))?.name).toBe('Москва');
    expect(await providers.geocoder.locateIp('127.0.0.1')).toEqual({ city: 'Москва' });
  });
});

describe('provider failures', () => {
  it('reports every call that throws to onFailure, and no refusal that is a result', async () => {
    const failures: string[] = [];
    const providers = createProviders(
      loadConfig({}),
      {
        // The outbox is where the sandbox SMS "sends": a failing one is the sandbox's network fault.
        outbox: async (_channel, recipient) => {
          if (recipient === '79990000001') throw new Error('outbox unavailable');
        },
        db: {} as Db,
      },
      { onFailure: (kind, method) => failures.push(`${kind}.${method}`) },
    );
    const send = (phone: string) =>
      providers.sms.sendCode({ phone, code: '1234', channel: 'sms', locale: 'ru' });
    await expect(send('79990000001')).rejects.toThrow('outbox unavailable');
    expect(await send('79990000000')).toMatchObject({ ok: false });
    expect((await send('79991234567')).ok).toBe(true);
    expect(failures).toEqual(['sms.sendCode']);
  });
});
