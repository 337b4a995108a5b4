// `npm run operator:create -- --email anna@shop.example [--phone +79001234567]`
// Promotes an existing account to the admin role (DECISIONS 18, 30), found by a contact it proved: an
// e-mail whose mailed password was used, or a phone attached with a sign-in code. Exit status 1 when no
// such account exists (the future operator signs in on the shop first) or the contacts are two people's.
// Without a contact, while the shop has no admin: prints a first admin's setup link (README "The back
// office"). With the embedded database open in the running shop, the command asks that shop, on this
// machine, with the data folder's key (server/routes/local-operator.routes.ts).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { issueSetupLink } from '../core/accounts/first-admin.service.ts';
import { createOperatorsService, type PromotedOperator } from '../core/accounts/operators.service.ts';
import { type Config, loadConfig } from '../core/config/env.ts';
import { openDatabase } from '../core/db/client.ts';
import { DataFolderLockedError } from '../core/db/lock.ts';
import { AppError } from '../core/errors.ts';
import { operatorKeyFile } from '../server/operator-key.ts';

const { values } = parseArgs({
  // `--name` is still accepted from older instructions; the account keeps the name its owner gave.
  options: { email: { type: 'string' }, phone: { type: 'string' }, name: { type: 'string' } },
});
const { name: _ignored, ...given } = values;
const config = loadConfig(process.env);
const wantsSetupLink = !given.email && !given.phone;

function printOperator(operator: PromotedOperator & { inviteLink: string }) {
  const contacts = [operator.provenEmail, operator.provenPhone && `+${operator.provenPhone}`].filter(Boolean);
  console.log(
    `Account ${operator.id} (${operator.name || 'no name'}; proven: ${contacts.join(', ')}) is now an operator`,
  );
  console.log(
    `Back office: open ${operator.inviteLink} within 72 hours to set the staff password for ` +
      `${operator.inviteEmail}, then sign in at ${config.publicUrl}/admin and set up the second factor.`,
  );
}

function printSetupLink(link: string, expiresAt: string) {
  console.log(`The shop has no admin yet. Open this link (it works once, until ${expiresAt}) to create`);
  console.log(`the first one with a code sent to their e-mail or phone:\n\n  ${link}\n`);
}

/** Asks the shop running on this machine, which holds the embedded database. */
async function askRunningShop(file: string) {
  const key = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (!key) throw new Error(`the running shop left no key in ${file}: restart it with this version`);
  const body = JSON.stringify(wantsSetupLink ? {} : given);
  let answer: Response | null = null;
  for (const host of ['127.0.0.1', '[::1]']) {
    answer = await fetch(`http://${host}:${config.port}/api/local/operator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-key': key },
      body,
    }).catch(() => null);
    if (answer) break;
  }
  if (!answer) throw new Error(`no shop answers on port ${config.port} of this machine`);
  const data = (await answer.json()) as {
    result: boolean;
    message?: string;
    operator?: PromotedOperator & { inviteLink: string };
    setup?: { link: string; expiresAt: string };
  };
  if (!data.result) throw new AppError('invalid_data', data.message ?? `the shop answered ${answer.status}`);
  if (data.operator) printOperator(data.operator);
  if (data.setup) printSetupLink(data.setup.link, data.setup.expiresAt);
}

async function runHere(config: Config) {
  const database = await openDatabase(config.database);
  try {
    const db = database.db;
    if (wantsSetupLink) {
      const link = await issueSetupLink(db, () => new Date());
      if (!link) {
        throw new AppError(
          'conflict',
          'The shop has an admin: give --email or --phone of the account to promote, or invite from /admin/staff',
        );
      }
      printSetupLink(`${config.publicUrl}/admin/setup?token=${link.token}`, link.expiresAt.toISOString());
      return;
    }
    const operator = await createOperatorsService({ db }).grantOperator(given);
    printOperator({ ...operator, inviteLink: `${config.publicUrl}/admin/invite/${operator.inviteToken}` });
  } finally {
    await database.close();
  }
}

try {
  try {
    await runHere(config);
  } catch (error) {
    const file = operatorKeyFile(config);
    if (!(error instanceof DataFolderLockedError) || !file) throw error;
    console.log('The shop is running on this database: asking it.');
    await askRunningShop(file);
  }
} catch (error) {
  if (!(error instanceof AppError) && !(error instanceof Error && error.message.startsWith('no shop'))) {
    throw error;
  }
  console.error(`Not done: ${error.message}`);
  process.exitCode = 1;
}
