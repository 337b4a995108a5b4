import { z } from 'zod';

/** Cookie `cart`: a list of `_id` and `count` (checkout.md §3). */
export const cartCookieSchema = z
  .array(z.object({ _id: z.string().min(1).max(200), count: z.number().int().min(1).max(100) }))
  .max(200);

/** Cookie `favorites`: a list of product group ids (catalogue.md §3). */
export const favoritesCookieSchema = z.array(z.string().min(1).max(200)).max(500);

export type CartCookie = z.infer<typeof cartCookieSchema>;

/** Reads one cookie's JSON value; a missing, malformed or tampered value reads as empty. */
export function readJsonCookie<T>(
  header: string | null | undefined,
  name: string,
  schema: z.ZodType<T>,
  empty: T,
): T {
  if (!header) return empty;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      const parsed = schema.safeParse(JSON.parse(decodeURIComponent(part.slice(eq + 1).trim())));
      return parsed.success ? parsed.data : empty;
    } catch {
      return empty;
    }
  }
  return empty;
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}
