// Runs before the journeys' shop starts (playwright.config.ts): the staff accounts the back-office
// journeys sign in with, made in the journeys' own fresh data folder. Admins have a password only
// (their journey enrols the second factor through the page); managers and editors are enrolled with a
// known secret so other journeys can sign in. Never part of the shop: only the journeys' server runs it.
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../../core/accounts/auth.service.ts';
import { loadConfig } from '../../../core/config/env.ts';
import { openDatabase } from '../../../core/db/client.ts';
import { staffCredentials, users } from '../../../core/db/schema/index.ts';
import { E2E_STAFF_PASSWORD, E2E_TOTP_SECRET, e2eStaff } from './staff-accounts.ts';

const config = loadConfig(process.env);
const database = await openDatabase(config.database);
try {
  const passwordHash = await hashPassword(E2E_STAFF_PASSWORD);
  for (const account of e2eStaff) {
    const [found] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    const [user] = found
      ? [found]
      : await database.db
          .insert(users)
          .values({ email: account.email, emailVerified: true, name: account.name, role: account.role })
          .returning({ id: users.id });
    if (!user) throw new Error('insert returned nothing');
    // A reused data folder (E2E_DATA_DIR) starts each run with the same accounts: admins not enrolled.
    const credentials = {
      passwordHash,
      totpSecret: account.enrolled ? E2E_TOTP_SECRET : null,
      totpEnabledAt: account.enrolled ? new Date() : null,
      lastStep: null,
    };
    await database.db
      .insert(staffCredentials)
      .values({ userId: user.id, ...credentials })
      .onConflictDoUpdate({ target: staffCredentials.userId, set: credentials });
  }
  console.log(`staff accounts for the journeys: ${e2eStaff.map((a) => a.email).join(', ')}`);
} finally {
  await database.close();
}
