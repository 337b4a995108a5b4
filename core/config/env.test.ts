import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

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

  it('shows the development outbox only on a shop that listens on this machine (DECISIONS 17)', () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example' }).devOutbox).toBe(false);
    expect(() =>
      loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example', DEV_OUTBOX: 'true' }),
    ).toThrow(/DEV_OUTBOX/);
    // A local shop published through a reverse proxy is public too.
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://shop.example' }).devOutbox).toBe(false);
    expect(() =>
      loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://shop.example', DEV_OUTBOX: 'true' }),
    ).toThrow(/DEV_OUTBOX/);
  });

  it('needs its own AUTH_SECRET on a public production shop', () => {
    const publicShop = { NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://shop.example' };
    expect(() => loadConfig(publicShop)).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ ...publicShop, AUTH_SECRET: 'a-long-enough-secret' }).authSecret).toBe(
      'a-long-enough-secret',
    );
    expect(loadConfig({ NODE_ENV: 'production' }).authSecret).toBe('development-auth-signing-key');
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
        AUTH_SECRET: 'a-long-enough-secret',
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
