import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config/env.ts';
import { createProviders } from '../core/providers/index.ts';
import { createDbOutbox } from '../core/providers/outbox.ts';
import { createServices } from '../core/services.ts';
import { createTestDatabase, type TestDatabase } from '../tests/setup/test-database.ts';
import { buildApp } from './app.ts';

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    // A loaded machine (CI beside other work) can take many seconds to load the shop's modules.
    timeout: 60_000,
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

describe('start-up of a public shop (DECISIONS 34)', () => {
  it('refuses sandbox payment, SMS and e-mail providers and the development keys, naming each', () => {
    const result = start({ NODE_ENV: 'production', HOST: '127.0.0.1', PUBLIC_URL: 'https://shop.example' });
    expect(result.status).toBe(78);
    for (const name of [
      'PAYMENTS_PROVIDER',
      'SMS_PROVIDER',
      'EMAIL_PROVIDER',
      'AUTH_SECRET',
      'PAYMENT_SANDBOX_SECRET',
    ]) {
      expect(result.stderr).toContain(`  ${name}: `);
    }
  });

  it('starts a public shop’s payments on T-Bank only with its terminal, naming the missing variables', () => {
    const result = start({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://shop.example',
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_PASSWORD: 'terminal-password',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('  TBANK_TERMINAL_KEY: must be set when PAYMENTS_PROVIDER=tbank');
    expect(result.stderr).not.toContain('  TBANK_PASSWORD: ');
    // T-Bank is a real provider: no sandbox complaint for payments (docs/decisions/0020-tbank-card-payments.md).
    expect(result.stderr).not.toContain('  PAYMENTS_PROVIDER: ');
    expect(result.stderr).not.toContain('terminal-password');
  });

  it('refuses TRUST_PROXY=true and says what to give instead', () => {
    const result = start({ TRUST_PROXY: 'true' });
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/TRUST_PROXY: true is no longer accepted.*number of proxies/);
  });
});

describe('.env', () => {
  const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
    .scripts;

  it('is read by npm start from its folder, the real environment winning', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-env-'));
    try {
      fs.symlinkSync(path.resolve('server'), path.join(folder, 'server'));
      fs.writeFileSync(path.join(folder, '.env'), 'PORT=eighty\nLOG_LEVEL=loud\n');
      // The command npm start runs once the build is there.
      const command = scripts.start?.split('&&').at(-1)?.trim() ?? '';
      expect(command).toContain('--env-file-if-exists=.env');
      const result = spawnSync('sh', ['-c', command], {
        cwd: folder,
        env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`, LOG_LEVEL: 'info' },
        encoding: 'utf8',
        // A loaded machine (CI beside other work) can take many seconds to load the shop's modules.
        timeout: 60_000,
      });
      expect(result.status).toBe(78);
      expect(result.stderr).toContain('PORT: must be a number (got "eighty")');
      expect(result.stderr).not.toContain('LOG_LEVEL');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is read by the development server and the scripts that read the configuration', () => {
    for (const name of ['start', 'dev', 'db:migrate', 'db:seed', 'operator:create']) {
      expect(scripts[name], name).toMatch(/node --env-file-if-exists=\.env /);
    }
  });
});

describe('deadlines for slow clients', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port = 0;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
      HEADERS_TIMEOUT_MS: '800',
      REQUEST_TIMEOUT_MS: '1500',
      KEEP_ALIVE_TIMEOUT_MS: '500',
    });
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    const services = createServices({ db: database.db, providers, clock: () => new Date() });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    // Ports 3400-3449 belong to these tests.
    for (port = 3400 + Math.floor(Math.random() * 40); ; port++) {
      try {
        await app.listen({ port, host: '127.0.0.1' });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port >= 3449) throw error;
      }
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  /** Opens a connection, sends `head`, then one byte of `drip` every 100 ms until the server hangs up. */
  function slowClient(head: string, drip: string): Promise<{ answer: string; sent: number }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (!socket.writable) return;
          socket.write(drip);
          sent += 1;
        }, 100);
      });
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, sent });
      });
      socket.setTimeout(15_000, () => reject(new Error('the server never cut the slow client off')));
    });
  }

  it('cuts off a request whose body arrives too slowly (408), long before it is complete', async () => {
    const { answer, sent } = await slowClient(
      'POST /api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      ' ',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(sent).toBeLessThan(100_000);
  }, 20_000);

  it('cuts off a request whose headers never end', async () => {
    const { answer } = await slowClient('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'x');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('closes an idle keep-alive connection', async () => {
    const closed = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      });
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('close', () => resolve(answer));
      socket.setTimeout(15_000, () => reject(new Error('the idle connection stayed open')));
    });
    expect(closed).toMatch(/^HTTP\/1\.1 200/);
  }, 20_000);
});

describe('a production-mode shop started as npm start starts it', () => {
  it('on 127.0.0.1 serves no development outbox, keeps the order key out of its log, and answers /metrics locally', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prod-'));
    const port = 3450 - 1 - Math.floor(Math.random() * 5);
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: folder,
        SEED_DEMO: 'never',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;
    try {
      for (let tries = 0; ; tries++) {
        const up = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (tries > 120 || child.exitCode !== null) throw new Error(`the shop did not start:\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect((await fetch(`${url}/api/dev/outbox`)).status).toBe(404);
      await fetch(`${url}/api/orders/for-analytics?orderID=10001&key=process-secret-key`, {
        headers: { cookie: `shi-orders=${encodeURIComponent('[{"n":10001,"k":"cookie-secret-key"}]')}` },
      });
      const metrics = await fetch(`${url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('route="/api/orders/for-analytics"');
      expect(log).toContain('key=[redacted]');
      expect(log).not.toMatch(/process-secret-key|cookie-secret-key/);
    } finally {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);
});
