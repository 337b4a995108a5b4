// A 1C CommerceML import of 20,000 products (10,000 articles × 2 colours) × 5 sizes (issue 20).
//   npm exec -- node bench/exchange.ts            (prints its figures)
//   npm exec -- node bench/exchange.ts --groups=2000   (a smaller catalogue)
//   DATABASE_URL=postgres://… npm exec -- node bench/exchange.ts --engine=postgres
//     (a fresh database made beside the one named and dropped after: the app's process alone)
//   npm run bench -- --cases=exchange   (both engines, through bench/run.ts)
//
// In one process: a migrated PGlite database in a temporary folder (or PostgreSQL) and the real
// app (API only).
// import.xml and offers.xml are written to disk piece by piece (never held whole) and imported from
// file streams, as the 1C exchange's job does; meanwhile a shopper keeps asking for product groups
// (POST /api/storefront/groups) one request after another, and the process's RSS is sampled.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs, { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../core/config/env.ts';
import { openPglite, openPostgres } from '../core/db/client.ts';
import { createProviders } from '../core/providers/index.ts';
import { createDbOutbox } from '../core/providers/outbox.ts';
import { createServices } from '../core/services.ts';
import { buildApp } from '../server/app.ts';
import { insertCategory, insertProductGroup } from '../tests/factories/catalogue.ts';
import { percentile, type Row } from './support.ts';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const GROUPS = arg('groups', 20_000);
const ENGINE = process.argv.includes('--engine=postgres') ? 'postgres' : 'pglite';
/** The old-space cap this process runs with, when the runner set one (`--heap=256`). */
const HEAP_MB = arg('heap', 0);
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];

async function writeLines(file: string, lines: Iterable<string>) {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(line)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

function* importLines(): Iterable<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.05">\n<Классификатор><Ид>c</Ид><Наименование>К</Наименование><Группы>';
  for (let g = 0; g < 20; g += 1)
    yield `<Группа><Ид>g${g}</Ид><Наименование>Раздел ${g}</Наименование></Группа>`;
  yield '</Группы><Свойства><Свойство><Ид>size</Ид><Наименование>Размер</Наименование></Свойство><Свойство><Ид>colour</Ид><Наименование>Цвет</Наименование></Свойство></Свойства></Классификатор>\n';
  yield '<Каталог СодержитТолькоИзменения="false"><Ид>cat</Ид><Товары>\n';
  for (let n = 0; n < GROUPS; n += 1) {
    const art = `A-${Math.floor(n / 2)}`;
    const colour = n % 2 ? 'Чёрный' : 'Песочный';
    for (const size of SIZES) {
      yield `<Товар><Ид>p${n}-${size}</Ид><ШтрихКод>46${String(n).padStart(7, '0')}${SIZES.indexOf(size)}</ШтрихКод><Артикул>${art}</Артикул><Наименование>Платье ${art}</Наименование><Группы><Ид>g${n % 20}</Ид></Группы><Описание>Платье из льна, свободный крой, длина миди.</Описание><ЗначенияСвойств><ЗначенияСвойства><Ид>size</Ид><Значение>${size}</Значение></ЗначенияСвойства><ЗначенияСвойства><Ид>colour</Ид><Значение>${colour}</Значение></ЗначенияСвойства></ЗначенияСвойств></Товар>\n`;
    }
  }
  yield '</Товары></Каталог></КоммерческаяИнформация>\n';
}

function* offerLines(): Iterable<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10"><ПакетПредложений><ТипыЦен><ТипЦены><Ид>r</Ид><Наименование>Розничная</Наименование></ТипЦены></ТипыЦен><Предложения>\n';
  for (let n = 0; n < GROUPS; n += 1) {
    for (const size of SIZES) {
      yield `<Предложение><Ид>p${n}-${size}</Ид><Цены><Цена><ИдТипаЦены>r</ИдТипаЦены><ЦенаЗаЕдиницу>${4990 + (n % 7) * 100}.00</ЦенаЗаЕдиницу></Цена></Цены><Остатки><Остаток><Склад><Ид>s</Ид><Количество>${(n + SIZES.indexOf(size)) % 4}</Количество></Склад></Остаток></Остатки></Предложение>\n`;
    }
  }
  yield '</Предложения></ПакетПредложений></КоммерческаяИнформация>\n';
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-exchange-'));
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const benchDb = `bench_exchange_${process.pid}`;
  const withDb = (name: string) => {
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (ENGINE === 'postgres') await admin(`create database ${benchDb}`);
  const database =
    ENGINE === 'postgres'
      ? await openPostgres(withDb(benchDb))
      : await openPglite(await PGlite.create(path.join(dir, 'pglite')));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
  const services = createServices({ db: database.db, providers, clock: () => new Date() });
  const app = await buildApp({ config, database, services, storefront: false, logger: false });
  await app.ready();
  const { slug } = await insertCategory(database.db);
  const shown = await Promise.all(
    [1, 2, 3].map(() => insertProductGroup(database.db, { categorySlug: slug })),
  );
  const importFile = path.join(dir, 'import.xml');
  const offersFile = path.join(dir, 'offers.xml');
  await writeLines(importFile, importLines());
  await writeLines(offersFile, offerLines());
  const mb = (n: number) => (n / 1_048_576).toFixed(0);
  const memory = () => {
    const m = process.memoryUsage();
    return `rss ${mb(m.rss)} MB, JS heap ${mb(m.heapUsed)} MB, external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)} MB)`;
  };
  console.log(`exchange (${ENGINE}): before the import: ${memory()}`);
  console.log(
    `exchange: ${GROUPS} products × ${SIZES.length} sizes; import.xml ${mb(fs.statSync(importFile).size)} MB, offers.xml ${mb(fs.statSync(offersFile).size)} MB`,
  );

  for (const [name, file] of [
    ['import.xml', importFile],
    ['offers.xml', offersFile],
    ['import.xml again', importFile],
  ] as const) {
    global.gc?.();
    let peak = process.memoryUsage.rss();
    let peakHeap = 0;
    let peakExternal = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakExternal = Math.max(peakExternal, m.external);
    }, 50);
    const latencies: number[] = [];
    let importing = true;
    const shopper = (async () => {
      while (importing) {
        const started = performance.now();
        await app.inject({ method: 'POST', url: '/api/storefront/groups', payload: shown.map((g) => g.id) });
        latencies.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const outcome = await services.commerceMl.importFile(
      createReadStream(file, { highWaterMark: 256 * 1024 }),
      {
        fileName: name,
        actor: null,
      },
    );
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    await shopper;
    clearInterval(sampler);
    const sorted = Float64Array.from(latencies).sort();
    const r = outcome.report;
    console.log(
      `exchange (${ENGINE}): ${name}: ${outcome.status} in ${seconds.toFixed(1)} s; created ${r.created.groups} groups / ${r.created.variants} variants, changed ${r.changed.groups + r.changed.variants + r.changed.stock + r.changed.prices}, refused ${r.refused.length}; peak RSS ${mb(peak)} MB; storefront during it: ${latencies.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
    );
    console.log(
      `exchange (${ENGINE}): ${name}: peak JS heap ${mb(peakHeap)} MB, peak external ${mb(peakExternal)} MB; after: ${memory()}`,
    );
    const row: Row = {
      engine: `${ENGINE}${HEAP_MB ? ` (heap ${HEAP_MB} MB)` : ''}`,
      catalogue: `${GROUPS / 1000}k×${SIZES.length}`,
      cache: '—',
      case: `1C exchange: ${name}, ${outcome.status} in ${seconds.toFixed(1)} s, peak RSS ${mb(peak)} MB (storefront requests meanwhile)`,
      connections: 1,
      requests: latencies.length,
      rps: Number((latencies.length / seconds).toFixed(2)),
      ratio: null,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      errors: outcome.status === 'applied' ? 0 : 1,
    };
    console.log(`${ROW_MARK}${JSON.stringify(row)}`);
  }
  await app.close();
  await database.close?.();
  fs.rmSync(dir, { recursive: true, force: true });
  if (ENGINE === 'postgres') await admin(`drop database if exists ${benchDb}`);
}

const ROW_MARK = 'exchange-row: ';

/**
 * The exchange bench for bench/run.ts (`--cases=exchange`): each engine in a process of its own,
 * so its peak RSS is the import's and not the bench runner's.
 */
export async function benchExchange(options: {
  engines: string[];
  serverUrl: string;
  groups?: number;
  log: (m: string) => void;
}): Promise<Row[]> {
  const rows: Row[] = [];
  // PostgreSQL also with V8's old space capped at 256 MB: the default heap lets garbage pile up
  // before collecting, which is most of the peak (docs/decisions/0031-catalogue-exchange.md).
  const runs = options.engines.flatMap((engine) =>
    engine === 'postgres'
      ? [
          { engine, heap: 0 },
          { engine, heap: 256 },
        ]
      : [{ engine, heap: 0 }],
  );
  for (const { engine, heap } of runs) {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        ...(heap ? [`--max-old-space-size=${heap}`] : []),
        fileURLToPath(import.meta.url),
        `--engine=${engine}`,
        `--groups=${options.groups ?? GROUPS}`,
        ...(heap ? [`--heap=${heap}`] : []),
      ],
      { env: { ...process.env, DATABASE_URL: options.serverUrl }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      out += text;
    });
    const [code] = await once(child, 'exit');
    for (const line of out.split('\n')) {
      if (line.startsWith(ROW_MARK)) rows.push(JSON.parse(line.slice(ROW_MARK.length)) as Row);
      else if (line.trim()) options.log(line);
    }
    if (code !== 0) options.log(`exchange (${engine}): the bench process ended with ${code}`);
  }
  return rows;
}

if (import.meta.main) await main();
