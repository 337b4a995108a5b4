import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../../core/accounts/auth.service.ts';
import type { Db } from '../../core/db/client.ts';
import { sessions, staffCredentials, staffSessions, users } from '../../core/db/schema/index.ts';
import type { StaffRole } from '../../core/db/schema/staff.ts';

/** The origin test apps run with (PUBLIC_URL's default): staff changes must come from it. */
export const SHOP_ORIGIN = 'http://localhost:3000';
export const STAFF_PASSWORD = 'correct horse battery staple';

export interface InsertedStaff {
  userId: string;
  email: string;
  role: StaffRole;
  /** The TOTP secret (base32), for making codes in tests. */
  secret: string;
  /** A signed-in staff session that gave its second factor. */
  token: string;
  /** Headers of a staff call from the shop's own back office. */
  headers: { cookie: string; origin: string };
}

let counter = 0;

/** A staff member with a password, an enrolled TOTP factor and a live session past the second factor. */
export async function insertStaff(
  db: Db,
  overrides: { role?: StaffRole; email?: string; name?: string; now?: Date } = {},
): Promise<InsertedStaff> {
  counter += 1;
  const role = overrides.role ?? 'admin';
  const email = overrides.email ?? `${role}${counter}-${randomBytes(3).toString('hex')}@staff.test`;
  const now = overrides.now ?? new Date();
  const [user] = await db
    .insert(users)
    .values({ email, emailVerified: true, name: overrides.name ?? `${role} ${counter}`, role })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned nothing');
  const secret = new Secret({ size: 20 }).base32;
  await db.insert(staffCredentials).values({
    userId: user.id,
    passwordHash: await hashPassword(STAFF_PASSWORD),
    totpSecret: secret,
    totpEnabledAt: now,
  });
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    mfaAt: now,
  });
  return {
    userId: user.id,
    email,
    role,
    secret,
    token,
    headers: { cookie: `shi_staff=${token}`, origin: SHOP_ORIGIN },
  };
}

/** The TOTP code of `secret` at `at`. */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

/** A signed-in shopper (no staff role): the `shi_token` cookie of a live shopper session. */
export async function insertShopperSession(
  db: Db,
  now = new Date(),
): Promise<{ userId: string; cookie: string }> {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({ email: `shopper${counter}-${randomBytes(3).toString('hex')}@shop.test`, emailVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned nothing');
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { userId: user.id, cookie: `shi_token=${token}` };
}
