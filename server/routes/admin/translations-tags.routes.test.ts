import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tagName } from '../../../core/catalogue/tag-names.rules.ts';
import { looks, photoTags } from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('tags’ English names on the translations page on %s', (engine) => {
  const t = useStaffApp(engine, ['editor'], {
    seed: async () => {
      const db = t.database.db;
      const category = await insertCategory(db, { slug: 'dresses' });
      // Translated in full, so only the tags below lack English.
      await insertProductGroup(db, { id: 'silk-dress', categorySlug: category.slug });
      const [belt] = await db
        .insert(photoTags)
        .values([
          { groupId: 'silk-dress', src: 'products/silk-dress-front', left: 10, top: 20, name: 'Пояс' },
          // Translated already, and one without text: neither lacks anything.
          {
            groupId: 'silk-dress',
            src: 'products/silk-dress-front',
            left: 30,
            top: 40,
            name: 'Шарф',
            nameEn: 'Scarf',
          },
        ])
        .returning();
      beltId = belt?.id ?? 0;
      await db.insert(looks).values({
        id: 'look-1',
        src: 'looks/one.jpg',
        tags: [
          { left: 5, top: 5, name: 'Платье', productID: 'silk-dress', link: '', maxWidth: 0 },
          { left: 50, top: 50, name: '', productID: 'silk-dress', link: '', maxWidth: 0 },
        ],
      });
    },
  });
  let beltId = 0;

  const list = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/translations${query}`, headers: t.editor.headers });
  const save = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/translations', headers: t.editor.headers, payload: body });

  it('counts a photo tag without an English name, and the list shrinks once it is translated', async () => {
    const before = (await list('?kind=photoTag')).json();
    expect(before.counts).toMatchObject({ photoTag: 1, lookTag: 1 });
    expect(before.texts).toEqual([
      {
        kind: 'photoTag',
        id: String(beltId),
        field: 'name',
        title: expect.any(String),
        ru: 'Пояс',
        version: expect.any(String),
        record: 'silk-dress',
      },
    ]);
    const [text] = before.texts;

    // A stale version is refused with the tag as it is now.
    const stale = await save({ ...text, en: 'Belt', version: 'no-such-version' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: text.version, ru: 'Пояс', en: '' });

    const saved = await save({
      kind: 'photoTag',
      id: text.id,
      field: 'name',
      en: 'Belt',
      version: text.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().en).toBe('Belt');
    const after = (await list('?kind=photoTag')).json();
    expect(after.counts.photoTag).toBe(0);
    expect(after.total).toBe(before.total - 1);
    expect(after.texts).toEqual([]);

    // The Russian stays; the English edition's product page reads the English name.
    const [row] = await t.database.db.select().from(photoTags).where(eq(photoTags.id, beltId));
    expect(row).toMatchObject({ name: 'Пояс', nameEn: 'Belt' });
    const page = await t.services.catalogue.getProductPage('silk-dress');
    const tags = page?.photos.flatMap((p) => p.tags) ?? [];
    // The page lists the photos the group has; the tags' own read is the same rows.
    const read = tags.length > 0 ? tags : await t.services.catalogue.listPhotoTags('silk-dress');
    const belt = read.find((tag) => tag.id === beltId);
    expect(belt && tagName(belt, 'en')).toBe('Belt');
    expect(belt && tagName(belt, 'ru')).toBe('Пояс');
  });

  it('counts a look tag without an English name, saves it over the look’s version, and the looks read it', async () => {
    const before = (await list('?kind=lookTag')).json();
    expect(before.counts.lookTag).toBe(1);
    expect(before.texts).toEqual([
      expect.objectContaining({
        kind: 'lookTag',
        id: 'look-1:0',
        field: 'name',
        ru: 'Платье',
        record: 'look-1',
      }),
    ]);
    const [text] = before.texts;
    const saved = await save({
      kind: 'lookTag',
      id: text.id,
      field: 'name',
      en: 'Dress',
      version: text.version,
    });
    expect(saved.statusCode).toBe(200);
    // The old version is stale now.
    expect((await save({ ...text, en: 'Frock' })).statusCode).toBe(409);
    const after = (await list('?kind=lookTag')).json();
    expect(after.counts.lookTag).toBe(0);
    expect(after.texts).toEqual([]);

    const [look] = await t.services.customPages.listLooks();
    const [dress] = look?.tags ?? [];
    expect(dress).toMatchObject({ name: 'Платье', nameEn: 'Dress' });
    expect(dress && tagName(dress, 'en')).toBe('Dress');
    expect(
      (await save({ kind: 'lookTag', id: 'look-1:7', field: 'name', en: 'X', version: 'x' })).statusCode,
    ).toBe(404);
  });

  it('keeps a tag’s English name through the in-place editor’s save', async () => {
    const fetched = await t.app.inject({
      method: 'POST',
      url: '/api/tags-fetch',
      payload: { src: 'products/silk-dress-front', productID: 'silk-dress' },
    });
    const data = fetched.json().data as { _id: number; name: string; nameEn: string }[];
    expect(data.find((tag) => tag._id === beltId)).toMatchObject({ name: 'Пояс', nameEn: 'Belt' });
  });
});
