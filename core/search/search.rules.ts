import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as russianStem } from '@orama/stemmers/russian';

const latin = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const cyrillic = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const toCyrillic = new Map([...latin].map((ch, i) => [ch, cyrillic[i] as string]));
const toLatin = new Map([...cyrillic].map((ch, i) => [ch, latin[i] as string]));

/**
 * The same keys typed in the other keyboard layout: `gkfnmt` → `платье`, `ckjdj` ← `слово`.
 * Returns null when nothing changes (digits, mixed text that maps to itself).
 */
export function switchLayout(text: string): string | null {
  const lower = text.toLowerCase();
  const cyr = /[а-яё]/.test(lower);
  const map = cyr ? toLatin : toCyrillic;
  const out = [...lower].map((ch) => map.get(ch) ?? ch).join('');
  return out === lower ? null : out;
}

/** Splits into words: letters and digits, `ё` folded into `е`. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Russian words take the Russian stemmer, Latin words the English one (catalogue.md: morphology). */
export function stem(word: string): string {
  if (/[а-я]/.test(word)) return russianStem(word);
  if (/^[a-z]+$/.test(word)) return englishStem(word);
  return word;
}

/** Queries longer than this are cut; a search box needs no more (hostile input stays cheap). */
export const MAX_QUERY_LENGTH = 100;

/** Words that carry no meaning in a shop's query ('платье в цветочек', 'coat with a belt'). */
const stopWords = new Set([
  'в',
  'во',
  'из',
  'с',
  'со',
  'на',
  'для',
  'и',
  'или',
  'по',
  'под',
  'без',
  'к',
  'от',
  'до',
  'у',
  'а',
  'the',
  'and',
  'or',
  'with',
  'in',
  'of',
  'for',
  'a',
  'an',
  'to',
]);

/**
 * A query word that asks for women's goods: the demo and most shops do not label them, so the word
 * is not required and only drops the goods labelled for men ('пальто женское').
 */
const womenWords = new Set([
  'женский',
  'женская',
  'женское',
  'женские',
  'женщин',
  'женщины',
  'women',
  'womens',
  'woman',
  'ladies',
]);
const menStems = new Set(['мужск', 'men', 'mens', 'man']);

/**
 * Material nouns and the adjectives made from them: one stem each, so 'льняное платье' finds
 * 'Платье из льна' and '100% лён' (Snowball stems inflections, not derivations).
 */
const derivations: readonly (readonly string[])[] = [
  ['лен', 'льна', 'льняной', 'льняные'],
  ['шерсть', 'шерстяной'],
  ['хлопок', 'хлопка', 'хлопковый', 'хлопчатобумажный'],
  ['шелк', 'шелковый'],
  ['кашемир', 'кашемировый'],
  ['кожа', 'кожаный'],
  ['замша', 'замшевый'],
  ['сатин', 'сатиновый', 'атлас', 'атласный'],
  ['вискоза', 'вискозный'],
  ['меринос', 'мериносовый', 'мерино'],
  ['твид', 'твидовый'],
  ['джинсы', 'джинсовый', 'деним', 'денимовый'],
  ['трикотаж', 'трикотажный'],
  ['вельвет', 'вельветовый'],
  ['бархат', 'бархатный'],
  ['поплин', 'поплиновый'],
  ['габардин', 'габардиновый'],
  ['цветочек', 'цветочный', 'цветы'],
  ['linen', 'linens'],
  ['wool', 'woollen', 'woolen', 'woolly'],
  ['silk', 'silken', 'silky'],
  ['denim', 'jeans'],
];

const rootOf = new Map<string, string>();
for (const group of derivations) {
  const root = stem(group[0] as string);
  for (const word of group) rootOf.set(stem(word), root);
}

/** The stem a word is searched by: its Snowball stem, brought to its material's root. */
export function searchStem(word: string): string {
  const s = stem(word);
  return rootOf.get(s) ?? s;
}

/** What a word is indexed under: its stem, and its material's root when that differs (prefix typing still finds 'льнян…'). */
export function indexStems(word: string): string[] {
  const s = stem(word);
  const root = rootOf.get(s);
  return root && root !== s ? [s, root] : [s];
}

export interface ParsedQuery {
  /** The words every hit should have, in order (stop words and the women's filter removed). */
  words: string[];
  /** The query asked for women's goods: goods labelled for men are left out. */
  women: boolean;
}

/** Splits a query into its meaningful words (see {@link stopWords}, {@link womenWords}). */
export function parseQuery(query: string): ParsedQuery {
  const tokens = tokenize(query);
  const women = tokens.some((w) => womenWords.has(w));
  const meaningful = tokens.filter((w) => !stopWords.has(w));
  const words = meaningful.filter((w) => !womenWords.has(w));
  // A query of the women's word alone still searches by it.
  return words.length > 0 ? { words, women } : { words: meaningful, women: false };
}

/** Whether a stem marks goods for men (the women's filter drops them). */
export function isMenStem(s: string): boolean {
  return menStems.has(s);
}
