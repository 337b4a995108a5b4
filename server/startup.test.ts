import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('start-up with bad configuration', () => {
  it('exits with status 78 and names the bad variable and its value', () => {
    const result = start({ PORT: 'eighty' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT: must be a number (got "eighty")');
  });

  it('names a bad DATABASE_URL without trying to connect', () => {
    const result = start({ DATABASE_URL: 'mysql://localhost/shop' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
  });
});
