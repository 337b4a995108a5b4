import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config/env.ts';
import { createTestDatabase, type TestDatabase } from '../tests/setup/test-database.ts';
import { createDemoPhotoDrawer } from './demo-photos.ts';
import { demoPhotos } from './seed-demo.ts';

const [first] = demoPhotos();
if (!first) throw new Error('the demo has photos');

describe('demo photos drawn on their first request', () => {
  it('draws a missing demo rendition once, even for concurrent requests, and keeps it on disk', async () => {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-photos-'));
    const ensure = createDemoPhotoDrawer(mediaDir);
    const file = path.join(mediaDir, `${first.stem}-480.webp`);
    await Promise.all([
      ensure(`${first.stem}-480.webp`),
      ensure(`${first.stem}-480.webp`),
      ensure(`${first.stem}-960.webp`),
    ]);
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 480]);
    expect((await sharp(path.join(mediaDir, `${first.stem}-960.webp`)).metadata()).width).toBe(960);
    const drawnAt = fs.statSync(file).mtimeMs;
    await createDemoPhotoDrawer(mediaDir)(`${first.stem}-480.webp`);
    expect(fs.statSync(file).mtimeMs).toBe(drawnAt);
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('leaves names that are not the demo’s alone', async () => {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-photos-'));
    const ensure = createDemoPhotoDrawer(mediaDir);
    await ensure('products/an-operator-upload-front-480.webp');
    await ensure(`${first.stem}-123.webp`);
    await ensure(`../${first.stem}-480.webp`);
    expect(fs.readdirSync(mediaDir)).toEqual([]);
  });
});

describe('the media route', () => {
  let database: TestDatabase;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-media-'));
  let app: Awaited<ReturnType<typeof import('../server/app.ts').buildApp>>;
  beforeAll(async () => {
    const { buildApp } = await import('../server/app.ts');
    const { createFolderStore } = await import('../core/media/folder-store.ts');
    database = await createTestDatabase('pglite');
    app = await buildApp({
      config: loadConfig({ MEDIA_DIR: mediaDir, LOG_LEVEL: 'silent' }),
      database,
      // Only what the media route reads: the store over the media folder.
      services: { productMedia: { store: createFolderStore(mediaDir) } } as never,
      storefront: false,
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  it('answers a demo photo not drawn yet with the picture, and an unknown one with 404', async () => {
    const res = await app.inject({ method: 'GET', url: `/media/${first.stem}-480.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(
      (await app.inject({ method: 'GET', url: '/media/products/nothing-front-480.webp' })).statusCode,
    ).toBe(404);
  });
});
