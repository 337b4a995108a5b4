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
