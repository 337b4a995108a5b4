import { z } from 'zod';

/** A phone as the shop stores it: digits with the country code, 10 to 15 of them. */
export const phoneSchema = z
  .string()
  .transform((v) => v.replace(/[^\d]/g, ''))
  .pipe(z.string().regex(/^\d{10,15}$/, 'must have 10 to 15 digits with the country code'));

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

export const operatorInputSchema = z
  .object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    name: z.string().trim().max(100).default(''),
  })
  .refine((v) => v.email || v.phone, { error: 'give an e-mail or a phone', path: ['email'] });

export type OperatorInput = z.input<typeof operatorInputSchema>;
