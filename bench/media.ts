// A product save with 3 photos uploaded, the image pipeline included (issue 15).
//   npm run bench -- --cases=media        (from bench/run.ts, joins its table)
//   npm exec -- node bench/media.ts       (alone: prints its rows)
//
// In one process: a migrated PGlite database in a temporary folder, the real app (API only) with
// the folder media store, an editor's staff session, and a product. Each round posts three phone
// photos (12-megapixel JPEGs, 4032×3024, about 2-3 MB each) in one multipart request to
// POST /api/admin/products/:id/photos, which checks them, makes WebP and AVIF at 480, 960 and
// 1600 px, stores them and saves the rows; rounds run one after another, as one editor works.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import { loadConfig } from '../core/config/env.ts';
import { openPglite } from '../core/db/client.ts';
import { createProviders } from '../core/providers/index.ts';
import { createDbOutbox } from '../core/providers/outbox.ts';
import { createServices } from '../core/services.ts';
import { buildApp } from '../server/app.ts';
import { insertCategory, insertProductGroup } from '../tests/factories/catalogue.ts';
import { buildMultipart } from '../tests/factories/media.ts';
import { insertStaff } from '../tests/factories/staff.ts';
import { percentile, type Row } from './support.ts';

/**
 * A camera-like photo: soft noise over a gradient, so it compresses about as a real one does (a flat
 * colour would flatter the encoders), turned by its EXIF orientation as phones store them.
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#${(0x304050 + seed * 0x101010).toString(16)}"/><stop offset="1" stop-color="#e8d8c0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .blur(1.5)
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: grain, blend: 'overlay' }])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function benchMedia(options: { rounds: number; log: (m: string) => void }): Promise<Row[]> {
  const { rounds, log } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-media-'));
  const database = await openPglite(await PGlite.create(path.join(dir, 'pglite')));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
  const services = createServices({ db: database.db, providers, clock: () => new Date() });
  const app = await buildApp({ config, database, services, storefront: false, logger: false });
  try {
    await app.ready();
    const editor = await insertStaff(database.db, { role: 'editor' });
    const { slug } = await insertCategory(database.db);
    const photos = await Promise.all([1, 2, 3].map(phonePhoto));
    log(
      `media: 3 photos of 4032×3024, ${photos.map((p) => (p.length / 1_000_000).toFixed(1)).join(' + ')} MB`,
    );
    const latencies: number[] = [];
    let errors = 0;
    for (let round = 0; round <= rounds; round++) {
      // A fresh product each round, so every save adds its photos after the same two.
      const { id } = await insertProductGroup(database.db, { categorySlug: slug });
      const { version } = await services.productMedia.getProductMedia(id, 'ru');
      const body = await buildMultipart(
        photos.map((data, i) => ({ name: `IMG_${round}${i}.JPG`, type: 'image/jpeg', data })),
      );
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/products/${id}/photos?version=${encodeURIComponent(version)}`,
        headers: { ...editor.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) {
        errors += 1;
        log(`media: round ${round} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      // The first round warms sharp and the database up; it is not counted.
      if (round > 0) latencies.push(ms);
    }
    const sorted = Float64Array.from(latencies).sort();
    const total = latencies.reduce((a, b) => a + b, 0);
    const row: Row = {
      engine: 'pglite',
      catalogue: '—',
      cache: '—',
      case: 'admin: product save with 3 photos (12 MP JPEG → WebP + AVIF at 480/960/1600)',
      connections: 1,
      requests: latencies.length,
      rps: Number((latencies.length / (total / 1000)).toFixed(2)),
      ratio: null,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      errors,
    };
    log(
      `media: product save with 3 photos: p50 ${row.p50.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms over ${row.requests} saves${errors ? `, ${errors} errors` : ''}`,
    );
    return [row];
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const rows = await benchMedia({ rounds: 5, log: console.log });
  console.table(rows);
}
