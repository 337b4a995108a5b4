// The back office's order list under load: 100,000 orders on PostgreSQL, 10 connections.
//   npm run bench -- --cases=admin-orders        (from bench/run.ts, joins its table)
//   npm exec -- node bench/admin-orders.ts       (alone: prints its own rows)
//
// It creates its own `bench_admin_orders_<pid>` database on the local PostgreSQL
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), starts the built shop on
// it (the shop migrates it), fills it with set-based SQL, signs a manager in by inserting a staff
// session (as tests/factories/staff.ts does), and measures GET /api/admin/orders with autocannon.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile, type Row, waitFor } from './support.ts';

const ORDERS = 100_000;
const CONNECTIONS = 10;

/**
 * The data, in four statements, all `generate_series` (no row-by-row inserts; about 20 s):
 * 1. 100,000 orders, one every 5 minutes back from now (about a year): states, delivery methods,
 *    payment methods, editions and currencies in fixed rotations; phone `79` + (i * 7919 mod 10^9)
 *    zero-padded (7919 is prime, so every phone is distinct), e-mail `buyer<i>@example.ru`, name
 *    `Покупатель <i>`, every 20th with a promo code;
 * 2. one to three lines per order (order_lines from orders × generate_series(1, 1 + number % 3));
 * 3. two events per order (created, then its state);
 * 4. ANALYZE, so the planner knows the tables' sizes.
 */
export const FILL = [
  `insert into orders (status, locale, display_currency, get_way, payment, full_name, phone, email, delivery,
     goods_total, goods_payable, delivery_price, promo_code, total, consent_version, consent_at, consent_ip,
     access_key, created_at, updated_at, expires_at)
   select
     (array['paid','confirmed','shipped','delivered','cancelled','awaiting_payment','payment_failed','ready_for_pickup'])[1 + i % 8],
     case when i % 10 = 0 then 'en' else 'ru' end,
     case when i % 10 = 0 then 'USD' else 'RUB' end,
     (array['delivery-sdek','self-sdek','self-boxberry','moscow','moscow-try','self'])[1 + i % 6],
     (array['online','split','dolyame','tinkoff','yaPay'])[1 + (i / 7) % 5],
     'Покупатель ' || i,
     '79' || lpad(((i::bigint * 7919) % 1000000000)::text, 9, '0'),
     'buyer' || i || '@example.ru',
     jsonb_build_object('city', 'Москва', 'cityID', 44, 'country', 'Россия', 'countryId', 1, 'countryCode', 'RU',
       'address', 'ул. Тверская, д. ' || (i % 200), 'room', (i % 90)::text, 'postal', '125009', 'pvzID', null,
       'pvz', null, 'deliveryDate', null, 'deliveryTime', null, 'deliveryMaxDate', null, 'outMKAD', false),
     500000 + (i % 50) * 10000, 500000 + (i % 50) * 10000, 50000,
     case when i % 20 = 0 then 'WELCOME10' end,
     550000 + (i % 50) * 10000, 'bench', now(), '10.0.0.1', md5(i::text),
     now() - i * interval '5 minutes', now() - i * interval '5 minutes', now() - i * interval '5 minutes' + interval '20 minutes'
   from generate_series(1, ${ORDERS}) as i`,
  `insert into order_lines (order_number, variant_id, group_id, name, size, barcode, category, price, count, reserved)
   select o.number, 'bench-' || (o.number % 500) || '-' || k, 'bench-' || (o.number % 500), 'Платье ' || (o.number % 500),
     (array['XS','S','M','L'])[1 + k % 4], '46' || lpad((o.number * 3 + k)::text, 11, '0'), 'dresses', 250000, 1, 1
   from orders o cross join lateral generate_series(1, 1 + o.number % 3) as k`,
  `insert into order_events (order_number, from_status, to_status, cause, at)
   select number, null, 'new', 'order created', created_at from orders
   union all
   select number, 'new', status, 'bench', created_at + interval '3 minutes' from orders`,
  'analyze',
];

/** The phone of generated order i, as the fill writes it. */
const phoneOf = (i: number) => `79${String((i * 7919) % 1_000_000_000).padStart(9, '0')}`;

function cannon(port: number, urlPath: string, cookie: string, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  return new Promise<{ result: autocannon.Result; latencies: number[]; errors: number }>(
    (resolve, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${port}`,
          connections: CONNECTIONS,
          pipelining: 1,
          duration: seconds,
          requests: [{ method: 'GET', path: urlPath, headers: { cookie } }],
        },
        (error, result) => (error ? reject(error) : resolve({ result, latencies, errors })),
      );
      instance.on('response', (_c: unknown, status: number, _b: number, time: number) => {
        latencies.push(time);
        if (status !== 200) errors += 1;
      });
    },
  );
}

export async function benchAdminOrders(options: {
  serverUrl: string;
  port: number;
  seconds: number;
  warmSeconds: number;
  log: (m: string) => void;
}): Promise<Row[]> {
  const { serverUrl, port, seconds, warmSeconds, log } = options;
  const name = `bench_admin_orders_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const root = path.resolve(import.meta.dirname, '..');
  const shop = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(os.tmpdir(), 'shop-bench', 'run-admin-orders'),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    // The shop migrates the empty database on start.
    await waitFor(`http://127.0.0.1:${port}/api/health`, shop);
    await db.connect();
    const started = Date.now();
    for (const statement of FILL) await db.query(statement);
    log(
      `admin-orders: ${ORDERS} orders with lines and events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // A signed-in manager past the second factor (tests/factories/staff.ts).
    const token = randomBytes(32).toString('base64url');
    const {
      rows: [user],
    } = await db.query(
      `insert into users (email, email_verified, name, role) values ('bench-manager@staff.test', true, 'Bench', 'manager') returning id`,
    );
    await db.query(
      `insert into staff_credentials (user_id, password_hash, totp_secret, totp_enabled_at) values ($1, 'x', 'x', now())`,
      [user.id],
    );
    await db.query(`insert into staff_sessions (token_hash, user_id, mfa_at) values ($1, $2, now())`, [
      createHash('sha256').update(token).digest('hex'),
      user.id,
    ]);
    const cookie = `shi_staff=${token}`;
    // Order 40000 is paid (i % 8 == 0); its phone typed as a person would.
    const phone = phoneOf(40_000);
    const typed = `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
    const cases = [
      {
        name: 'admin orders: state filter + phone search',
        path: `/api/admin/orders?status=paid&q=${encodeURIComponent(typed)}`,
      },
      {
        name: 'admin orders: state + delivery + a month, first page',
        path: '/api/admin/orders?status=shipped&getWay=self-boxberry&from=2026-06-01&to=2026-06-30',
      },
      { name: 'admin orders: e-mail search', path: '/api/admin/orders?q=Buyer77777%40example.ru' },
      { name: 'admin orders: newest first, no filter', path: '/api/admin/orders' },
    ];
    const check = await fetch(`http://127.0.0.1:${port}${cases[0]?.path}`, { headers: { cookie } });
    const body = (await check.json()) as { rows?: { phone: string }[] };
    if (check.status !== 200 || body.rows?.[0]?.phone !== phone) {
      throw new Error(
        `the list did not find the order by phone: ${check.status} ${JSON.stringify(body).slice(0, 200)}`,
      );
    }
    const rows: Row[] = [];
    for (const c of cases) {
      if (warmSeconds > 0) await cannon(port, c.path, cookie, warmSeconds);
      const { result, latencies, errors } = await cannon(port, c.path, cookie, seconds);
      const sorted = Float64Array.from(latencies).sort();
      const row: Row = {
        engine: 'postgres',
        catalogue: `${ORDERS / 1000}k orders`,
        cache: '—',
        case: c.name,
        connections: CONNECTIONS,
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        ratio: null,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        errors: errors + result.errors + result.timeouts,
      };
      log(
        `${c.name} @${CONNECTIONS}: ${row.rps} req/s, p50 ${row.p50.toFixed(1)} p95 ${row.p95.toFixed(1)} p99 ${row.p99.toFixed(1)} ms${row.errors ? `, ${row.errors} errors` : ''}`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await db.end().catch(() => {});
    if (shop.exitCode === null) {
      const exited = new Promise((resolve) => shop.once('exit', resolve));
      shop.kill('SIGTERM');
      await exited;
    }
    await admin(`drop database if exists ${name} with (force)`);
  }
}

if (import.meta.main) {
  const rows = await benchAdminOrders({
    serverUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    port: 3303,
    seconds: 5,
    warmSeconds: 2,
    log: (m) => console.log(`[bench] ${m}`),
  });
  console.table(
    rows.map((r) => ({ case: r.case, rps: r.rps, p50: r.p50, p95: r.p95, p99: r.p99, errors: r.errors })),
  );
}
