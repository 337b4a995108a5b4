import { describe, expect, it } from 'vitest';
import { customPages } from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { insertStaff } from '../../../tests/factories/staff.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('the English edition’s missing texts on %s', (engine) => {
  const t = useStaffApp(engine, ['editor'], {
    seed: async () => {
      const db = t.database.db;
      // A category named in both editions; one whose English name is missing.
      const category = await insertCategory(db, { slug: 'dresses' });
      await insertCategory(db, { slug: 'knitwear', name: { ru: 'Трикотаж', en: '' } });
      // A product lacking its English name and description (an empty Russian care text lacks nothing);
      // another translated in full.
      await insertProductGroup(db, {
        id: 'linen-dress',
        categorySlug: category.slug,
        name: { ru: 'Льняное платье', en: '' },
        description: { ru: 'Платье из льна', en: ' ' },
        care: { ru: '', en: '' },
      });
      await insertProductGroup(db, { id: 'wool-coat', categorySlug: category.slug });
      await db.insert(customPages).values({
        id: 'page-about',
        slug: 'about',
        title: { ru: 'О нас', en: 'About us' },
        sections: [{ kind: 'text', title: { ru: 'История', en: '' }, body: { ru: 'Текст', en: 'Text' } }],
      });
    },
  });

  const list = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/translations${query}`, headers: t.editor.headers });
  const save = (body: Record<string, unknown>, headers = t.editor.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/translations', headers, payload: body });

  it('counts what the English edition lacks per kind and lists the texts of a kind', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toEqual({
      product: 2,
      category: 1,
      collection: 0,
      page: 1,
      photoTag: 0,
      lookTag: 0,
    });
    expect(res.json().total).toBe(4);
    expect(res.json().kind).toBe('product');
    expect(res.json().texts).toEqual([
      {
        kind: 'product',
        id: 'linen-dress',
        field: 'name',
        title: 'Льняное платье',
        ru: 'Льняное платье',
        version: 1,
      },
      {
        kind: 'product',
        id: 'linen-dress',
        field: 'description',
        title: 'Льняное платье',
        ru: 'Платье из льна',
        version: 1,
      },
    ]);
    const pages = await list('?kind=page');
    expect(pages.json().texts).toEqual([
      expect.objectContaining({ id: 'page-about', field: 'sections.0.title', ru: 'История' }),
    ]);
  });

  it('saving a product’s English texts makes its count drop, and the English edition shows them', async () => {
    expect(
      (
        await save({ kind: 'product', id: 'linen-dress', field: 'name', en: 'Linen dress', version: 1 })
      ).json(),
    ).toMatchObject({ version: 2, en: 'Linen dress' });
    expect((await list()).json().counts.product).toBe(1);
    const saved = await save({
      kind: 'product',
      id: 'linen-dress',
      field: 'description',
      en: 'A dress of linen',
      version: 2,
    });
    expect(saved.statusCode).toBe(200);
    const after = (await list()).json();
    expect(after.counts.product).toBe(0);
    expect(after.total).toBe(2);
    // The English edition reads the new name at once (the save dropped the cached product).
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/group-by-id?lang=en',
      payload: { _id: 'linen-dress' },
    });
    expect(group.json().name).toBe('Linen dress');
  });

  it('refuses a save over a newer version with the current text (409), and nothing changes', async () => {
    const res = await save({ kind: 'category', id: 'knitwear', field: 'name', en: 'Knitwear', version: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json().current).toMatchObject({ version: 1, ru: 'Трикотаж', en: '' });
    expect((await list()).json().counts.category).toBe(1);
    expect(
      (await save({ kind: 'category', id: 'knitwear', field: 'name', en: 'Knitwear', version: 1 }))
        .statusCode,
    ).toBe(200);
    expect((await list()).json().counts.category).toBe(0);
  });

  it('saves a page section’s English over the page’s updatedAt', async () => {
    const [text] = (await list('?kind=page')).json().texts;
    const res = await save({
      kind: 'page',
      id: 'page-about',
      field: 'sections.0.title',
      en: 'Our story',
      version: text.version,
    });
    expect(res.statusCode).toBe(200);
    expect((await list()).json().counts.page).toBe(0);
    const again = await save({
      kind: 'page',
      id: 'page-about',
      field: 'sections.0.title',
      en: 'Story',
      version: text.version,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an unknown field, an empty text, and a manager', async () => {
    expect(
      (await save({ kind: 'product', id: 'wool-coat', field: 'price', en: 'x', version: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await save({ kind: 'product', id: 'wool-coat', field: 'name', en: '  ', version: 1 })).statusCode,
    ).toBe(400);
    const manager = await insertStaff(t.database.db, { role: 'manager' });
    expect(
      (
        await save(
          { kind: 'product', id: 'wool-coat', field: 'name', en: 'Coat', version: 1 },
          manager.headers,
        )
      ).statusCode,
    ).toBe(403);
  });
});
