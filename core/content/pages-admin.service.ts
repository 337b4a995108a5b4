import { randomBytes } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { noReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/client.ts';
import { customPages, type PageSection } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import {
  type ContentServiceDeps,
  changeRecorder,
  contentWrites,
  freshRow,
  newOrder,
} from './content-write.ts';
import type { PageInput, PageUpdateInput } from './pages-admin.schemas.ts';

type PageRow = typeof customPages.$inferSelect;
const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/**
 * Every cached storefront page depends on the `settings` tag (server/page-cache.ts), and so do the
 * menus that link the pages: a page's change rides that tag to every instance.
 */
export { contentTags } from './content-write.ts';

export interface PageView {
  id: string;
  slug: string;
  title: { ru: string; en: string };
  sections: PageSection[];
  index: number;
  updatedAt: string;
}

const view = (row: PageRow): PageView => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  sections: row.sections,
  index: row.index,
  updatedAt: row.updatedAt.toISOString(),
});

/** The generic pages (policy, delivery, returns, offer, about ...) in the back office: editors. */
export function createPagesAdminService({ db, audit, clock, cache = noReadCache }: ContentServiceDeps) {
  const sections = (input: PageInput): PageSection[] =>
    input.sections.map((s) =>
      s.kind === 'text'
        ? { kind: 'text', ...(s.title ? { title: s.title } : {}), body: s.body }
        : { kind: 'image', ...(s.title ? { title: s.title } : {}), src: s.src },
    );

  const slugTaken = (slug: string, locale: Locale) =>
    new AppError(
      'conflict',
      t(locale, `Адрес /${slug} уже занят другой страницей`, `The address /${slug} is taken by another page`),
      { field: 'slug' },
    );

  const { write, nextStamp } = contentWrites({ db, clock, cache });
  const recordPage = changeRecorder(audit, 'page');

  async function list() {
    const rows = await db.select().from(customPages).orderBy(asc(customPages.index), asc(customPages.slug));
    return { rows: rows.map(view) };
  }

  async function get(id: string, locale: Locale): Promise<PageView> {
    const [row] = await db.select().from(customPages).where(eq(customPages.id, id));
    if (!row) throw new AppError('not_found', t(locale, 'Страница не найдена', 'Page not found'));
    return view(row);
  }

  async function create(input: PageInput, actor: Actor, locale: Locale): Promise<PageView> {
    const now = clock();
    return write(async (tx) => {
      const [row] = await tx
        .insert(customPages)
        .values({
          id: randomBytes(12).toString('hex'),
          slug: input.slug,
          title: input.title,
          sections: sections(input),
          index: (await maxIndex(tx)) + 1,
          date: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: customPages.slug })
        .returning();
      if (!row) throw slugTaken(input.slug, locale);
      const after = view(row);
      await recordPage(tx, actor, 'create', row.id, { after });
      return after;
    });
  }

  async function maxIndex(tx: Pick<Db, 'select'>): Promise<number> {
    const rows = await tx.select({ index: customPages.index }).from(customPages);
    return rows.reduce((m, r) => Math.max(m, r.index), 0);
  }

  async function lockFresh(
    tx: Pick<Db, 'select'>,
    id: string,
    updatedAt: string,
    locale: Locale,
  ): Promise<PageRow> {
    const [before] = await tx.select().from(customPages).where(eq(customPages.id, id)).for('update');
    return freshRow(
      before,
      updatedAt,
      {
        notFound: () => new AppError('not_found', t(locale, 'Страница не найдена', 'Page not found')),
        stale: t(
          locale,
          'Страницу изменили, пока вы её редактировали: показана новая версия',
          'The page was changed while you edited it: the newer version is shown',
        ),
      },
      view,
    );
  }

  async function update(id: string, input: PageUpdateInput, actor: Actor, locale: Locale) {
    return write(async (tx) => {
      const before = await lockFresh(tx, id, input.updatedAt, locale);
      if (input.slug !== before.slug) {
        const [other] = await tx
          .select({ id: customPages.id })
          .from(customPages)
          .where(eq(customPages.slug, input.slug));
        if (other) throw slugTaken(input.slug, locale);
      }
      const stamp = nextStamp(before.updatedAt);
      const [row] = await tx
        .update(customPages)
        .set({ slug: input.slug, title: input.title, sections: sections(input), updatedAt: stamp })
        .where(eq(customPages.id, id))
        .returning();
      if (!row) throw new Error(`page ${id} vanished under its lock`);
      const after = view(row);
      await recordPage(tx, actor, 'update', id, { before: view(before), after });
      return after;
    });
  }

  async function remove(id: string, updatedAt: string, actor: Actor, locale: Locale) {
    return write(async (tx) => {
      const before = await lockFresh(tx, id, updatedAt, locale);
      await tx.delete(customPages).where(eq(customPages.id, id));
      await recordPage(tx, actor, 'delete', id, { before: view(before) });
      return { removed: id };
    });
  }

  /** The pages' order in lists and menus: `ids` from first to last, every page named once. */
  async function reorder(ids: string[], actor: Actor, locale: Locale) {
    return write(async (tx) => {
      const rows = await tx.select().from(customPages).for('update');
      const { before, moves } = newOrder(
        ids,
        rows,
        t(
          locale,
          'Порядок должен назвать каждую страницу один раз (список устарел — обновите страницу)',
          'The order must name every page once (the list is out of date: reload it)',
        ),
      );
      // The order is not an edit of a page's content: open editors stay valid.
      for (const { id, index } of moves) {
        await tx.update(customPages).set({ index }).where(eq(customPages.id, id));
      }
      await recordPage(tx, actor, 'reorder', '*', { before, after: ids });
      const fresh = await tx.select().from(customPages).where(inArray(customPages.id, ids));
      return { rows: ids.flatMap((id) => fresh.filter((r) => r.id === id).map(view)) };
    });
  }

  return { list, get, create, update, remove, reorder };
}

export type PagesAdminService = ReturnType<typeof createPagesAdminService>;
