import { z } from 'zod';
import { MAX_QUERY_LENGTH } from './search.rules.ts';

/** `POST /api/search` (catalogue.md §7): `{ query }`; longer input is cut, not refused. */
export const searchRequestSchema = z.object({
  query: z
    .string({ error: 'query must be a string' })
    .max(10_000, 'query is too long')
    .transform((q) => q.trim().slice(0, MAX_QUERY_LENGTH)),
});

export type SearchView = 'category' | 'product' | 'other';

export interface SearchResult {
  view: SearchView;
  name: string;
  path: string;
  _id: string;
  /** Products only: the colour (siblings told apart), the tile's photo and prices (kopecks). */
  colour?: string;
  photo?: string | null;
  price?: number;
  oldPrice?: number | null;
}
