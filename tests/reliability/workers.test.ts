import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../setup/test-database.ts';
import { createRelDatabase, type RelDatabase } from './support/databases.ts';
import { freePort, type ServerProcess, startServer } from './support/server-process.ts';

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        // Field 4 is the parent's pid; the command name (field 2) may hold spaces, in parentheses.
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('WORKERS refused at start', () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('with the embedded database, saying why', () => {
    const result = start({ WORKERS: '2' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('WORKERS: must be 1 with the embedded database');
  });

  it('says a configuration error once, not once per worker, and exits with its status', () => {
    const result = start({ WORKERS: '3', DATABASE_URL: 'postgres://shop@127.0.0.1:9/none', PORT: 'eighty' });
    expect(result.status).toBe(78);
    expect(result.stderr.split('PORT: must be a number').length - 1).toBe(1);
  });
});

/** docs/decisions/0041-render-cost.md: several shop processes on one port, one PostgreSQL. */
describe.skipIf(!testDatabaseUrl())('WORKERS=2 on a PostgreSQL server', () => {
  let database: RelDatabase;
  let shop: ServerProcess;

  beforeAll(async () => {
    database = await createRelDatabase();
    shop = await startServer(
      await freePort(3260, 3269),
      { DATABASE_URL: database.url, WORKERS: '2', DATABASE_POOL_SIZE: '3' },
      90_000,
    );
  }, 120_000);
  afterAll(async () => {
    await shop?.kill();
    await database?.drop();
  });

  it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const primary = shop.child.pid as number;
    await until('two workers', () => childrenOf(primary).length === 2);
    const workers = childrenOf(primary);
    for (let i = 0; i < 40; i++) expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);

    // Whichever worker takes a scrape, it counts both workers' requests (each took about half).
    const healthAnswers = async () => {
      const text = await (await fetch(`${shop.url}/metrics`)).text();
      const line = text.match(
        /^http_requests_total\{method="GET",route="\/api\/health",status="200"\} (\d+)$/m,
      );
      return Number(line?.[1] ?? 0);
    };
    for (let i = 0; i < 4; i++) expect(await healthAnswers()).toBeGreaterThanOrEqual(40);
    // And the workers' process figures, aggregated into one series each.
    const scrape = await (await fetch(`${shop.url}/metrics`)).text();
    expect(scrape.match(/^process_resident_memory_bytes \d+$/gm)).toHaveLength(1);
    expect(scrape).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);

    // A worker killed as by the kernel's OOM killer: another takes its place, the shop goes on.
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    await until('a replacement worker', () => {
      const now = childrenOf(primary);
      return now.length === 2 && !now.includes(victim) && now.includes(survivor);
    });
    await until('the replacement serving', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${shop.url}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      return answers.every((s) => s === 200);
    });

    const now = childrenOf(primary);
    expect(await shop.stop()).toBe('0');
    for (const pid of now) expect(fs.existsSync(`/proc/${pid}`), `worker ${pid} gone`).toBe(false);
  }, 120_000);
});
