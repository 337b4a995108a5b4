import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, searchSynonyms } from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('back office search synonyms on %s', (engine) => {
  const t = useStaffApp(engine, ['editor', 'manager'], {
    seed: async () => {
      const { slug } = await insertCategory(t.database.db, { name: { ru: 'Брюки', en: 'Trousers' } });
      await insertProductGroup(t.database.db, {
        id: 'cargo-trousers-olive',
        categorySlug: slug,
        name: { ru: 'Брюки карго', en: 'Cargo trousers' },
      });
    },
  });

  const call = t.call;
  const ids = async (q: string) => (await t.services.search.search(q, 'ru')).map((r) => r._id);

  it('lists the seeded colour families', async () => {
    const res = await call('GET', '/api/admin/search-synonyms');
    expect(res.statusCode).toBe(200);
    const white = res.json().synonyms.find((s: { term: string }) => s.term === 'белый');
    expect(white.alternatives).toEqual(['молочный', 'экрю', 'белоснежный']);
  });

  it('an editor adds a synonym: the search finds by it at once, and the change is audited', async () => {
    expect(await ids('штаны')).toEqual([]);
    const res = await call('POST', '/api/admin/search-synonyms', { term: 'Штаны', alternatives: ['брюки'] });
    expect(res.statusCode).toBe(201);
    const { synonym } = res.json();
    expect(synonym).toMatchObject({ term: 'штаны', alternatives: ['брюки'], version: 0 });
    expect(await ids('штаны')).toContain('cargo-trousers-olive');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'search_synonym'), eq(auditLog.entityId, String(synonym.id))));
    expect(entry).toMatchObject({ action: 'search_synonym.create', actorId: t.editor.userId });

    const again = await call('POST', '/api/admin/search-synonyms', {
      term: 'штаны',
      alternatives: ['джинсы'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('term');
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await t.database.db.select().from(searchSynonyms);
    for (const [body, field] of [
      [{ term: '', alternatives: ['x'] }, 'term'],
      [{ term: 'два слова', alternatives: ['x'] }, 'term'],
      [{ term: 'юбка', alternatives: [] }, 'alternatives'],
      [{ term: 'юбка', alternatives: ['<script>'] }, 'alternatives.0'],
      [{ term: 'юбка' }, 'alternatives'],
    ] as const) {
      const res = await call('POST', '/api/admin/search-synonyms', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await t.database.db.select().from(searchSynonyms)).toHaveLength(before.length);
  });

  it('a stale save gets 409 with the newer values; a current one saves and bumps the version', async () => {
    const created = (
      await call('POST', '/api/admin/search-synonyms', { term: 'портки', alternatives: ['брюки'] })
    ).json().synonym;
    const first = await call('PUT', `/api/admin/search-synonyms/${created.id}`, {
      term: 'портки',
      alternatives: ['брюки', 'джинсы'],
      version: 0,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().synonym).toMatchObject({ alternatives: ['брюки', 'джинсы'], version: 1 });
    const stale = await call('PUT', `/api/admin/search-synonyms/${created.id}`, {
      term: 'портки',
      alternatives: ['юбки'],
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ alternatives: ['брюки', 'джинсы'], version: 1 });

    const staleDelete = await call('DELETE', `/api/admin/search-synonyms/${created.id}`, { version: 0 });
    expect(staleDelete.statusCode).toBe(409);
    const removed = await call('DELETE', `/api/admin/search-synonyms/${created.id}`, { version: 1 });
    expect(removed.statusCode).toBe(200);
    expect(await ids('портки')).toEqual([]);
    const gone = await call('PUT', `/api/admin/search-synonyms/${created.id}`, {
      term: 'портки',
      alternatives: ['брюки'],
      version: 1,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('is for editors and admins only', async () => {
    expect((await call('GET', '/api/admin/search-synonyms', undefined, t.manager)).statusCode).toBe(403);
    const res = await call(
      'POST',
      '/api/admin/search-synonyms',
      { term: 'кофта', alternatives: ['джемпер'] },
      t.manager,
    );
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(searchSynonyms).where(eq(searchSynonyms.term, 'кофта'))).toEqual(
      [],
    );
  });
});
