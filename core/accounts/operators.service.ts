import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { type OperatorInput, operatorInputSchema } from './accounts.schemas.ts';

export function createOperatorsService({ db }: { db: Db }) {
  /**
   * Gives a user the `admin` role (DECISIONS 18), creating the user when neither the e-mail nor the
   * phone is known. Refuses when they belong to two different users.
   */
  async function grantOperator(input: OperatorInput): Promise<{ id: string; created: boolean }> {
    const parsed = operatorInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('invalid_data', `${issue?.path.join('.')}: ${issue?.message}`, {
        field: issue?.path.join('.'),
      });
    }
    const { email, phone, name } = parsed.data;
    return db.transaction(async (tx) => {
      const conditions = [
        email ? eq(users.email, email) : undefined,
        phone ? eq(users.phone, phone) : undefined,
      ];
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(or(...conditions.filter((c) => c !== undefined)));
      if (found.length > 1) {
        throw new AppError('conflict', 'The e-mail and the phone belong to two different users');
      }
      const [existing] = found;
      if (existing) {
        // The deploying engineer vouches for the e-mail they name: the operator may reset a password to it.
        await tx
          .update(users)
          .set({ role: 'admin', ...(email ? { email, emailVerified: true } : {}) })
          .where(eq(users.id, existing.id));
        return { id: existing.id, created: false };
      }
      const [row] = await tx
        .insert(users)
        .values({
          email: email ?? null,
          emailVerified: Boolean(email),
          phone: phone ?? null,
          name,
          role: 'admin',
        })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned nothing');
      return { id: row.id, created: true };
    });
  }

  return { grantOperator };
}
