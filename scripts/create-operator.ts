// `npm run operator:create -- --email anna@shop.example [--phone +79001234567]`
// Promotes an existing account to the admin role (DECISIONS 18, 30), found by a contact it proved: an
// e-mail whose mailed password was used, or a phone attached with a sign-in code. Exit status 1 when no
// such account exists (the future operator signs in on the shop first) or the contacts are two people's.
import { parseArgs } from 'node:util';
import { createOperatorsService } from '../core/accounts/operators.service.ts';
import { loadConfig } from '../core/config/env.ts';
import { openDatabase } from '../core/db/client.ts';
import { AppError } from '../core/errors.ts';

const { values } = parseArgs({
  // `--name` is still accepted from older instructions; the account keeps the name its owner gave.
  options: { email: { type: 'string' }, phone: { type: 'string' }, name: { type: 'string' } },
});
const { name: _ignored, ...given } = values;
const config = loadConfig(process.env);
const database = await openDatabase(config.database);
try {
  const operator = await createOperatorsService({ db: database.db }).grantOperator(given);
  const contacts = [operator.provenEmail, operator.provenPhone && `+${operator.provenPhone}`].filter(Boolean);
  console.log(
    `Account ${operator.id} (${operator.name || 'no name'}; proven: ${contacts.join(', ')}) is now an operator`,
  );
  console.log(
    `Back office: open ${config.publicUrl}/admin/invite/${operator.inviteToken} within 72 hours to set the staff ` +
      `password for ${operator.inviteEmail}, then sign in at ${config.publicUrl}/admin and set up the second factor.`,
  );
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`Not done: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
