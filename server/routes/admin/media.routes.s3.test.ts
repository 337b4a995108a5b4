import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../core/config/env.ts';
import { createS3Store } from '../../../core/media/s3-store.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { buildJpeg, buildMultipart } from '../../../tests/factories/media.ts';
import { type InsertedStaff, insertStaff } from '../../../tests/factories/staff.ts';
import { type LocalS3, startLocalS3 } from '../../../tests/fakes/s3-server.ts';
import { createMediaTestApp, type MediaTestApp } from '../../../tests/setup/media-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/setup/test-database.ts';

describe('media store in an S3-compatible bucket', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3('store-ops');
  });
  afterAll(async () => {
    await s3.close();
  });
  const store = () =>
    createS3Store({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });

  it('puts, reads, streams a range of, lists and deletes objects', async () => {
    const media = store();
    const body = Buffer.from('0123456789abcdef');
    await media.put('uploads/a-480.webp', body, 'image/webp');
    await media.put('uploads/a-960.webp', body, 'image/webp');
    await media.put('videos/b.mp4', body, 'video/mp4');
    expect(await media.exists('uploads/a-480.webp')).toBe(true);
    expect(await media.exists('uploads/none.webp')).toBe(false);
    expect((await media.get('uploads/a-480.webp'))?.equals(body)).toBe(true);
    expect(await media.get('uploads/none.webp')).toBeNull();
    expect((await media.list('uploads/a-')).sort()).toEqual(['uploads/a-480.webp', 'uploads/a-960.webp']);
    const part = await media.stream('videos/b.mp4', { start: 4, end: 7 });
    expect(part).toMatchObject({
      size: 4,
      totalSize: 16,
      range: { start: 4, end: 7 },
      contentType: 'video/mp4',
    });
    const chunks: Buffer[] = [];
    for await (const c of part?.body ?? []) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).toString()).toBe('4567');
    await media.delete(['uploads/a-480.webp', 'uploads/a-960.webp', 'uploads/never-there.webp']);
    expect(await media.list('uploads/')).toEqual([]);
    expect(await media.stream('uploads/a-480.webp')).toBeNull();
  });

  it('refuses keys that leave the store', async () => {
    await expect(store().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Not a media key/,
    );
    await expect(store().get('/abs/key.webp')).rejects.toThrow(/Not a media key/);
  });

  it('stops the start naming each missing variable when MEDIA_STORE=s3', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_ACCESS_KEY_ID: 'k' })).toThrow(ConfigError);
    try {
      loadConfig({ MEDIA_STORE: 's3', S3_ACCESS_KEY_ID: 'k' });
    } catch (error) {
      expect((error as Error).message).toContain('S3_BUCKET: must be set when MEDIA_STORE=s3');
      expect((error as Error).message).toContain('S3_SECRET_ACCESS_KEY: must be set when MEDIA_STORE=s3');
      expect((error as Error).message).not.toContain('S3_ACCESS_KEY_ID');
    }
    expect(() => loadConfig({ MEDIA_STORE: 'bucket' })).toThrow(/MEDIA_STORE: must be folder or s3/);
    expect(loadConfig({}).media.kind).toBe('folder');
  });
});

describe.each(engines)('two shop instances on one bucket on %s', (engine) => {
  let s3: LocalS3;
  let database: TestDatabase;
  let one: MediaTestApp;
  let two: MediaTestApp;
  let editor: InsertedStaff;
  let groupId: string;

  beforeAll(async () => {
    s3 = await startLocalS3('shared-media');
    database = await createTestDatabase(engine);
    one = await createMediaTestApp(database, s3.env);
    two = await createMediaTestApp(database, s3.env);
    editor = await insertStaff(database.db, { role: 'editor' });
    const { slug } = await insertCategory(database.db);
    groupId = (await insertProductGroup(database.db, { categorySlug: slug })).id;
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.destroy();
    await s3?.close();
  });

  it('shows a photo uploaded through one instance on the other, and a deletion on both', async () => {
    const media = await one.app.inject({
      method: 'GET',
      url: `/api/admin/products/${groupId}/media`,
      headers: editor.headers,
    });
    const body = await buildMultipart([
      { name: 'p.jpg', type: 'image/jpeg', data: await buildJpeg(1000, 1250) },
    ]);
    const uploaded = await one.app.inject({
      method: 'POST',
      url: `/api/admin/products/${groupId}/photos?version=${media.json().media.version}`,
      headers: { ...editor.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const photo = uploaded.json().media.photos.at(-1) as { id: number; src: string };
    const viaOne = await one.app.inject({ method: 'GET', url: `/media/${photo.src}-960.avif` });
    const viaTwo = await two.app.inject({ method: 'GET', url: `/media/${photo.src}-960.avif` });
    expect(viaTwo.statusCode).toBe(200);
    expect(viaTwo.headers['content-type']).toBe('image/avif');
    expect(viaTwo.headers['cache-control']).toBe('public, max-age=604800');
    expect(viaTwo.rawPayload.equals(viaOne.rawPayload)).toBe(true);
    expect(viaTwo.rawPayload.length).toBeGreaterThan(100);
    // A validator: the second look costs nothing.
    const again = await two.app.inject({
      method: 'GET',
      url: `/media/${photo.src}-960.avif`,
      headers: { 'if-none-match': String(viaTwo.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const part = await two.app.inject({
      method: 'GET',
      url: `/media/${photo.src}-960.avif`,
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${viaOne.rawPayload.length}`);
    expect(part.rawPayload.equals(viaOne.rawPayload.subarray(10, 20))).toBe(true);
    const beyond = await two.app.inject({
      method: 'GET',
      url: `/media/${photo.src}-960.avif`,
      headers: { range: 'bytes=99999999-' },
    });
    expect(beyond.statusCode).toBe(416);

    const listed = await two.app.inject({
      method: 'GET',
      url: `/api/admin/products/${groupId}/media`,
      headers: editor.headers,
    });
    const removed = await two.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${groupId}/photos/${photo.id}?version=${listed.json().media.version}`,
      headers: editor.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await one.app.inject({ method: 'GET', url: `/media/${photo.src}-960.avif` })).statusCode).toBe(
      404,
    );
  });

  it('draws a demo photo on its first request into the bucket, where the other instance finds it', async () => {
    const first = await one.app.inject({ method: 'GET', url: '/media/banners/hero-800.webp' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await one.services.productMedia.store.exists('banners/hero-800.webp')).toBe(true);
    const other = await two.app.inject({ method: 'GET', url: '/media/banners/hero-800.webp' });
    expect(other.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await one.app.inject({ method: 'GET', url: '/media/banners/none-800.webp' })).statusCode).toBe(
      404,
    );
    expect((await one.app.inject({ method: 'GET', url: '/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });

  it('redirects /media to the public address of the bucket when one is configured', async () => {
    const cdn = await createMediaTestApp(database, {
      ...s3.env,
      MEDIA_PUBLIC_URL: 'https://cdn.example/media/',
    });
    try {
      const res = await cdn.app.inject({ method: 'GET', url: '/media/uploads/x-480.webp' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://cdn.example/media/uploads/x-480.webp');
    } finally {
      await cdn.close();
    }
  });
});
