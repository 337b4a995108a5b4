import { asc, eq, sql } from 'drizzle-orm';
import MiniSearch, { type Query, type SearchResult as SearchHit } from 'minisearch';
import { descriptionText } from '../catalogue/description.rules.ts';
import type { Db } from '../db/client.ts';
import { categories, customPages, productGroups, productPhotos, searchSynonyms } from '../db/schema/index.ts';
import type { Locale } from '../i18n.ts';
import { indexStems, isMenStem, parseQuery, searchStem, switchLayout, tokenize } from './search.rules.ts';
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
  colourRu: string;
  colourEn: string;
  composition: string;
  description: string;
  art: string;
  /** Labelled for men: a query for women's goods leaves it out. */
  men: boolean;
  path: string;
  photo: string | null;
  price: number | null;
  oldPrice: number | null;
  rank: number;
}

const viewWeight: Record<SearchView, number> = { category: 1.4, product: 1, other: 0.8 };
/**
 * How long an index serves before the database is asked whether what it holds changed; only then
 * is it rebuilt, in the background (docs/decisions/0040-catalogue-at-scale.md).
 */
const INDEX_TTL_MS = 60_000;

/**
 * One number for everything the index is built from: each searchable table's rows hashed and
 * summed (no sort, one statement). Of a group, only the columns the index reads count: an order
 * or a restock rewrites its sizes on sale, which no search shows. Equal numbers mean an unchanged catalogue, so a large one is
 * not rebuilt every minute for nothing; a change another instance made is seen within a minute.
 */
const catalogueFingerprint = sql`select
  (select coalesce(sum(hashtext(row(g.id, g.category_slug, g.name, g.color_name, g.composition, g.description, g.art, g.price, g.old_price, g.is_new, g.is_bestseller)::text)::bigint), 0) + count(*) from product_groups g where g.published)
  + (select coalesce(sum(hashtext(c::text)::bigint), 0) + count(*) from categories c)
  + (select coalesce(sum(hashtext(p.group_id || ' ' || p.src)::bigint), 0) from product_photos p where p.position = 0)
  + (select coalesce(sum(hashtext(o::text)::bigint), 0) + count(*) from custom_pages o)
  + (select coalesce(sum(hashtext(s::text)::bigint), 0) + count(*) from search_synonyms s)
  as fingerprint`;
/** The typed reading finds this many with every word: the keyboard-layout reading is not tried. */
const ENOUGH_HITS = 3;
/** A synonym's hit weighs this much of the typed word's. */
const SYNONYM_BOOST = 0.6;
/** How many popular queries an empty search offers. */
const POPULAR = 6;

/** One built index with what the queries need next to it. */
interface IndexState {
  index: MiniSearch<Doc>;
  /** The alternatives of a word, by its search stem (the search_synonyms table). */
  synonyms: Map<string, string[]>;
  /** What an empty search offers, per edition. */
  popular: Record<Locale, string[]>;
}

const emptyDoc = {
  name: '',
  category: '',
  colour: '',
  colourRu: '',
  colourEn: '',
  composition: '',
  description: '',
  art: '',
  men: false,
  photo: null,
  price: null,
  oldPrice: null,
  rank: 0,
} as const;

/** Where the word being typed may match as a prefix. */
const prefixFields = ['nameRu', 'nameEn', 'category', 'colour', 'art'];

const isMen = (text: string) => tokenize(text).some((w) => isMenStem(searchStem(w)));

export function createSearchService({
  db,
  clock,
  onError,
  resultMemory = 500,
  onBuilt,
}: {
  db: Db;
  clock: () => Date;
  onError?: (error: unknown) => void;
  /** Told of each index built from the database: how many documents, in how many milliseconds. */
  onBuilt?: (documents: number, ms: number) => void;
  /** Answers kept per index (shoppers repeat the popular queries; a new index starts afresh); 0 keeps none. */
  resultMemory?: number;
}) {
  let current: { state: IndexState; builtAt: number; fingerprint: string } | null = null;
  let building: Promise<IndexState> | null = null;
  /** Bumped by invalidate(): a build started before it must not install its stale index. */
  let generation = 0;

  async function build(): Promise<IndexState> {
    const started = performance.now();
    const [cats, groups, photos, pages, synonymRows] = await Promise.all([
      db.select().from(categories),
      db.select().from(productGroups).where(eq(productGroups.published, true)),
      db
        .select({ groupId: productPhotos.groupId, src: productPhotos.src })
        .from(productPhotos)
        .where(eq(productPhotos.position, 0)),
      db.select().from(customPages).orderBy(asc(customPages.index)),
      db.select().from(searchSynonyms),
    ]);
    const catBySlug = new Map(cats.map((c) => [c.slug, c]));
    const photoByGroup = new Map(photos.map((p) => [p.groupId, p.src]));
    const docs: Doc[] = [];
    for (const c of cats) {
      const parent = c.parentSlug ? catBySlug.get(c.parentSlug) : undefined;
      docs.push({
        ...emptyDoc,
        id: `c:${c.slug}`,
        view: 'category',
        key: c.slug,
        nameRu: c.name.ru,
        nameEn: c.name.en,
        category: parent ? `${parent.name.ru} ${parent.name.en}` : '',
        men: isMen(`${c.name.ru} ${c.name.en}`),
        path: parent ? `/catalog/${parent.slug}/${c.slug}` : `/catalog/${c.slug}`,
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
        colourRu: g.colorName.ru,
        colourEn: g.colorName.en,
        composition: `${g.composition.ru} ${g.composition.en}`,
        description: `${descriptionText(g.description.ru)} ${descriptionText(g.description.en)}`,
        art: g.art,
        men: isMen(`${g.name.ru} ${g.name.en}`),
        path: `/products/${g.id}`,
        photo: photoByGroup.get(g.id) ?? null,
        price: g.price,
        oldPrice: g.oldPrice,
        rank: (g.isBestseller ? 0.15 : 0) + (g.isNew ? 0.05 : 0),
      });
    }
    for (const p of pages) {
      docs.push({
        ...emptyDoc,
        id: `o:${p.slug}`,
        view: 'other',
        key: p.id,
        nameRu: p.title.ru,
        nameEn: p.title.en,
        path: `/${p.slug}`,
      });
    }
    const index = new MiniSearch<Doc>({
      fields: ['nameRu', 'nameEn', 'category', 'colour', 'art', 'composition', 'description'],
      storeFields: [
        'view',
        'key',
        'nameRu',
        'nameEn',
        'colourRu',
        'colourEn',
        'men',
        'path',
        'photo',
        'price',
        'oldPrice',
        'rank',
      ],
      tokenize,
      // A derived adjective is indexed under its own stem and its material's root ('льнян', 'лен').
      processTerm: (term) => indexStems(term),
      searchOptions: {
        processTerm: (term) => searchStem(term),
        boost: { nameRu: 3, nameEn: 3, category: 1.5, colour: 1.2, art: 2, composition: 1, description: 0.3 },
        // One typo in 4 to 7 letters, two from 8 (catalogue search: 'плаье' finds dresses).
        fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
      },
    });
    // Chunked, so a rebuild over a large catalogue never stalls the event loop for long.
    await index.addAllAsync(docs, { chunkSize: 500 });

    const synonyms = new Map<string, string[]>();
    for (const row of synonymRows) {
      const key = searchStem(tokenize(row.term)[0] ?? '');
      if (key) synonyms.set(key, [...(synonyms.get(key) ?? []), ...row.alternatives]);
    }

    // An empty search offers the categories holding the most bestsellers and new goods.
    const weight = new Map<string, number>();
    for (const g of groups) {
      const w = (g.isBestseller ? 2 : 0) + (g.isNew ? 1 : 0);
      if (w > 0) weight.set(g.categorySlug, (weight.get(g.categorySlug) ?? 0) + w);
    }
    const top = [...weight.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([slug]) => catBySlug.get(slug))
      .filter((c) => c !== undefined)
      .slice(0, POPULAR);
    const popular = {
      ru: top.map((c) => c.name.ru.toLowerCase()),
      en: top.map((c) => (c.name.en || c.name.ru).toLowerCase()),
    };
    onBuilt?.(index.documentCount, Math.round(performance.now() - started));
    return { index, synonyms, popular };
  }

  async function fingerprint(): Promise<string> {
    // Both drivers answer `{ rows }` (node-postgres' QueryResult, PGlite's Results).
    const result = (await db.execute(catalogueFingerprint)) as { rows: { fingerprint: unknown }[] };
    return String(result.rows[0]?.fingerprint ?? '');
  }

  async function getIndex(): Promise<IndexState> {
    const now = clock().getTime();
    if (current && now - current.builtAt < INDEX_TTL_MS) return current.state;
    if (!building) {
      const started = generation;
      const previous = current;
      building = (async () => {
        // Taken before the build reads, so a change made meanwhile shows in the next check.
        const print = await fingerprint();
        if (previous && print === previous.fingerprint) return { state: previous.state, print };
        return { state: await build(), print };
      })()
        .then(({ state, print }) => {
          if (started === generation) current = { state, builtAt: clock().getTime(), fingerprint: print };
          return state;
        })
        .finally(() => {
          building = null;
        });
    }
    if (!current) return building;
    // Serve the stale index while a fresh one builds. A failed background rebuild keeps the old
    // index (and is retried on the next search), never an unhandled rejection.
    building.catch((error) => onError?.(error));
    return current.state;
  }

  /** Resolves when no background refresh of the index is in flight (shutdown and tests wait on it). */
  async function settled(): Promise<void> {
    while (building) await building.catch(() => undefined);
  }

  /** Drops the index so the next search sees a catalogue change at once. */
  function invalidate() {
    generation += 1;
    current = null;
    building = null;
  }

  /**
   * Ranked results grouped by view: categories first, then products, then other pages. Within a
   * view, hits with every word of the query come first, then the best partial matches. A query typed
   * in the wrong keyboard layout is tried switched too, and the better reading wins.
   */
  async function search(query: string, locale: Locale, limit = 24): Promise<SearchResult[]> {
    if (parseQuery(query).words.length === 0) return [];
    const state = await getIndex();
    // The same query on the same index gives the same answer: popular ones are answered from memory.
    if (resultsFor !== state) {
      resultsFor = state;
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
    const answer = rank(state, query, locale, limit);
    if (resultMemory > 0) {
      results.set(key, answer);
      if (results.size > resultMemory) results.delete(results.keys().next().value as string);
    }
    return answer;
  }

  /** The queries an empty search box offers (the categories with the most bestsellers and new goods). */
  async function popular(locale: Locale): Promise<string[]> {
    return (await getIndex()).popular[locale];
  }

  let resultsFor: IndexState | null = null;
  const results = new Map<string, SearchResult[]>();

  interface Reading {
    hits: { hit: SearchHit; words: number; score: number }[];
    /** Hits carrying every word. */
    complete: number;
    total: number;
  }

  /**
   * One reading of the query: each word (with its synonyms, weighted lower) may match; a hit counts
   * the words it carries, so all-word hits rank before partial ones.
   */
  function read(state: IndexState, query: string, limit: number): Reading {
    const { words, women } = parseQuery(query);
    if (words.length === 0) return { hits: [], complete: 0, total: 0 };
    const groups = words.map((word) => {
      const alternatives = state.synonyms.get(searchStem(word)) ?? [];
      return {
        word,
        alternatives,
        stems: new Set([word, ...alternatives].flatMap(tokenize).map(searchStem)),
      };
    });
    const last = groups.length - 1;
    const tree = (combineWith: 'AND' | 'OR'): Query => ({
      combineWith,
      queries: groups.map((g, i) => ({
        combineWith: 'OR' as const,
        queries: [
          { queries: [g.word], prefix: false },
          // The word being typed (the last) matches as a prefix too, in the short fields only
          // ('лен' must not find 'лентами' in a description).
          ...(i === last && g.word.length >= 2
            ? [{ queries: [g.word], prefix: true, fuzzy: false, fields: prefixFields }]
            : []),
          ...(g.alternatives.length > 0
            ? [{ queries: g.alternatives, prefix: false, boostTerm: () => SYNONYM_BOOST }]
            : []),
        ],
      })),
    });
    const score = (hit: SearchHit) =>
      hit.score * viewWeight[hit.view as SearchView] * (1 + (hit.rank as number));
    // Every word first: an AND of the words' groups.
    const hits: Reading['hits'] = [];
    let total = 0;
    let products = 0;
    const seen = new Set<string>();
    for (const hit of state.index.search(tree('AND'))) {
      if (women && hit.men) continue;
      const s = score(hit);
      hits.push({ hit, words: groups.length, score: s });
      seen.add(hit.id as string);
      total += s;
      if (hit.view === 'product') products += 1;
    }
    hits.sort((a, b) => b.score - a.score);
    const complete = hits.length;
    // Then the best partial matches, only when the complete ones do not fill the answer (a large
    // catalogue's OR of common words is thousands of hits: not computed when not shown).
    if (groups.length > 1 && products < limit) {
      const partial: Reading['hits'] = [];
      for (const hit of state.index.search(tree('OR'))) {
        if ((women && hit.men) || seen.has(hit.id as string)) continue;
        const matched = new Set(hit.queryTerms);
        const words = groups.filter((g) => [...g.stems].some((t) => matched.has(t))).length;
        const s = score(hit);
        partial.push({ hit, words, score: s });
        total += s;
      }
      partial.sort((a, b) => b.words - a.words || b.score - a.score);
      hits.push(...partial);
    }
    return { hits, complete, total };
  }

  function rank(state: IndexState, query: string, locale: Locale, limit: number): SearchResult[] {
    let best = read(state, query, limit);
    // A query typed in the other keyboard layout finds (next to) nothing as typed: try it switched.
    const switched = best.complete < ENOUGH_HITS ? switchLayout(query) : null;
    if (switched !== null) {
      const other = read(state, switched, limit);
      if (other.complete > best.complete || (other.complete === best.complete && other.total > best.total)) {
        best = other;
      }
    }
    const prefix = locale === 'en' ? '/en' : '';
    const take = { category: 6, product: limit, other: 4 };
    const out: SearchResult[] = [];
    for (const { hit: h } of best.hits) {
      const view = h.view as SearchView;
      if (take[view] <= 0) continue;
      take[view] -= 1;
      const name = (locale === 'en' ? h.nameEn : h.nameRu) || h.nameRu;
      const colour = ((locale === 'en' ? h.colourEn : h.colourRu) || h.colourRu) as string;
      out.push({
        view,
        name: name as string,
        path: `${prefix}${h.path as string}`,
        _id: h.key as string,
        ...(view === 'product'
          ? {
              colour,
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

  return { search, popular, invalidate, settled };
}

export type SearchService = ReturnType<typeof createSearchService>;
