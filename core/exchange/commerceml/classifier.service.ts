import { eq } from 'drizzle-orm';
import { cacheTags } from '../../cache/read-cache.ts';
import { slugOf, uniqueSlug } from '../../catalogue/slug.rules.ts';
import type { Tx } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import type { CmlDocument } from '../commerceml.parser.ts';
import type { ImportReport } from '../exchange.rules.ts';
import { RefuseFile, type Run } from './import-run.ts';

/** The classifier of import.xml: 1C groups become the shop's categories. */
export function createCmlClassifier() {
  /** 1C groups → categories, matched by the group Ид kept in synchronizationSection; parents first. */
  async function applyCategories(
    tx: Tx,
    doc: CmlDocument,
    run: Run,
    report: ImportReport,
    tags: Set<string>,
  ) {
    run.categoriesSeen = doc.groups.length;
    const catalogueWide = () => {
      tags.add(cacheTags.catalogue);
      tags.add(cacheTags.listings);
    };
    const existingCategories = await tx.select().from(categories);
    const slugBySection = new Map<string, string>();
    const takenSlugs = new Set(existingCategories.map((c) => c.slug));
    const categoryBySlug = new Map(existingCategories.map((c) => [c.slug, c]));
    for (const c of existingCategories)
      if (c.synchronizationSection) slugBySection.set(c.synchronizationSection, c.slug);
    run.slugBySection = slugBySection;
    const groupsById = new Map(doc.groups.map((g) => [g.id, g]));
    const done = run.categoriesDone;
    const ensureCategory = async (id: string, depth = 0): Promise<string | null> => {
      const g = groupsById.get(id);
      if (!g) return slugBySection.get(id) ?? null;
      if (done.has(id)) return slugBySection.get(id) ?? null;
      if (depth > 50) throw new RefuseFile(`группа «${g.name}» вложена сама в себя (строка ${g.line})`);
      done.add(id);
      const parentSlug = g.parentId ? await ensureCategory(g.parentId, depth + 1) : null;
      const name = g.name || g.id;
      const slug = slugBySection.get(id);
      if (slug) {
        const current = categoryBySlug.get(slug);
        if (current && (current.name.ru !== name || current.parentSlug !== parentSlug)) {
          await tx
            .update(categories)
            .set({ name: { ru: name, en: current.name.en }, parentSlug, version: current.version + 1 })
            .where(eq(categories.slug, slug));
          report.changed.categories += 1;
          catalogueWide();
        }
        return slug;
      }
      const newSlug = uniqueSlug(slugOf(name, 'category'), takenSlugs);
      takenSlugs.add(newSlug);
      await tx.insert(categories).values({
        slug: newSlug,
        parentSlug,
        name: { ru: name, en: '' },
        position: existingCategories.length + report.created.categories,
        synchronizationSection: id,
      });
      slugBySection.set(id, newSlug);
      report.created.categories += 1;
      catalogueWide();
      return newSlug;
    };
    for (const g of doc.groups) await ensureCategory(g.id);
  }

  return { applyCategories };
}
