/** catalogue.md §3: the letter sizes in order. */
export const letterSizes = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

function letterIndex(size: string): number {
  const head =
    size
      .trim()
      .toUpperCase()
      .split(/[-\s/]/)[0] ?? '';
  return (letterSizes as readonly string[]).indexOf(head);
}

/** `42`, `42.5`, `42 1/2`, `42,5`, and ranges by their first number (`92-98`, `44/46`); else null. */
function numericValue(size: string): number | null {
  const m = size.trim().match(/^(\d+(?:[.,]\d+)?)(?:\s*(1\/2|½)|(?:\s*[-/–]\s*\d+(?:[.,]\d+)?))?$/);
  if (!m?.[1]) return null;
  const base = Number.parseFloat(m[1].replace(',', '.'));
  return m[2] ? base + 0.5 : base;
}

/**
 * catalogue.md §5 size sorting: by position in the letter list (the part before a dash, space or
 * slash); numeric sizes numerically with 1/2 as .5; letter sizes before unknown ones.
 */
export function compareSizes(a: string, b: string): number {
  const la = letterIndex(a);
  const lb = letterIndex(b);
  if (la >= 0 && lb >= 0) return la - lb || a.localeCompare(b);
  if (la >= 0) return -1;
  if (lb >= 0) return 1;
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== null && nb !== null) return na - nb || a.localeCompare(b);
  if (na !== null) return -1;
  if (nb !== null) return 1;
  return a.localeCompare(b);
}

export function sortSizes<T>(items: T[], sizeOf: (item: T) => string): T[] {
  return [...items].sort((x, y) => compareSizes(sizeOf(x), sizeOf(y)));
}

/** The size filter's groups (issue 35): letter sizes, numeric sizes, and the rest ('One size'). */
export type SizeGroups = { letter: string[]; numeric: string[]; other: string[] };

/** Splits sizes into the filter's groups, each in size order. */
export function groupSizes(sizes: string[]): SizeGroups {
  const groups: SizeGroups = { letter: [], numeric: [], other: [] };
  for (const size of sortSizes(sizes, (s) => s)) {
    if (letterIndex(size) >= 0) groups.letter.push(size);
    else if (numericValue(size) !== null) groups.numeric.push(size);
    else groups.other.push(size);
  }
  return groups;
}
