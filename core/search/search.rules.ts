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
