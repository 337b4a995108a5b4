// Search latency over the demo catalogue and over a generated 20,000-product catalogue.
// `npm run bench:search` — in-process (service level, no HTTP), PGlite in memory, bounded loops.

import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../core/db/client.ts';
import { categories, productGroups, productPhotos } from '../core/db/schema/index.ts';
import { seedDemo } from '../core/db/seed/seed-demo.ts';
import { createSearchService } from '../core/search/search.service.ts';

const queries = [
  'платье',
  'плаье',
  'gkfnmt',
  'пальто шерсть',
  'dress',
  'linen',
  'свитер',
  'ботинки',
  'сумка',
  'джинсы',
  'шарф кашемир',
  'черный',
];
const ROUNDS = 25;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(label: string, search: ReturnType<typeof createSearchService>) {
  const t0 = performance.now();
  await search.search('платье', 'ru'); // builds the index
  const build = performance.now() - t0;
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of queries) {
      const start = performance.now();
      await search.search(q, r % 2 ? 'en' : 'ru');
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  const row = {
    catalogue: label,
    queries: times.length,
    'index build ms': build.toFixed(0),
    'median ms': percentile(times, 50).toFixed(2),
    'p95 ms': percentile(times, 95).toFixed(2),
    'p99 ms': percentile(times, 99).toFixed(2),
  };
  console.log(JSON.stringify(row));
  return row;
}

const words = {
  kind: [
    ['Платье', 'dress'],
    ['Пальто', 'coat'],
    ['Свитер', 'sweater'],
    ['Рубашка', 'shirt'],
    ['Брюки', 'trousers'],
    ['Юбка', 'skirt'],
    ['Ботинки', 'boots'],
    ['Сумка', 'bag'],
  ],
  material: [
    ['из льна', 'linen'],
    ['из шерсти', 'wool'],
    ['из кашемира', 'cashmere'],
    ['из хлопка', 'cotton'],
    ['из шёлка', 'silk'],
    ['из кожи', 'leather'],
  ],
  fit: [
    ['свободное', 'relaxed'],
    ['приталенное', 'fitted'],
    ['укороченное', 'cropped'],
    ['удлинённое', 'long'],
    ['оверсайз', 'oversized'],
  ],
  colour: [
    ['Песочный', 'Sand'],
    ['Чёрный', 'Black'],
    ['Молочный', 'Milk'],
    ['Графит', 'Graphite'],
    ['Олива', 'Olive'],
  ],
};

async function generated(count: number) {
  const database = await openPglite(new PGlite());
  const db = database.db;
  await db.insert(categories).values(
    words.kind.map(([ru, en], i) => ({
      slug: `k${i}`,
      parentSlug: null,
      name: { ru: ru as string, en: en as string },
      position: i,
    })),
  );
  const rows = [];
  for (let i = 0; i < count; i++) {
    const k = i % words.kind.length;
    const kind = words.kind[k] as string[];
    const material = words.material[Math.floor(i / 8) % words.material.length] as string[];
    const fit = words.fit[Math.floor(i / 48) % words.fit.length] as string[];
    const colour = words.colour[Math.floor(i / 240) % words.colour.length] as string[];
    rows.push({
      id: `g${i}`,
      art: `A-${Math.floor(i / 5)}`,
      name: {
        ru: `${kind[0]} ${fit[0]} ${material[0]} ${i}`,
        en: `${fit[1]} ${material[1]} ${kind[1]} ${i}`,
      },
      description: { ru: '', en: '' },
      composition: { ru: '', en: '' },
      care: { ru: '', en: '' },
      categorySlug: `k${k}`,
      colorName: { ru: colour[0] as string, en: colour[1] as string },
      colorHex: '#888888',
      price: 1000_00 + (i % 300) * 100_00,
      position: i,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(productGroups).values(rows.slice(i, i + 1000));
  const photos = rows.map((r) => ({
    groupId: r.id,
    src: `products/${r.id}-front`,
    width: 1200,
    height: 1500,
    position: 0,
  }));
  for (let i = 0; i < photos.length; i += 2000)
    await db.insert(productPhotos).values(photos.slice(i, i + 2000));
  return database;
}

const demo = await openPglite(new PGlite());
await seedDemo(demo.db, { mediaDir: path.join(os.tmpdir(), 'bench-media'), renderPhotos: false });
const results = [await measure('demo', createSearchService({ db: demo.db, clock: () => new Date() }))];
await demo.close();

const big = await generated(20_000);
results.push(await measure('generated 20,000', createSearchService({ db: big.db, clock: () => new Date() })));
await big.close();

console.log(
  '\n| catalogue | queries | index build ms | median ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|',
);
for (const r of results) console.log(`| ${Object.values(r).join(' | ')} |`);
