import { asc, eq } from 'drizzle-orm';
import MiniSearch from 'minisearch';
import type { Db } from '../db/client.ts';
import { categories, customPages, productGroups, productPhotos } from '../db/schema/index.ts';
import type { Locale } from '../i18n.ts';
import { stem, switchLayout, tokenize } from './search.rules.ts';
import type { SearchResult, SearchView } from './search.schemas.ts';

interface Doc {
  id: string;
  view: SearchView;
  key: string;
  name: string;
  nameRu: string;
  nameEn: string;
  category: string;
  colour: string;
  art: string;
  path: string;
  photo: string | null;
  price: number | null;
  oldPrice: number | null;
  rank: number;
}

const viewWeight: Record<SearchView, number> = { category: 1.4, product: 1, other: 0.8 };
/** How long an index serves before it is rebuilt from the database in the background. */
const INDEX_TTL_MS = 60_000;
/** The typed reading finds this many: the keyboard-layout reading is not tried. */
const ENOUGH_HITS = 3;

export function createSearchService({
  db,
  clock,
  onError,
  resultMemory = 500,
}: {
  db: Db;
  clock: () => Date;
  onError?: (error: unknown) => void;
  /** Answers kept per index (shoppers repeat the popular queries; a new index starts afresh); 0 keeps none. */
  resultMemory?: number;
}) {
  let current: { index: MiniSearch<Doc>; builtAt: number } | null = null;
  let building: Promise<MiniSearch<Doc>> | null = null;
  /** Bumped by invalidate(): a build started before it must not install its stale index. */
  let generation = 0;

  async function build(): Promise<MiniSearch<Doc>> {
    const [cats, groups, photos, pages] = await Promise.all([
      db.select().from(categories),
      db.select().from(productGroups).where(eq(productGroups.published, true)),
      db
        .select({ groupId: productPhotos.groupId, src: productPhotos.src })
        .from(productPhotos)
        .where(eq(productPhotos.position, 0)),
      db.select().from(customPages).orderBy(asc(customPages.index)),
    ]);
    const catBySlug = new Map(cats.map((c) => [c.slug, c]));
    const photoByGroup = new Map(photos.map((p) => [p.groupId, p.src]));
    const docs: Doc[] = [];
    for (const c of cats) {
      const parent = c.parentSlug ? catBySlug.get(c.parentSlug) : undefined;
      docs.push({
        id: `c:${c.slug}`,
        view: 'category',
        key: c.slug,
        name: '',
        nameRu: c.name.ru,
        nameEn: c.name.en,
        category: parent ? `${parent.name.ru} ${parent.name.en}` : '',
        colour: '',
        art: '',
        path: parent ? `/catalog/${parent.slug}/${c.slug}` : `/catalog/${c.slug}`,
        photo: null,
        price: null,
        oldPrice: null,
        rank: 0,
      });
    }
    for (const g of groups) {
      const cat = catBySlug.get(g.categorySlug);
      const parent = cat?.parentSlug ? catBySlug.get(cat.parentSlug) : undefined;
      docs.push({
        id: `p:${g.id}`,
        view: 'product',
        key: g.id,
        name: '',
        nameRu: g.name.ru,
        nameEn: g.name.en,
        category: [cat?.name.ru, cat?.name.en, parent?.name.ru, parent?.name.en].filter(Boolean).join(' '),
        colour: `${g.colorName.ru} ${g.colorName.en}`,
        art: g.art,
        path: `/products/${g.id}`,
        photo: photoByGroup.get(g.id) ?? null,
        price: g.price,
        oldPrice: g.oldPrice,
        rank: (g.isBestseller ? 0.15 : 0) + (g.isNew ? 0.05 : 0),
      });
    }
    for (const p of pages) {
      docs.push({
        id: `o:${p.slug}`,
        view: 'other',
        key: p.id,
        name: '',
        nameRu: p.title.ru,
        nameEn: p.title.en,
        category: '',
        colour: '',
        art: '',
        path: `/${p.slug}`,
        photo: null,
        price: null,
        oldPrice: null,
        rank: 0,
      });
    }
    const index = new MiniSearch<Doc>({
      fields: ['nameRu', 'nameEn', 'category', 'colour', 'art'],
      storeFields: ['view', 'key', 'nameRu', 'nameEn', 'path', 'photo', 'price', 'oldPrice', 'rank'],
      tokenize,
      processTerm: (term) => stem(term),
      searchOptions: {
        boost: { nameRu: 3, nameEn: 3, category: 1.5, colour: 1, art: 2 },
        combineWith: 'AND',
        prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
        // One typo in 4 to 7 letters, two from 8 (catalogue search: 'плаье' finds dresses).
        fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
      },
    });
    // Chunked, so a rebuild over a large catalogue never stalls the event loop for long.
    await index.addAllAsync(docs, { chunkSize: 500 });
    return index;
  }

  async function getIndex(): Promise<MiniSearch<Doc>> {
    const now = clock().getTime();
    if (current && now - current.builtAt < INDEX_TTL_MS) return current.index;
    if (!building) {
      const started = generation;
      building = build()
        .then((index) => {
          if (started === generation) current = { index, builtAt: clock().getTime() };
          return index;
        })
        .finally(() => {
          building = null;
        });
    }
    if (!current) return building;
    // Serve the stale index while a fresh one builds. A failed background rebuild keeps the old
    // index (and is retried on the next search), never an unhandled rejection.
    building.catch((error) => onError?.(error));
    return current.index;
  }

  /** Drops the index so the next search sees a catalogue change at once. */
  function invalidate() {
    generation += 1;
    current = null;
    building = null;
  }

  /**
   * Ranked results grouped by view: categories first, then products, then other pages. A query
   * typed in the wrong keyboard layout is tried switched too, and the better reading wins.
   */
  async function search(query: string, locale: Locale, limit = 24): Promise<SearchResult[]> {
    if (tokenize(query).length === 0) return [];
    const index = await getIndex();
    // The same query on the same index gives the same answer: popular ones are answered from memory.
    if (resultsFor !== index) {
      resultsFor = index;
      results.clear();
    }
    const key = `${locale}\u0000${limit}\u0000${query.trim().toLowerCase()}`;
    const cached = results.get(key);
    if (cached) {
      // Refreshed as the most recent (a Map keeps insertion order: the oldest goes first).
      results.delete(key);
      results.set(key, cached);
      return cached;
    }
    const answer = rank(index, query, locale, limit);
    if (resultMemory > 0) {
      results.set(key, answer);
      if (results.size > resultMemory) results.delete(results.keys().next().value as string);
    }
    return answer;
  }

  let resultsFor: MiniSearch<Doc> | null = null;
  const results = new Map<string, SearchResult[]>();

  function rank(index: MiniSearch<Doc>, query: string, locale: Locale, limit: number): SearchResult[] {
    let best = index.search(query);
    let bestScore = best.reduce((s, h) => s + h.score, 0);
    // A query typed in the other keyboard layout finds (next to) nothing as typed: try it switched.
    const switched = best.length < ENOUGH_HITS ? switchLayout(query) : null;
    if (switched !== null) {
      const hits = index.search(switched);
      const score = hits.reduce((s, h) => s + h.score, 0);
      if (score > bestScore) [best, bestScore] = [hits, score];
    }
    const prefix = locale === 'en' ? '/en' : '';
    const ranked = best
      .map((h) => ({ h, score: h.score * viewWeight[h.view as SearchView] * (1 + (h.rank as number)) }))
      .sort((a, b) => b.score - a.score);
    const take = { category: 6, product: limit, other: 4 };
    const out: SearchResult[] = [];
    for (const { h } of ranked) {
      const view = h.view as SearchView;
      if (take[view] <= 0) continue;
      take[view] -= 1;
      const name = (locale === 'en' ? h.nameEn : h.nameRu) || h.nameRu;
      out.push({
        view,
        name: name as string,
        path: `${prefix}${h.path as string}`,
        _id: h.key as string,
        ...(view === 'product'
          ? {
              photo: h.photo as string | null,
              price: h.price as number,
              oldPrice: h.oldPrice as number | null,
            }
          : {}),
      });
    }
    const order: SearchView[] = ['category', 'product', 'other'];
    return out.sort((a, b) => order.indexOf(a.view) - order.indexOf(b.view));
  }

  return { search, invalidate };
}

export type SearchService = ReturnType<typeof createSearchService>;
