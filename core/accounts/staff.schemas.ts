import { z } from 'zod';
import { staffRoles } from '../db/schema/staff.ts';
import { STAFF_PASSWORD_MIN } from './staff.rules.ts';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'must be an e-mail address' }));

export const staffSignInSchema = z.object({
  email,
  password: z.string().min(1, 'is required').max(200),
  /** The authenticator app's code given with the password: required while the account is under attack. */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .optional(),
});

/** A six-digit TOTP code or a recovery code. */
export const staffSecondFactorSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be 6 digits')
      .optional(),
    recoveryCode: z.string().trim().min(8).max(40).optional(),
  })
  .refine((v) => Boolean(v.code) !== Boolean(v.recoveryCode), {
    message: 'give either a code or a recovery code',
    path: ['code'],
  });

export const staffEnrolSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be 6 digits'),
});

export const staffInviteSchema = z.object({
  email,
  role: z.enum(staffRoles, { error: 'must be admin, manager or editor' }),
  locale: z.enum(['ru', 'en']).default('ru'),
});

export const staffAcceptSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'is not a valid invitation'),
  name: z.string().trim().min(1, 'is required').max(100),
  password: z.string().min(STAFF_PASSWORD_MIN, `must be at least ${STAFF_PASSWORD_MIN} characters`).max(200),
});

export const staffRoleChangeSchema = z.object({
  role: z.enum(staffRoles, { error: 'must be admin, manager or editor' }),
  /** The version the admin's screen showed (DECISIONS 31). */
  version: z.number().int().min(0),
});

export const staffRemoveSchema = z.object({ version: z.number().int().min(0) });
