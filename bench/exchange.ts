// A 1C CommerceML import of 20,000 products (10,000 articles × 2 colours) × 5 sizes (issue 20).
//   npm exec -- node bench/exchange.ts            (prints its figures)
//   npm exec -- node bench/exchange.ts --groups=2000   (a smaller catalogue)
//
// In one process: a migrated PGlite database in a temporary folder and the real app (API only).
// import.xml and offers.xml are written to disk piece by piece (never held whole) and imported from
// file streams, as the 1C exchange's job does; meanwhile a shopper keeps asking for product groups
// (POST /api/storefront/groups) one request after another, and the process's RSS is sampled.

import { once } from 'node:events';
// A 1C CommerceML import of 20,000 products (10,000 articles × 2 colours) × 5 sizes (issue 20).
//   npm exec -- node bench/exchange.ts            (prints its figures)
//   npm exec -- node bench/exchange.ts --groups=2000   (a smaller catalogue)
//
// In one process: a migrated PGlite database in a temporary folder and the real app (API only).
// import.xml and offers.xml are written to disk piece by piece (never held whole) and imported from
// file streams, as the 1C exchange's job does; meanwhile a shopper keeps asking for product groups
// (POST /api/storefront/groups) one request after another, and the process's RSS is sampled.
import fs, { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../core/config/env.ts';
import { openPglite } from '../core/db/client.ts';
import { createProviders } from '../core/providers/index.ts';
import { createDbOutbox } from '../core/providers/outbox.ts';
import { createServices } from '../core/services.ts';
import { buildApp } from '../server/app.ts';
import { insertCategory, insertProductGroup } from '../tests/factories/catalogue.ts';
import { percentile } from './support.ts';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const GROUPS = arg('groups', 20_000);
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
  const database = await openPglite(await PGlite.create(path.join(dir, 'pglite')));
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
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
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
      `exchange: ${name}: ${outcome.status} in ${seconds.toFixed(1)} s; created ${r.created.groups} groups / ${r.created.variants} variants, changed ${r.changed.groups + r.changed.variants + r.changed.stock + r.changed.prices}, refused ${r.refused.length}; peak RSS ${mb(peak)} MB; storefront during it: ${latencies.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
    );
  }
  await app.close();
  await database.close?.();
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
