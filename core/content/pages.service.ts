import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customPages } from '../db/schema/index.ts';

export function createPagesService({ db }: { db: Db }) {
  /** A generic page by its slug (`/{slug}`, `/policy`, `/delivery`), or null. */
  async function getPage(slug: string) {
    const [page] = await db
      .select({
        slug: customPages.slug,
        title: customPages.title,
        sections: customPages.sections,
        date: customPages.date,
      })
      .from(customPages)
      .where(eq(customPages.slug, slug));
    return page ?? null;
  }

  async function listSlugs(): Promise<string[]> {
    return (await db.select({ slug: customPages.slug }).from(customPages).orderBy(customPages.index)).map(
      (r) => r.slug,
    );
  }

  return { getPage, listSlugs };
}
