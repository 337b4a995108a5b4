import { z } from 'zod';
import { hasControlOrHiddenFormatting } from '../text.rules.ts';

/** A phone as the shop stores it: digits with the country code, 10 to 15 of them. */
export const phoneSchema = z
  .string()
  .max(40)
  .transform((v) => canonicalPhone(v.replace(/[^\d]/g, '')))
  .pipe(z.string().regex(/^\d{10,15}$/, 'must have 10 to 15 digits with the country code'));

/**
 * One handset, one key: a Russian mobile typed with the trunk prefix (`8 900 …`) is stored as `7900…`.
 * Only `89…` with 11 digits is rewritten: no country code starts with 89, while other `8…` numbers
 * may be foreign (Hong Kong is `852…`, also 11 digits).
 */
export function canonicalPhone(digits: string): string {
  return /^89\d{9}$/.test(digits) ? `7${digits.slice(1)}` : digits;
}

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

export const operatorInputSchema = z
  .object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
  })
  .refine((v) => v.email || v.phone, { error: 'give an e-mail or a phone', path: ['email'] });

export type OperatorInput = z.input<typeof operatorInputSchema>;

/**
 * Free text a person types (names, address parts): trimmed, at most `max` characters, no control
 * characters and no invisible bidirectional or zero-width ones (core/text.rules.ts). Shared: checkout's
 * name fields may use it too.
 */
export const plainTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(
      (v) => !hasControlOrHiddenFormatting(v),
      'must not contain control or invisible formatting characters',
    );
const noControl = plainTextSchema;

/** The app's optional `x-device-id` header: with the address it tells sign-in clients apart. */
export const deviceIdSchema = z
  .string()
  .regex(/^[\w.:-]{8,100}$/)
  .optional()
  .catch(undefined);

/** `POST /api/auth/get-code` body; `isByCall` / `isBySMS` come in the query (catalogue.md §7). */
export const getCodeSchema = z.object({ phone: phoneSchema });
export const getCodeQuerySchema = z.object({
  isByCall: z.enum(['true', 'false']).optional(),
  isBySMS: z.enum(['true', 'false']).optional(),
  lang: z.enum(['ru', 'en']).optional(),
});
/** Sign-in codes are 4 digits (catalogue.md §5). */
export const codeSchema = z.string().regex(/^\d{4}$/, 'must be 4 digits');
export const checkCodeSchema = z.object({ phone: phoneSchema, code: codeSchema });
export const emailOnlySchema = z.object({ email: emailSchema });
export const passwordSignInSchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });

export const notificationChannelSchema = z.enum(['sms', 'email', 'sms-email', 'none']);

/**
 * `POST /api/user/update`: profile fields (catalogue.md §5: name, e-mail and phone required; e-mail and
 * phone locked once present). A phone is only added with a sign-in code sent to it.
 */
export const profileUpdateSchema = z.object({
  name: noControl(60).optional(),
  secondName: noControl(60).optional(),
  birthDate: z.iso
    .date({ error: 'must be a date YYYY-MM-DD' })
    .refine((d) => d >= '1900-01-01' && d <= '2100-01-01', 'must be a real birth date')
    .nullable()
    .optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  code: codeSchema.optional(),
  notificationChannel: notificationChannelSchema.optional(),
  /** Consent to marketing messages (38-FZ): given or withdrawn in the cabinet's settings. */
  marketingConsent: z.boolean().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A saved address (catalogue.md §3, §5): city chosen from the list, street and house required. */
export const addressSchema = z.object({
  id: z.number().int().min(1).max(2_147_483_647).optional(),
  country: noControl(60).default('Россия'),
  countryId: z.number().int().min(1).max(1000).default(1),
  postcode: z
    .string()
    .trim()
    .regex(/^[\w -]{0,12}$/, 'must be a postal code')
    .default(''),
  city: noControl(100).pipe(z.string().min(1, 'required')),
  cityID: z.number().int().min(1).max(99_999_999),
  street: noControl(200).pipe(z.string().min(1, 'required')),
  house: noControl(20).pipe(z.string().min(1, 'required')),
  entrance: noControl(10).default(''),
  floor: noControl(10).default(''),
  room: noControl(10).default(''),
});
export type AddressInput = z.infer<typeof addressSchema>;
export const addressUpdateSchema = z.object({ address: addressSchema });
export const removeAddressSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const cartItemsSchema = z.object({
  items: z
    .array(z.object({ _id: z.string().min(1).max(200), count: z.number().int().min(1).max(100) }))
    .max(40),
});

export const wgCitiesSchema = z.object({ query: noControl(100) });
