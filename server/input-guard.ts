/** Deeper than any request of the shop needs; deeper bodies could exhaust the stack downstream. */
export const MAX_INPUT_DEPTH = 32;

export type UnstorableInput = { field: string; reason: 'text' | 'depth' };

/**
 * Input the shop cannot handle safely: text PostgreSQL cannot store, a NUL character (refused in
 * text) or a lone UTF-16 surrogate (`"\ud800"` in JSON parses into one; jsonb refuses its escape,
 * so an order's address or a reminder's list carrying it would fail as a 500); or nesting deeper
 * than MAX_INPUT_DEPTH (JSON.stringify of a signature check would overflow the stack). Returns the
 * first offending path (`''` for the value itself), or null. Iterative, so depth costs no stack.
 */
export function findUnsafeInput(value: unknown): UnstorableInput | null {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length > 0) {
    const [current, path, depth] = stack.pop() as [unknown, string, number];
    if (typeof current === 'string') {
      if (!storable(current)) return { field: path, reason: 'text' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // Only parsed input (plain objects and arrays) is walked: a page's form post arrives as the raw
    // request stream, which the page reads and checks itself.
    if (!Array.isArray(current) && !isPlainObject(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path, reason: 'depth' };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push([current[i], path ? `${path}.${i}` : String(i), depth + 1]);
      continue;
    }
    for (const [key, v] of Object.entries(current)) {
      const at = path ? `${path}.${key}` : key;
      if (!storable(key)) return { field: at, reason: 'text' };
      stack.push([v, at, depth + 1]);
    }
  }
  return null;
}

function storable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
