import { describe, expect, it } from 'vitest';
import { CDEK_PRODUCTION_URL } from '../providers/carriers/cdek.ts';
import { ConfigError, loadConfig } from './env.ts';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
};

describe('carriers configuration', () => {
  it('is the sandbox everywhere by default', () => {
    expect(loadConfig({}).carriers).toEqual({
      cdek: { kind: 'sandbox', webhookSecret: null },
      boxberry: { kind: 'sandbox' },
      dhl: { kind: 'sandbox' },
    });
  });

  it('stops start-up naming each credential a chosen carrier lacks', () => {
    const cdek = problems({ CDEK_PROVIDER: 'cdek', CDEK_CLIENT_ID: 'id' });
    expect(cdek).toContain('CDEK_CLIENT_SECRET: must be set when CDEK_PROVIDER=cdek');
    expect(cdek).toContain('CDEK_SHIPMENT_POINT: must be set when CDEK_PROVIDER=cdek');
    expect(cdek).not.toContain('CDEK_CLIENT_ID:');
    expect(problems({ BOXBERRY_PROVIDER: 'boxberry' })).toContain(
      'BOXBERRY_TOKEN: must be set when BOXBERRY_PROVIDER=boxberry',
    );
    const dhl = problems({ DHL_PROVIDER: 'dhl', DHL_API_KEY: 'k', DHL_API_SECRET: 's' });
    for (const name of [
      'DHL_ACCOUNT_NUMBER',
      'DHL_SHIPPER_COMPANY',
      'DHL_SHIPPER_ADDRESS',
      'DHL_SHIPPER_POSTAL_CODE',
      'DHL_SHIPPER_PHONE',
    ]) {
      expect(dhl).toContain(`${name}: must be set when DHL_PROVIDER=dhl`);
    }
    expect(problems({ CDEK_PROVIDER: 'russianpost' })).toContain('CDEK_PROVIDER');
    expect(problems({ CDEK_WEBHOOK_SECRET: 'short' })).toContain('CDEK_WEBHOOK_SECRET');
  });

  it('takes credentials from the environment, the production URLs by default', () => {
    const config = loadConfig({
      CDEK_PROVIDER: 'cdek',
      CDEK_CLIENT_ID: 'client',
      CDEK_CLIENT_SECRET: 'secret',
      CDEK_SHIPMENT_POINT: 'MSK2181',
      BOXBERRY_PROVIDER: 'boxberry',
      BOXBERRY_TOKEN: 'token',
    });
    expect(config.carriers.cdek).toEqual({
      kind: 'cdek',
      clientId: 'client',
      clientSecret: 'secret',
      apiUrl: CDEK_PRODUCTION_URL,
      shipmentPoint: 'MSK2181',
      webhookSecret: null,
    });
    expect(config.carriers.boxberry).toEqual({
      kind: 'boxberry',
      token: 'token',
      apiUrl: 'https://api.boxberry.ru/json.php',
      targetStart: null,
    });
    expect(config.carriers.dhl).toEqual({ kind: 'sandbox' });
  });
});
