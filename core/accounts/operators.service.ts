import { and, eq, or } from 'drizzle-orm';
import { createAuditService } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { type OperatorInput, operatorInputSchema } from './accounts.schemas.ts';
import { insertStaffInvite } from './staff.service.ts';

export interface PromotedOperator {
  id: string;
  name: string;
  /** The contacts the account proved: the e-mail by a mailed password, the phone by a code. */
  provenEmail: string | null;
  provenPhone: string | null;
  /**
   * The back office signs staff in by e-mail, password and a second factor: the token of an invitation
   * to the account's e-mail, whose link sets the staff password (docs/decisions/0011-back-office.md).
   */
  inviteToken: string;
  inviteEmail: string;
}

export function createOperatorsService({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  /**
   * Gives the `admin` role to an existing account found by a contact it proved (DECISIONS 30): an
   * e-mail whose mailed password was used, or a phone attached with a sign-in code. A contact merely
   * typed into a profile, or one no account has, is refused: the future operator signs in on the shop
   * first. Refuses when the e-mail and the phone belong to two different accounts.
   */
  async function grantOperator(input: OperatorInput): Promise<PromotedOperator> {
    const parsed = operatorInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('invalid_data', `${issue?.path.join('.')}: ${issue?.message}`, {
        field: issue?.path.join('.'),
      });
    }
    const { email, phone } = parsed.data;
    return db.transaction(async (tx) => {
      const conditions = [
        email ? and(eq(users.email, email), eq(users.emailVerified, true)) : undefined,
        phone ? and(eq(users.phone, phone), eq(users.phoneVerified, true)) : undefined,
      ];
      const found = await tx
        .select()
        .from(users)
        .where(or(...conditions.filter((c) => c !== undefined)));
      if (found.length > 1) {
        throw new AppError('conflict', 'The e-mail and the phone belong to two different accounts');
      }
      const [account] = found;
      if (!account) {
        const what = [email && `the e-mail ${email}`, phone && `the phone ${phone}`]
          .filter(Boolean)
          .join(' or ');
        throw new AppError(
          'not_found',
          `No account has proven ${what}. Sign in on the shop first: with the password mailed to the ` +
            'e-mail, or with a code sent to the phone; then run this again.',
        );
      }
      if (!account.email) {
        throw new AppError(
          'invalid_data',
          'The back office signs in by e-mail: the account has none. Add an e-mail in the shop’s cabinet, then run this again.',
        );
      }
      await tx.update(users).set({ role: 'admin' }).where(eq(users.id, account.id));
      // The link mails nothing: the engineer running the command hands it to the operator.
      const invite = await insertStaffInvite(tx, {
        email: account.email,
        role: 'admin',
        invitedBy: null,
        now: clock(),
      });
      await createAuditService({ db }).record(tx, null, {
        action: 'staff.admin-granted-from-command-line',
        entityType: 'staff',
        entityId: account.id,
        before: { role: account.role },
        after: { role: 'admin', invite: invite.id },
      });
      return {
        inviteToken: invite.token,
        inviteEmail: account.email,
        id: account.id,
        name: [account.name, account.secondName].filter(Boolean).join(' '),
        provenEmail: account.emailVerified ? account.email : null,
        provenPhone: account.phoneVerified ? account.phone : null,
      };
    });
  }

  return { grantOperator };
}
