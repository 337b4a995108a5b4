// Search latency over the demo catalogue and over it plus 20,000 generated products (bench/catalogue-data.ts).
// `npm run bench:search` — in-process (service level, no HTTP), PGlite in memory, bounded loops.

import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../core/db/client.ts';
import { createSearchService } from '../core/search/search.service.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { addGenerated } from './catalogue-data.ts';

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
  // Issue 21's ordinary Russian queries: adjectives to nouns, synonyms, partial matches.
  'льняное платье',
  'лён',
  'лен',
  'шерстяной',
  'шерстяное пальто',
  'белая рубашка',
  'сатиновая юбка',
  'пальто женское',
  'платье в цветочек',
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

const demo = await openPglite(new PGlite());
await seedDemo(demo.db, { mediaDir: path.join(os.tmpdir(), 'bench-media'), renderPhotos: false });
// Every query is ranked afresh: the per-index answer memory would otherwise time only the first round.
const uncached = (db: typeof demo.db) =>
  createSearchService({ db, clock: () => new Date(), resultMemory: 0 });
const results = [await measure('demo', uncached(demo.db))];
await addGenerated(demo.db, 20_000);
results.push(await measure('demo + generated 20,000', uncached(demo.db)));
await demo.close();

console.log(
  '\n| catalogue | queries | index build ms | median ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|',
);
for (const r of results) console.log(`| ${Object.values(r).join(' | ')} |`);
