// `npm run operator:create -- --email anna@shop.example [--phone +79001234567] [--name "Анна"]`
// Creates the user, or promotes an existing one, with the admin role (DECISIONS 18).
import { parseArgs } from 'node:util';
import { createOperatorsService } from '../core/accounts/operators.service.ts';
import { loadConfig } from '../core/config/env.ts';
import { openDatabase } from '../core/db/client.ts';
import { AppError } from '../core/errors.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, phone: { type: 'string' }, name: { type: 'string' } },
});
const config = loadConfig(process.env);
const database = await openDatabase(config.database);
try {
  const result = await createOperatorsService({ db: database.db }).grantOperator(values);
  console.log(result.created ? `Operator created: ${result.id}` : `User ${result.id} is now an operator`);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`Not done: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
