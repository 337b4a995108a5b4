import { z } from 'zod';
import { emailSchema, phoneSchema } from './accounts.schemas.ts';
import { STAFF_PASSWORD_MIN } from './staff.rules.ts';

/** The token of a first-admin setup link (core/accounts/first-admin.service.ts). */
export const setupTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'is not a valid setup link');

/** `POST /api/admin/setup/send-code`: the future admin's e-mail, and where the code goes. */
export const setupSendCodeSchema = z
  .object({
    token: setupTokenSchema,
    email: z.string().max(254).pipe(emailSchema),
    channel: z.enum(['email', 'sms', 'call']).default('email'),
    phone: phoneSchema.optional(),
  })
  .refine((v) => v.channel === 'email' || v.phone, { error: 'is required', path: ['phone'] });

/** `POST /api/admin/setup/complete`: the code (6 digits mailed, 4 by SMS or call) and the staff password. */
export const setupCompleteSchema = z.object({
  token: setupTokenSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{4,6}$/, 'must be the digits of the code'),
  name: z.string().trim().min(1, 'is required').max(100),
  password: z.string().min(STAFF_PASSWORD_MIN, `must be at least ${STAFF_PASSWORD_MIN} characters`).max(200),
});

/** `POST /api/local/operator`: the contacts of an account to promote, or none for a setup link. */
export const localOperatorSchema = z.object({
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
});
