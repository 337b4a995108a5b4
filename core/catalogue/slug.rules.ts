import { slugify } from 'transliteration';

/**
 * Latin slugs of Russian names (docs/decisions/0028-catalogue-back-office.md): the
 * `transliteration` library with the few letters set to the passport (ICAO/GOST R 52535.1)
 * reading that shoppers expect in an address: х → kh, ц → ts, ё → e, й → i.
 */
const replace: [string, string][] = [
  ['х', 'kh'],
  ['Х', 'Kh'],
  ['ц', 'ts'],
  ['Ц', 'Ts'],
  ['ё', 'e'],
  ['Ё', 'E'],
  ['й', 'i'],
  ['Й', 'I'],
  ['ъ', ''],
  ['ь', ''],
];

/** Lower-case Latin words joined by `-`, at most 80 characters; `fallback` when nothing is left. */
export function slugOf(text: string, fallback = 'item'): string {
  const slug = slugify(text, { lowercase: true, separator: '-', replace, trim: true })
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
  return slug || fallback;
}

/** The first of `base`, `base-2`, `base-3` ... that `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
