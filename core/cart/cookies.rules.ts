// Cookie parsing shared by the server and the browser. Deliberately free of zod, which would add
// about 24 KB to every page's JavaScript for three small shapes.

export interface CartCookieItem {
  _id: string;
  count: number;
}
/** Cookie `cart`: a list of `_id` and `count` (checkout.md §3). */
export type CartCookie = CartCookieItem[];

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

/** A valid `cart` cookie value: at most 200 lines, counts 1 to 100. */
export function isCartCookie(value: unknown): value is CartCookie {
  return (
    Array.isArray(value) &&
    value.length <= 200 &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        isId((item as CartCookieItem)._id) &&
        Number.isInteger((item as CartCookieItem).count) &&
        (item as CartCookieItem).count >= 1 &&
        (item as CartCookieItem).count <= 100,
    )
  );
}

/** A list of ids (`favorites`, `viewed`), at most `max` long. */
export function isIdList(max: number) {
  return (value: unknown): value is string[] =>
    Array.isArray(value) && value.length <= max && value.every(isId);
}

export const isFavoritesCookie = isIdList(500);

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Reads one cookie's JSON value; a missing, malformed or tampered value reads as `empty`. */
export function readJsonCookie<T>(
  header: string | null | undefined,
  name: string,
  guard: (value: unknown) => value is T,
  empty: T,
): T {
  const raw = readCookie(header, name);
  if (raw === null) return empty;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : empty;
  } catch {
    return empty;
  }
}

/** Cookie `shi-city`: the chosen or detected city (catalogue.md §3), the shop's city code and name. */
export interface CityCookie {
  code: number;
  name: string;
}

export function isCityCookie(value: unknown): value is CityCookie {
  if (typeof value !== 'object' || value === null) return false;
  const { code, name } = value as CityCookie;
  return (
    Number.isInteger(code) && code > 0 && typeof name === 'string' && name.length > 0 && name.length <= 100
  );
}
