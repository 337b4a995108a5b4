/** Text helpers shared by the sandbox carriers and geocoder: one idea of "the same name". */

const latinLetters: Record<string, string> = { ł: 'l', ø: 'o', æ: 'ae', ß: 'ss', đ: 'd', ı: 'i' };

/** Lower case, `ё` → `е`, Latin accents dropped, punctuation to spaces, single spaces. */
export function normalizeName(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/ё/g, 'е')
      // Drop Latin accents (`São` → `sao`) but keep `й`, whose breve is part of the letter.
      .normalize('NFD')
      .replace(/(\P{Script=Cyrillic})\p{M}+/gu, '$1')
      .normalize('NFC')
      .replace(/[łøæßđı]/g, (ch) => latinLetters[ch] ?? ch)
      .replace(/[^\p{L}\p{N}-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The words of a normalised name; hyphenated names give their parts too (`ростов-на-дону` → `ростов`, `дону`). */
function words(normalized: string): string[] {
  const parts = normalized.split(' ').filter(Boolean);
  return [...parts, ...parts.flatMap((part) => (part.includes('-') ? part.split('-').filter(Boolean) : []))];
}

/**
 * How well a name answers a typed query, lower is better, null when it does not match:
 * 0 the whole name, 1 the name's start, 2 the start of one of its words, 3 anywhere inside.
 */
export function matchRank(name: string, query: string): number | null {
  const n = normalizeName(name);
  const q = normalizeName(query);
  if (!q) return null;
  if (n === q) return 0;
  if (n.startsWith(q)) return 1;
  if (words(n).some((word) => word.startsWith(q))) return 2;
  if (n.includes(q)) return 3;
  return null;
}

/**
 * The best `limit` entries for a query: by match rank, then by the given importance (bigger first),
 * then alphabetically. An empty or blank query, or a limit below 1, answers nothing.
 */
export function rankByName<T>(
  entries: readonly T[],
  query: string,
  limit: number,
  nameOf: (entry: T) => string,
  importanceOf: (entry: T) => number,
): T[] {
  if (typeof query !== 'string' || !Number.isFinite(limit) || limit < 1) return [];
  // A pasted full name (`Королёв, Московская обл., Россия`) is searched by its first part.
  const typed = query.split(',')[0] ?? '';
  if (!normalizeName(typed)) return [];
  const found: { entry: T; rank: number }[] = [];
  for (const entry of entries) {
    const rank = matchRank(nameOf(entry), typed);
    if (rank !== null) found.push({ entry, rank });
  }
  found.sort(
    (a, b) =>
      a.rank - b.rank ||
      importanceOf(b.entry) - importanceOf(a.entry) ||
      nameOf(a.entry).localeCompare(nameOf(b.entry), 'ru'),
  );
  return found.slice(0, Math.floor(limit)).map((item) => item.entry);
}

const latin: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** A plain Latin spelling of a Russian name, for generated codes (`Химки` → `khimki`). */
export function transliterate(text: string): string {
  return [...normalizeName(text)].map((ch) => latin[ch] ?? (/[a-z0-9]/.test(ch) ? ch : '')).join('');
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `km` away from a centre in the direction `bearingDegrees` (0 = north), flat-earth approximation. */
export function offsetPoint(
  centre: { latitude: number; longitude: number },
  km: number,
  bearingDegrees: number,
): { latitude: number; longitude: number } {
  const rad = Math.PI / 180;
  const dLat = (km * Math.cos(bearingDegrees * rad)) / 111.32;
  const dLon = (km * Math.sin(bearingDegrees * rad)) / (111.32 * Math.cos(centre.latitude * rad));
  return { latitude: round6(centre.latitude + dLat), longitude: round6(centre.longitude + dLon) };
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
