import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const secrets = {
  AUTH_SECRET: 'a-long-enough-auth-secret',
  PAYMENT_SANDBOX_SECRET: 'a-long-enough-payment-secret',
};

describe('loadConfig', () => {
  it('runs with nothing set: port 3000, PGlite in .data, demo seed, sandbox rates', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('.data/pglite') });
    expect(config.mediaDir).toBe(path.resolve('.data/media'));
    expect(config.seedDemo).toBe('auto');
    expect(config.providers.rates).toBe('sandbox');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('switches to the PostgreSQL server with DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/shop', DATABASE_POOL_SIZE: '5' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1:5432/shop',
      poolSize: 5,
    });
  });

  it('shows the development outbox only on a development-mode shop that listens on this machine (DECISIONS 17)', () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
    const staging = {
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://shop.example',
      SANDBOX_ON_PUBLIC: 'allow',
      ...secrets,
    };
    expect(loadConfig(staging).devOutbox).toBe(false);
    expect(() => loadConfig({ ...staging, DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX/);
    // A local shop published through a reverse proxy is public too.
    const proxied = { ...staging, HOST: '127.0.0.1' };
    expect(loadConfig(proxied).devOutbox).toBe(false);
    expect(() => loadConfig({ ...proxied, DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX/);
  });

  it('never runs the development outbox in production mode, whatever the host (DECISIONS 34)', () => {
    // `npm start` on 127.0.0.1 behind a proxy that does not say so: production mode is enough.
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1', DEV_OUTBOX: 'true' })).toThrow(
      /DEV_OUTBOX: must not be true in production mode/,
    );
    expect(() => loadConfig({ SHOP_MODE: 'production', DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX/);
    // A built shop run locally for the journeys says development explicitly.
    const local = loadConfig({ NODE_ENV: 'production', SHOP_MODE: 'development', HOST: '127.0.0.1' });
    expect(local.devOutbox).toBe(true);
    expect(local.production).toBe(false);
  });

  it('refuses to start a public shop with a sandbox payment, SMS or e-mail provider (DECISIONS 34)', () => {
    for (const shop of [
      { HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example', ...secrets },
      { HOST: '127.0.0.1', PUBLIC_URL: 'https://shop.example', ...secrets },
      { NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example', ...secrets },
    ]) {
      let message = '';
      try {
        loadConfig(shop);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/PAYMENTS_PROVIDER: the sandbox must not serve a public shop/);
      expect(message).toMatch(/SMS_PROVIDER: the sandbox must not serve a public shop/);
      expect(message).toMatch(/EMAIL_PROVIDER: the sandbox must not serve a public shop/);
      expect(message).toMatch(/SANDBOX_ON_PUBLIC=allow/);
    }
  });

  it('runs a public shop with sandboxes only as a staging shop, which says so', () => {
    const staging = loadConfig({
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://staging.shop.example',
      SANDBOX_ON_PUBLIC: 'allow',
      ...secrets,
    });
    expect(staging.publicShop).toBe(true);
    expect(staging.staging).toBe(true);
    const local = loadConfig({ SANDBOX_ON_PUBLIC: 'allow' });
    expect(local.publicShop).toBe(false);
    expect(local.staging).toBe(false);
    expect(() => loadConfig({ SANDBOX_ON_PUBLIC: 'yes' })).toThrow(/SANDBOX_ON_PUBLIC: must be allow/);
  });

  it('refuses the published development keys on a public shop, staging included', () => {
    const staging = { HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example', SANDBOX_ON_PUBLIC: 'allow' };
    expect(() => loadConfig({ ...staging, PAYMENT_SANDBOX_SECRET: secrets.PAYMENT_SANDBOX_SECRET })).toThrow(
      /AUTH_SECRET: must be set/,
    );
    expect(() => loadConfig({ ...staging, AUTH_SECRET: secrets.AUTH_SECRET })).toThrow(
      /PAYMENT_SANDBOX_SECRET: must be set to your own secret/,
    );
    expect(() =>
      loadConfig({ ...staging, ...secrets, PAYMENT_SANDBOX_SECRET: 'sandbox-payments-signing-key' }),
    ).toThrow(/PAYMENT_SANDBOX_SECRET/);
    expect(() => loadConfig({ ...staging, ...secrets, AUTH_SECRET: 'development-auth-signing-key' })).toThrow(
      /AUTH_SECRET/,
    );
    expect(loadConfig({ ...staging, ...secrets }).authSecret).toBe(secrets.AUTH_SECRET);
    // A local shop keeps the development keys.
    expect(loadConfig({ NODE_ENV: 'production' }).authSecret).toBe('development-auth-signing-key');
    expect(loadConfig({}).paymentSandboxSecret).toBe('sandbox-payments-signing-key');
  });

  it('trusts proxies by count or address, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true is no longer accepted .*number of proxies.*10\.0\.0\.0\/8/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: must be false, the number/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'balancer.local' })).toThrow(/TRUST_PROXY/);
  });

  it('has server deadlines, configurable and consistent', () => {
    expect(loadConfig({}).timeouts).toEqual({
      headersMs: 10_000,
      requestMs: 30_000,
      keepAliveMs: 72_000,
      connectionMs: 120_000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000' }).timeouts.requestMs).toBe(
      2000,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '2000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer/,
    );
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(
      /KEEP_ALIVE_TIMEOUT_MS: must be a number/,
    );
  });

  it('lets only listed addresses read the metrics', () => {
    expect(loadConfig({}).metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ METRICS_ALLOW: '10.1.2.0/24,192.0.2.7' }).metricsAllow).toEqual([
      '10.1.2.0/24',
      '192.0.2.7',
    ]);
    expect(() => loadConfig({ METRICS_ALLOW: 'everyone' })).toThrow(
      /METRICS_ALLOW: must be a comma-separated/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('names every bad variable with its value', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT: must be a number \(got "eighty"\)/);
    expect(message).toMatch(/DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//);
    expect(message).toMatch(/LOG_LEVEL: must be one of/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 1 and 65535/);
  });
});

describe('loadConfig in production', () => {
  it('requires PUBLIC_URL when listening beyond this machine', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' })).toThrow(/PUBLIC_URL: must be set/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://shop.example',
        SANDBOX_ON_PUBLIC: 'allow',
        ...secrets,
      }).publicUrl,
    ).toBe('https://shop.example');
    expect(loadConfig({ NODE_ENV: 'production' }).publicUrl).toBe('http://localhost:3000');
  });

  it('never echoes a password from a bad connection string', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://shop:s3cret@db/shop' })).toThrow(
      /mysql:\/\/shop:\*\*\*@db\/shop/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://shop:s3cret@db/shop' })).not.toThrow(/s3cret/);
  });
});
