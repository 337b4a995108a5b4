import { z } from 'zod';
import { locales } from '../i18n.ts';

const key = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'a text key');

/**
 * A staff text over a built-in one. `updatedAt` is the override's edit stamp the screen showed,
 * null when it showed the built-in text (DECISIONS 31).
 */
export const textSaveBody = z.object({
  locale: z.enum(locales),
  key,
  value: z.string(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TextSaveInput = z.output<typeof textSaveBody>;

/** Back to the built-in text. */
export const textResetBody = z.object({
  locale: z.enum(locales),
  key,
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TextResetInput = z.output<typeof textResetBody>;
