import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customPages } from '../../../core/db/schema/index.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('back office pages on %s', (engine) => {
  const t = useStaffApp(engine, ['editor', 'manager'], { settings: true });

  const call = t.call;

  const page = (patch: Record<string, unknown> = {}) => ({
    slug: 'returns',
    title: { ru: 'Возврат', en: 'Returns' },
    sections: [
      { kind: 'text', title: { ru: 'Сроки', en: 'Terms' }, body: { ru: '14 дней.', en: '14 days.' } },
      { kind: 'image', title: { ru: '', en: '' }, src: '/media/pages/returns.jpg' },
    ],
    ...patch,
  });

  it('is for editors and admins, not managers', async () => {
    expect((await call('GET', '/api/admin/pages', undefined, t.manager)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/pages', page({ slug: 'mgr' }), t.manager)).statusCode).toBe(403);
    expect(await t.database.db.select().from(customPages).where(eq(customPages.slug, 'mgr'))).toHaveLength(0);
    expect((await call('GET', '/api/admin/pages')).statusCode).toBe(200);
  });

  it('creates a page with text and image sections that the storefront serves', async () => {
    const res = await call('POST', '/api/admin/pages', page());
    expect(res.statusCode).toBe(201);
    const created = res.json().page;
    expect(created.sections).toEqual([
      { kind: 'text', title: { ru: 'Сроки', en: 'Terms' }, body: { ru: '14 дней.', en: '14 days.' } },
      { kind: 'image', src: '/media/pages/returns.jpg' },
    ]);
    expect(await t.services.pages.getPage('returns')).toMatchObject({
      title: { ru: 'Возврат', en: 'Returns' },
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'page'), eq(auditLog.entityId, created.id)));
    expect(entry).toMatchObject({ action: 'page.create', actorId: t.editor.userId });
    const dup = await call('POST', '/api/admin/pages', page());
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('slug');
  });

  it.each([
    [{ slug: 'Bad Slug' }, 'slug'],
    [{ slug: 'catalog' }, 'slug'],
    [{ slug: 'admin' }, 'slug'],
    [{ title: { ru: '', en: 'x' } }, 'title.ru'],
    [{ sections: [{ kind: 'image', src: 'javascript:alert(1)' }] }, 'sections.0.src'],
    [{ sections: [{ kind: 'image', src: '/media/../etc/passwd' }] }, 'sections.0.src'],
    [{ sections: [{ kind: 'video', src: '/media/a.mp4' }] }, 'sections.0.kind'],
    [{ sections: [{ kind: 'text', body: { ru: 'x'.repeat(20_001), en: '' } }] }, 'sections.0.body.ru'],
  ])('refuses %o naming the field', async (patch, field) => {
    const before = (await t.database.db.select().from(customPages)).length;
    const res = await call('POST', '/api/admin/pages', page({ slug: 'bad-one', ...patch }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect((await t.database.db.select().from(customPages)).length).toBe(before);
  });

  it('edits over the version shown; a stale save gets 409 with the newer page', async () => {
    const created = (await call('POST', '/api/admin/pages', page({ slug: 'about' }))).json().page;
    const first = await call('PUT', `/api/admin/pages/${created.id}`, {
      ...page({ slug: 'about-us', title: { ru: 'О нас', en: 'About us' } }),
      updatedAt: created.updatedAt,
    });
    expect(first.statusCode).toBe(200);
    expect(await t.services.pages.getPage('about')).toBeNull();
    expect((await t.services.pages.getPage('about-us'))?.title.ru).toBe('О нас');
    const stale = await call('PUT', `/api/admin/pages/${created.id}`, {
      ...page({ slug: 'about', title: { ru: 'Старое', en: 'Old' } }),
      updatedAt: created.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ slug: 'about-us', title: { ru: 'О нас' } });
    const taken = await call('PUT', `/api/admin/pages/${created.id}`, {
      ...page({ slug: 'returns' }),
      updatedAt: first.json().page.updatedAt,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('slug');
  });

  it('orders the pages and deletes one, refusing a stale delete', async () => {
    const a = (await call('POST', '/api/admin/pages', page({ slug: 'offer' }))).json().page;
    const ids: string[] = (await call('GET', '/api/admin/pages'))
      .json()
      .rows.map((r: { id: string }) => r.id);
    const reversed = [...ids].reverse();
    const ordered = await call('PUT', '/api/admin/pages-order', { ids: reversed });
    expect(ordered.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/pages')).json().rows.map((r: { id: string }) => r.id)).toEqual(
      reversed,
    );
    expect(await t.services.pages.listSlugs()).toEqual(
      (await call('GET', '/api/admin/pages')).json().rows.map((r: { slug: string }) => r.slug),
    );
    const partial = await call('PUT', '/api/admin/pages-order', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().field).toBe('ids');

    const stale = await call('DELETE', `/api/admin/pages/${a.id}`, { updatedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    const gone = await call('DELETE', `/api/admin/pages/${a.id}`, { updatedAt: a.updatedAt });
    expect(gone.statusCode).toBe(200);
    expect(await t.services.pages.getPage('offer')).toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'page.delete')));
    expect(entry?.before).toMatchObject({ slug: 'offer' });
  });
});
