import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, photoTags, productVideos } from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../../tests/factories/catalogue.ts';
import { buildJpeg, buildMp4, buildMultipart } from '../../../tests/factories/media.ts';
import {
  type InsertedStaff,
  insertShopperSession,
  insertStaff,
  SHOP_ORIGIN,
} from '../../../tests/factories/staff.ts';
import { createMediaTestApp, type MediaTestApp } from '../../../tests/setup/media-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/setup/test-database.ts';

describe.each(engines)('in-place editing on the storefront on %s', (engine) => {
  let database: TestDatabase;
  let t: MediaTestApp;
  let editor: InsertedStaff;
  let admin: InsertedStaff;
  let manager: InsertedStaff;
  let shopperCookie: string;
  let groupId: string;
  let otherId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    t = await createMediaTestApp(database);
    await insertSettings(database.db);
    editor = await insertStaff(database.db, { role: 'editor' });
    admin = await insertStaff(database.db, { role: 'admin' });
    manager = await insertStaff(database.db, { role: 'manager' });
    shopperCookie = (await insertShopperSession(database.db)).cookie;
    const categorySlug = (await insertCategory(database.db)).slug;
    groupId = (await insertProductGroup(database.db, { categorySlug, published: true })).id;
    otherId = (await insertProductGroup(database.db, { categorySlug, published: true })).id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await database.destroy();
  });

  const photo = () => `/media/products/${groupId}-front-960.webp`;
  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = editor.headers,
    lang = 'ru',
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...headers, 'accept-language': lang },
    });
  const fetchTags = async () => {
    const res = await post('/api/tags-fetch', { src: photo(), productID: groupId }, {});
    expect(res.statusCode).toBe(200);
    return res.json() as {
      data: { _id: number; name: string; left: number; maxWidth: number }[];
      version: string;
    };
  };
  const audits = (action: string) => database.db.select().from(auditLog).where(eq(auditLog.action, action));
  const tagRows = () =>
    database.db
      .select()
      .from(photoTags)
      .where(and(eq(photoTags.groupId, groupId), eq(photoTags.src, `products/${groupId}-front`)));

  it('adds, moves, edits and removes a photo’s tags over their version; the product page shows them', async () => {
    // Read once so the product page is in the read cache: the save must drop it.
    expect((await t.services.catalogue.getProductPage(groupId))?.photos[0]?.tags).toEqual([]);
    const { version } = await fetchTags();
    const added = await post('/api/tags-save', {
      src: photo(),
      productID: groupId,
      version,
      tags: [{ left: 30.4, top: 40.6, name: 'Пояс', link: otherId, maxWidth: 120 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const [tag] = added.json().data;
    expect(tag).toMatchObject({ left: 30, top: 41, name: 'Пояс', link: otherId, maxWidth: 120 });
    // A tag naming a product and no link of its own opens that product's page.
    expect(tag.path).toBe(`/products/${otherId}`);
    expect((await t.services.catalogue.getProductPage(groupId))?.photos[0]?.tags).toEqual([
      expect.objectContaining({ name: 'Пояс', left: 30, top: 41 }),
    ]);
    const fetched = await fetchTags();
    expect(fetched.version).toBe(added.json().version);
    expect(fetched.data[0]?.name).toBe('Пояс');

    const moved = await post('/api/tags-save', {
      src: photo(),
      productID: groupId,
      version: fetched.version,
      tags: [
        { _id: tag._id, left: 70, top: 20, name: 'Пояс из кожи', path: '/catalog', link: '', maxWidth: 300 },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual([
      expect.objectContaining({ _id: tag._id, left: 70, top: 20, name: 'Пояс из кожи', path: '/catalog' }),
    ]);
    const [entry] = await audits('product.tags.save').then((rows) => rows.slice(-1));
    expect(entry?.actorLabel).toContain(editor.email);
    expect(entry?.before).toMatchObject({ tags: [expect.objectContaining({ name: 'Пояс' })] });
    expect(entry?.after).toMatchObject({ tags: [expect.objectContaining({ name: 'Пояс из кожи' })] });

    // A save over the version before the move is refused with the tags as they are now.
    const stale = await post('/api/tags-save', {
      src: photo(),
      productID: groupId,
      version: fetched.version,
      tags: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Теги этого фото изменили, пока вы их редактировали: показаны новые');
    expect(stale.json().data[0].name).toBe('Пояс из кожи');
    expect(await tagRows()).toHaveLength(1);

    const removed = await post('/api/tags-save', {
      src: photo(),
      productID: groupId,
      version: moved.json().version,
      tags: [],
    });
    expect(removed.statusCode).toBe(200);
    expect(await tagRows()).toEqual([]);
    expect((await t.services.catalogue.getProductPage(groupId))?.photos[0]?.tags).toEqual([]);
  });

  it('finds a photo’s tags by any rendition of it: an upload’s largest, its .jpg and .avif, absolute or with a query', async () => {
    const upload = 'uploads/0a1b2c3d4e5f60718293-1600';
    await database.db.insert(photoTags).values([
      { groupId, src: upload, left: 10, top: 20, name: 'Ремень' },
      { groupId, src: `products/${groupId}-back`, left: 50, top: 50, name: 'Шарф' },
    ]);
    const names = async (src: string) => {
      const res = await post('/api/tags-fetch', { src, productID: groupId }, {});
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { name: string }[]).map((tag) => tag.name);
    };
    for (const src of [
      `/media/${upload}-1600.webp`,
      `/media/${upload}-480.webp`,
      `/media/${upload}-960.avif`,
      `/media/${upload}-1600.jpg`,
      `https://shop.example/media/${upload}-1600.webp?v=2`,
      upload,
    ])
      expect(await names(src), src).toEqual(['Ремень']);
    for (const src of [
      `/media/products/${groupId}-back-480.webp`,
      `/media/products/${groupId}-back-960.jpg`,
      `products/${groupId}-back`,
    ])
      expect(await names(src), src).toEqual(['Шарф']);
    // A width the photo is not made at names no rendition of it.
    expect(await names(`/media/${upload}-2000.webp`)).toEqual([]);
    await database.db.delete(photoTags).where(eq(photoTags.groupId, groupId));
  });

  it('refuses a width out of range, a link outside the shop, an unknown product or photo, and changes nothing', async () => {
    const { version } = await fetchTags();
    const save = (tag: Record<string, unknown>, lang = 'ru', extra: Record<string, unknown> = {}) =>
      post(
        '/api/tags-save',
        {
          src: photo(),
          productID: groupId,
          version,
          tags: [{ left: 10, top: 10, name: 'Тег', ...tag }],
          ...extra,
        },
        editor.headers,
        lang,
      );
    for (const maxWidth of [310, -10, 15]) {
      const res = await save({ maxWidth });
      expect(res.statusCode, String(maxWidth)).toBe(400);
      expect(res.json().message).toBe('Ширина тега: от 0 до 300 с шагом 10');
    }
    expect((await save({ maxWidth: 310 }, 'en')).json().message).toBe('Tag width: 0 to 300 in steps of 10');
    for (const path of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      '/a b',
      'catalog',
    ]) {
      const res = await save({ path });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toMatch(/^Ссылка тега/);
    }
    const unknown = await save({ link: 'no-such-product' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Товар тега не найден', field: 'tags.0.link' });
    expect((await save({ name: '   ' })).json().message).toBe('Введите текст тега (до 120 знаков)');
    expect((await save({ left: 101 })).json().message).toBe('Тег должен стоять на фото');
    const noPhoto = await save({}, 'ru', { src: `/media/products/${otherId}-front-960.webp` });
    expect(noPhoto.statusCode).toBe(404);
    expect(noPhoto.json().message).toBe('Фото не найдено у этого товара');
    const noVersion = await post('/api/tags-save', { src: photo(), productID: groupId, tags: [] });
    expect(noVersion.statusCode).toBe(400);
    expect(await tagRows()).toEqual([]);
  });

  it('refuses guests, shoppers and managers everywhere, changing nothing', async () => {
    const { version } = await fetchTags();
    const body = { src: photo(), productID: groupId, version, tags: [{ left: 1, top: 1, name: 'x' }] };
    const calls = [
      { method: 'POST' as const, url: '/api/tags-save', payload: body },
      { method: 'POST' as const, url: '/api/fetch-data', payload: {} },
      { method: 'GET' as const, url: '/api/products/delete-video?video=videos/x.mp4' },
      {
        method: 'PUT' as const,
        url: `/api/admin/in-place/products/${groupId}/name`,
        payload: { version: 1, name: { ru: 'x', en: '' } },
      },
    ];
    const before = await audits('product.tags.save');
    for (const call of calls) {
      for (const [who, headers, status] of [
        ['guest', { origin: SHOP_ORIGIN }, 401],
        ['shopper', { origin: SHOP_ORIGIN, cookie: shopperCookie }, 403],
        ['manager', manager.headers, 403],
      ] as const) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.url} as ${who}`).toBe(status);
      }
    }
    expect(await tagRows()).toEqual([]);
    expect(await audits('product.tags.save')).toHaveLength(before.length);
    expect(await audits('catalogue.refresh')).toHaveLength(0);
  });

  async function uploadVideo(id: string, file: { name: string; type: string; data: Buffer }, lang = 'ru') {
    const body = await buildMultipart([file], 'file');
    return t.app.inject({
      method: 'POST',
      url: `/api/products/upload-video?id=${encodeURIComponent(id)}`,
      headers: { ...editor.headers, 'content-type': body.contentType, 'accept-language': lang },
      payload: body.payload,
    });
  }

  it('uploads an mp4 by a product’s (or size’s) id and deletes it by its file; the page shows it', async () => {
    const video = buildMp4(5000);
    const res = await uploadVideo(`${groupId}-M`, { name: 'clip.mp4', type: 'video/mp4', data: video });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe(true);
    const [src] = res.json().videos as string[];
    expect(src).toMatch(/^videos\/[0-9a-f]{20}\.mp4$/);
    expect((await t.services.catalogue.getProductPage(groupId))?.videos).toEqual([src]);
    expect(await t.services.productMedia.store.exists(src as string)).toBe(true);
    expect((await audits('product.video.upload')).at(-1)?.entityId).toBe(groupId);

    // The browser says whether the call is the shop's own: another site's is refused.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/products/delete-video?video=${encodeURIComponent(`/media/${src}`)}`,
      headers: { ...editor.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'GET',
      url: `/api/products/delete-video?video=${encodeURIComponent(`/media/${src}`)}`,
      headers: { ...editor.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ result: true });
    expect((await t.services.catalogue.getProductPage(groupId))?.videos).toEqual([]);
    expect(await t.services.productMedia.store.exists(src as string)).toBe(false);
    expect((await audits('product.video.remove')).at(-1)?.entityId).toBe(groupId);

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/products/delete-video?video=${encodeURIComponent(src as string)}`,
      headers: editor.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Видео не найдено');
  });

  it('refuses a video of the wrong type, one lying about its type, one over 10,000,000 bytes, an unknown product', async () => {
    const wrong = await uploadVideo(groupId, {
      name: 'clip.mov',
      type: 'video/quicktime',
      data: Buffer.from('moov'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Неверный формат файла');
    // A JPEG named and typed as an mp4 is judged by its content.
    const liar = await uploadVideo(groupId, {
      name: 'clip.mp4',
      type: 'video/mp4',
      data: await buildJpeg(40, 40),
    });
    expect(liar.statusCode).toBe(400);
    expect(liar.json().message).toBe('Неверный формат файла');
    const big = await uploadVideo(groupId, {
      name: 'big.mp4',
      type: 'video/mp4',
      data: buildMp4(10_000_000),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Максимальный размер файла 10мб');
    const bigEn = await uploadVideo(
      groupId,
      { name: 'big.mp4', type: 'video/mp4', data: buildMp4(10_000_000) },
      'en',
    );
    expect(bigEn.json().message).toBe('The largest file allowed is 10 MB');
    const unknown = await uploadVideo('no-such-product', {
      name: 'clip.mp4',
      type: 'video/mp4',
      data: buildMp4(100),
    });
    expect(unknown.statusCode).toBe(404);
    expect(await database.db.$count(productVideos, eq(productVideos.groupId, groupId))).toBe(0);
    expect(await t.services.productMedia.store.list('videos/')).toEqual([]);
  });

  it('refreshes the shop’s data for an editor and records who did', async () => {
    const res = await post('/api/fetch-data', {}, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, imports: 0 });
    expect((await audits('catalogue.refresh')).at(-1)?.actorLabel).toContain(admin.email);
  });

  it('renames, reorders and relinks menu items and labels over the settings’ stamp', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/in-place/menus',
      headers: editor.headers,
    });
    expect(read.statusCode).toBe(200);
    const menus = read.json().menus;
    const header = menus.header.menu as { name: { ru: string; en: string }; path: string }[];
    expect(header.length).toBeGreaterThan(0);
    // A new item put first, before the items there were.
    const reordered = [
      { name: { ru: 'Новинки недели', en: 'New this week' }, path: '/catalog/collection/new' },
      ...header,
    ];
    const put = (values: unknown, updatedAt = menus.updatedAt) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/in-place/menus',
        headers: editor.headers,
        payload: { updatedAt, values },
      });
    const saved = await put({ header: { menu: reordered }, phoneLabel: { ru: 'Звоните', en: 'Call us' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const shop = await t.services.settings.getShopSettings();
    expect(shop.ui.header.menu[0]?.name.ru).toBe('Новинки недели');
    expect(shop.ui.header.menu.map((item) => item.path)).toEqual(reordered.map((item) => item.path));
    expect(shop.ui.phoneLabel.ru).toBe('Звоните');
    expect((await audits('settings.update')).at(-1)?.actorLabel).toContain(editor.email);

    const stale = await put({ phoneLabel: { ru: 'Телефон', en: 'Phone' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.document.phoneLabel.ru).toBe('Звоните');
    const next = saved.json().menus.updatedAt;
    const badPath = await put(
      { header: { menu: [{ name: { ru: 'X', en: '' }, path: 'javascript:alert(1)' }] } },
      next,
    );
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().message).toBe(
      'Ссылка — адрес страницы магазина, начиная с «/», или адрес https://',
    );
    const noName = await put({ header: { menu: [{ name: { ru: ' ', en: '' }, path: '/catalog' }] } }, next);
    expect(noName.json().message).toBe('Введите название пункта (до 80 знаков)');
    // Only the menus and labels: other settings are not an editor's.
    const other = await put({ moscowDeliveryPrice: 0 }, next);
    expect(other.statusCode).toBe(400);
    expect((await t.services.settings.getShopSettings()).ui.header.menu[0]?.name.ru).toBe('Новинки недели');
  });

  it('renames a product over its version through the back office’s update, keeping the rest', async () => {
    const before = await t.services.catalogueAdmin.getProduct(groupId, 'ru');
    const rename = (version: number, name: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/in-place/products/${groupId}/name`,
        headers: editor.headers,
        payload: { version, name },
      });
    const done = await rename(before.product.version, { ru: 'Платье миди', en: 'Midi dress' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      name: { ru: 'Платье миди', en: 'Midi dress' },
      version: before.product.version + 1,
    });
    const after = await t.services.catalogueAdmin.getProduct(groupId, 'ru');
    expect({ ...after.product, name: before.product.name, version: 0, updatedAt: null }).toEqual({
      ...before.product,
      version: 0,
      updatedAt: null,
    });
    expect(after.variants).toEqual(before.variants);
    expect((await t.services.catalogue.getProductPage(groupId))?.name.ru).toBe('Платье миди');
    const stale = await rename(before.product.version, { ru: 'Другое', en: '' });
    expect(stale.statusCode).toBe(409);
    const empty = await rename(after.product.version, { ru: '', en: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Введите название (до 200 знаков)');
  });
});
