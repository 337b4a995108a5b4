import { z } from 'zod';
import { tokenize } from './search.rules.ts';

/** One word as search sees it: lower case, `ё` folded, letters and digits (hyphens allowed inside). */
const word = z
  .string({ error: 'a word is required' })
  .trim()
  .max(40, 'at most 40 letters')
  .transform((v) => v.toLowerCase().replace(/ё/g, 'е'))
  .refine((v) => tokenize(v).length > 0 && /^[\p{L}\p{N}]+(?:[- ][\p{L}\p{N}]+)*$/u.test(v), {
    message: 'letters and digits only',
  });

const fields = z.object({
  /** The word a shopper types. */
  term: word.refine((v) => !/\s/.test(v), { message: 'one word' }),
  /** What it also finds (one way). */
  alternatives: z
    .array(word, { error: 'a list of words is required' })
    .min(1, 'at least one alternative')
    .max(20, 'at most 20 alternatives')
    .transform((list) => [...new Set(list)]),
});

export const synonymCreateBody = fields;
export type SynonymCreateInput = z.output<typeof synonymCreateBody>;

/** A save names the version the screen showed (DECISIONS 31). */
export const synonymUpdateBody = fields.extend({ version: z.number().int().min(0) });
export type SynonymUpdateInput = z.output<typeof synonymUpdateBody>;

export const synonymDeleteBody = z.object({ version: z.number().int().min(0) });

export const synonymParams = z.object({ id: z.coerce.number().int().positive().max(2_000_000_000) });

export interface SynonymView {
  id: number;
  term: string;
  alternatives: string[];
  version: number;
  updatedAt: string;
}
