import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productPhotos, productVideos } from '../../../core/db/schema/index.ts';
import { imageQueue } from '../../../core/media/image-pipeline.ts';
import { MAX_PHOTO_BYTES } from '../../../core/media/media.rules.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { buildJpeg, buildMp4, buildMultipart, heicSample } from '../../../tests/factories/media.ts';
import {
  type InsertedStaff,
  insertShopperSession,
  insertStaff,
  SHOP_ORIGIN,
} from '../../../tests/factories/staff.ts';
import { createMediaTestApp, type MediaTestApp } from '../../../tests/setup/media-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/setup/test-database.ts';

describe.each(engines)('product photos and videos in the back office on %s', (engine) => {
  let database: TestDatabase;
  let t: MediaTestApp;
  let editor: InsertedStaff;
  let manager: InsertedStaff;
  let groupId: string;
  let categorySlug: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    t = await createMediaTestApp(database);
    editor = await insertStaff(database.db, { role: 'editor' });
    manager = await insertStaff(database.db, { role: 'manager' });
    categorySlug = (await insertCategory(database.db)).slug;
    groupId = (await insertProductGroup(database.db, { categorySlug })).id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await database.destroy();
  });

  const store = () => t.services.productMedia.store;
  const getMedia = async (id = groupId) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${id}/media`,
      headers: editor.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().media as {
      version: string;
      photos: { id: number; src: string; width: number; height: number }[];
      videos: { id: number; src: string }[];
    };
  };
  async function upload(
    url: string,
    files: { name: string; type: string; data: Buffer }[],
    staff: { cookie?: string; origin: string } = editor.headers,
    lang = 'ru',
  ) {
    const body = await buildMultipart(files);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...staff, 'content-type': body.contentType, 'accept-language': lang },
      payload: body.payload,
    });
  }
  const cardPhotos = async (id = groupId) => (await t.services.catalogue.listGroupsByIds([id]))[0]?.photos;

  it('refuses guests, shoppers and managers; an editor may read the media', async () => {
    const guest = await t.app.inject({ method: 'GET', url: `/api/admin/products/${groupId}/media` });
    expect(guest.statusCode).toBe(401);
    const shopper = await insertShopperSession(database.db);
    const asShopper = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${groupId}/media`,
      headers: { cookie: shopper.cookie },
    });
    expect(asShopper.statusCode).toBe(403);
    const { version } = await getMedia();
    const jpeg = await buildJpeg(600, 800);
    const asManager = await upload(
      `/api/admin/products/${groupId}/photos?version=${version}`,
      [{ name: 'a.jpg', type: 'image/jpeg', data: jpeg }],
      manager.headers,
    );
    expect(asManager.statusCode).toBe(403);
    expect(await store().list('uploads/')).toEqual([]);
    expect((await getMedia()).photos).toHaveLength(2);
  });

  it('uploads several photos at once (JPEG and HEIC), stores WebP and AVIF renditions and shows them at once', async () => {
    expect(await cardPhotos()).toEqual([`products/${groupId}-front`, `products/${groupId}-back`]);
    const before = await getMedia();
    const jpeg = await sharp({ create: { width: 2000, height: 2500, channels: 3, background: '#a03020' } })
      .jpeg()
      .withExif({ IFD0: { Model: 'Secret Phone' } })
      .toBuffer();
    const res = await upload(`/api/admin/products/${groupId}/photos?version=${before.version}`, [
      { name: 'IMG_0001.JPG', type: 'image/jpeg', data: jpeg },
      { name: 'IMG_0002.HEIC', type: 'image/heic', data: heicSample() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const media = res.json().media;
    expect(media.version).not.toBe(before.version);
    expect(media.photos).toHaveLength(4);
    const [big, small] = media.photos.slice(2);
    expect(big.src).toMatch(/^uploads\/[0-9a-f]{20}-1600$/);
    expect([big.width, big.height]).toEqual([1600, 2000]);
    expect(small.src).toMatch(/^uploads\/[0-9a-f]{20}-64$/);
    expect((await store().list(`${big.src}-`)).sort()).toEqual(
      [480, 960, 1600].flatMap((w) => [`${big.src}-${w}.avif`, `${big.src}-${w}.webp`]).sort(),
    );
    const avif = await t.app.inject({ method: 'GET', url: `/media/${big.src}-960.avif` });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.rawPayload.includes(Buffer.from('Secret Phone'))).toBe(false);
    // The listing's read cache was dropped: the new photos are on the card at once.
    expect(await cardPhotos()).toEqual([
      `products/${groupId}-front`,
      `products/${groupId}-back`,
      big.src,
      small.src,
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, groupId), eq(auditLog.action, 'product.photos.upload')));
    expect(entry?.actorId).toBe(editor.userId);
  });

  it('refuses a text file named .jpg, and stores nothing of an upload with one bad file', async () => {
    const before = await getMedia();
    const stored = (await store().list('uploads/')).length;
    const res = await upload(`/api/admin/products/${groupId}/photos?version=${before.version}`, [
      { name: 'good.jpg', type: 'image/jpeg', data: await buildJpeg(500, 600) },
      { name: 'notes.jpg', type: 'image/jpeg', data: Buffer.from('these are my notes, not a photo') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'files', message: expect.stringContaining('notes.jpg') });
    expect(res.json().message).toContain('неверный формат файла');
    expect((await store().list('uploads/')).length).toBe(stored);
    expect(await getMedia()).toEqual(before);
  });

  it('refuses a file lying about its type: an mp4 sent as a JPEG photo, an HTML page as a PNG', async () => {
    const { version } = await getMedia();
    for (const file of [
      { name: 'photo.jpg', type: 'image/jpeg', data: buildMp4() },
      { name: 'photo.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]) {
      const res = await upload(
        `/api/admin/products/${groupId}/photos?version=${version}`,
        [file],
        editor.headers,
        'en',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('wrong file format');
    }
  });

  it('refuses a malformed or cut-off form with 400, not a server error', async () => {
    const { version } = await getMedia();
    for (const [type, body] of [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=xyz', 'no part starts'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\ncut off',
      ],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/products/${groupId}/photos?version=${version}`,
        headers: { ...editor.headers, 'content-type': type },
        payload: body,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
      expect(res.json().field).toBe('files');
    }
    expect((await getMedia()).version).toBe(version);
  });

  it('refuses a photo over the byte limit while it streams in', async () => {
    const { version, photos } = await getMedia();
    const huge = Buffer.concat([await buildJpeg(100, 100), Buffer.alloc(MAX_PHOTO_BYTES, 1)]);
    const res = await upload(`/api/admin/products/${groupId}/photos?version=${version}`, [
      { name: 'huge.jpg', type: 'image/jpeg', data: huge },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('максимальный размер файла');
    expect((await getMedia()).photos).toEqual(photos);
  });

  it('refuses photos larger together than one upload takes while they stream in', async () => {
    const { version, photos } = await getMedia();
    // Each within the 25 MB of a photo, 61.5 MB together (past the 60 of an upload).
    const padded = Buffer.concat([await buildJpeg(100, 100), Buffer.alloc(20_500_000, 1)]);
    const res = await upload(
      `/api/admin/products/${groupId}/photos?version=${version}`,
      ['a', 'b', 'c'].map((n) => ({ name: `${n}.jpg`, type: 'image/jpeg', data: padded })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Вместе файлы больше 60 МБ: загрузите их в несколько приёмов');
    expect((await getMedia()).photos).toEqual(photos);
  });

  /** A small single-colour PNG whose header claims `width`×`height`: decoding it would fail. */
  async function claimedPng(width: number, height: number) {
    const png = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(width, 16);
    png.writeUInt32BE(height, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    return png;
  }

  it('refuses a photo whose header says it is beyond the pixel limit, before decoding it', async () => {
    const { version, photos } = await getMedia();
    const started = imageQueue.stats().started;
    const res = await upload(`/api/admin/products/${groupId}/photos?version=${version}`, [
      { name: 'bomb.png', type: 'image/png', data: await claimedPng(8000, 8000) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('«bomb.png»: слишком много пикселей (не больше 50 млн)');
    // Not one image job started: the header alone refused it.
    expect(imageQueue.stats().started).toBe(started);
    expect((await getMedia()).photos).toEqual(photos);
  });

  it('refuses photos that together pass the pixel budget of one upload, before decoding any', async () => {
    const { version, photos } = await getMedia();
    const started = imageQueue.stats().started;
    // Each 49 megapixels (within the 50 of one photo), 147 together (past the 120 of an upload).
    const big = await claimedPng(7000, 7000);
    const res = await upload(
      `/api/admin/products/${groupId}/photos?version=${version}`,
      ['a', 'b', 'c'].map((n) => ({ name: `${n}.png`, type: 'image/png', data: big })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'В изображениях вместе больше 120 млн пикселей: загрузите их в несколько приёмов',
    );
    expect(imageQueue.stats().started).toBe(started);
    expect((await getMedia()).photos).toEqual(photos);
  });

  it('reorders the photos, makes one the first, and refuses an order that leaves one out', async () => {
    const media = await getMedia();
    const ids = media.photos.map((p) => p.id);
    const reversed = [...ids].reverse();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${groupId}/photos/order`,
      headers: editor.headers,
      payload: { version: media.version, photoIds: reversed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media.photos.map((p: { id: number }) => p.id)).toEqual(reversed);
    expect((await cardPhotos())?.[0]).toBe(media.photos[media.photos.length - 1]?.src);

    const partial = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${groupId}/photos/order`,
      headers: editor.headers,
      payload: { version: res.json().media.version, photoIds: reversed.slice(1) },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().field).toBe('photoIds');

    const front = media.photos[0] as { id: number; src: string };
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${groupId}/photos/${front.id}/first`,
      headers: editor.headers,
      payload: { version: res.json().media.version },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().media.photos.map((p: { id: number }) => p.id)).toEqual([
      front.id,
      ...reversed.filter((id) => id !== front.id),
    ]);
    expect((await cardPhotos())?.[0]).toBe(front.src);
  });

  it('refuses a change made against an older version with 409 and the newer photos', async () => {
    const media = await getMedia();
    const ids = media.photos.map((p) => p.id);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${groupId}/photos/order`,
      headers: editor.headers,
      payload: { version: media.version, photoIds: [...ids.slice(1), ids[0]] },
    });
    expect(ok.statusCode).toBe(200);
    const stored = (await store().list('uploads/')).length;
    // A second editor still holding the old version.
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${groupId}/photos/order`,
      headers: editor.headers,
      payload: { version: media.version, photoIds: ids },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.photos.map((p: { id: number }) => p.id)).toEqual([...ids.slice(1), ids[0]]);
    expect(stale.json().current.version).toBe(ok.json().media.version);
    const staleUpload = await upload(`/api/admin/products/${groupId}/photos?version=${media.version}`, [
      { name: 'late.jpg', type: 'image/jpeg', data: await buildJpeg(500, 600) },
    ]);
    expect(staleUpload.statusCode).toBe(409);
    expect((await store().list('uploads/')).length).toBe(stored);
    expect((await getMedia()).photos.map((p) => p.id)).toEqual([...ids.slice(1), ids[0]]);
  });

  it('deletes a photo with its files', async () => {
    const media = await getMedia();
    const uploaded = media.photos.find((p) => p.src.startsWith('uploads/')) as { id: number; src: string };
    expect((await store().list(`${uploaded.src}-`)).length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${groupId}/photos/${uploaded.id}?version=${media.version}`,
      headers: editor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().media.photos.map((p: { id: number }) => p.id)).not.toContain(uploaded.id);
    expect(await store().list(`${uploaded.src}-`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/media/${uploaded.src}-480.webp` })).statusCode).toBe(
      404,
    );
    expect(await cardPhotos()).not.toContain(uploaded.src);
  });

  it('uploads an mp4 video checked by its content, serves it in ranges, and deletes it', async () => {
    const { version } = await getMedia();
    const video = buildMp4(4000);
    const res = await upload(`/api/admin/products/${groupId}/videos?version=${version}`, [
      { name: 'clip.mp4', type: 'video/mp4', data: video },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [clip] = res.json().media.videos;
    expect(clip.src).toMatch(/^videos\/[0-9a-f]{20}\.mp4$/);
    const whole = await t.app.inject({ method: 'GET', url: `/media/${clip.src}` });
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/media/${clip.src}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect((await t.services.catalogue.getProductPage(groupId))?.videos).toEqual([clip.src]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${groupId}/videos/${clip.id}?version=${res.json().media.version}`,
      headers: editor.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().media.videos).toEqual([]);
    expect(await store().exists(clip.src)).toBe(false);
    expect(await database.db.$count(productVideos, eq(productVideos.groupId, groupId))).toBe(0);
  });

  it("refuses a video that is not an mp4 or is over 10,000,000 bytes with the spec's messages", async () => {
    const { version } = await getMedia();
    const url = `/api/admin/products/${groupId}/videos?version=${version}`;
    const fake = await upload(url, [
      { name: 'clip.mp4', type: 'video/mp4', data: Buffer.from('not a video') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Неверный формат файла');
    const heic = await upload(
      url,
      [{ name: 'clip.mp4', type: 'video/mp4', data: heicSample() }],
      editor.headers,
      'en',
    );
    expect(heic.json().message).toBe('Wrong file format: only mp4 videos are accepted');
    const big = await upload(url, [{ name: 'big.mp4', type: 'video/mp4', data: buildMp4(10_000_000) }]);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Максимальный размер файла 10мб');
    const bigEn = await upload(
      url,
      [{ name: 'big.mp4', type: 'video/mp4', data: buildMp4(10_000_000) }],
      editor.headers,
      'en',
    );
    expect(bigEn.json().message).toBe('The largest file allowed is 10 MB');
    expect(await store().list('videos/')).toEqual([]);
    expect((await getMedia()).videos).toEqual([]);
  });

  it('uploads a page image and answers its src, size and address', async () => {
    const res = await upload('/api/admin/media/images', [
      {
        name: 'banner.png',
        type: 'image/png',
        data: await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#336699' } })
          .png()
          .toBuffer(),
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ result: true, width: 1200, height: 600 });
    expect(body.src).toMatch(/^uploads\/[0-9a-f]{20}-1200$/);
    expect(body.url).toBe(`/media/${body.src}-1200.webp`);
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const asManager = await upload(
      '/api/admin/media/images',
      [{ name: 'x.png', type: 'image/png', data: await buildJpeg(10, 10) }],
      manager.headers,
    );
    expect(asManager.statusCode).toBe(403);
  });

  it('refuses a change from another site even with the staff cookie', async () => {
    const { version } = await getMedia();
    const res = await upload(
      `/api/admin/products/${groupId}/photos?version=${version}`,
      [{ name: 'a.jpg', type: 'image/jpeg', data: await buildJpeg(100, 100) }],
      { cookie: editor.headers.cookie, origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(SHOP_ORIGIN).toBe(editor.headers.origin);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/no-such/media',
      headers: editor.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await database.db.select().from(productPhotos).where(eq(productPhotos.groupId, 'no-such'))).length,
    ).toBe(0);
  });
});
