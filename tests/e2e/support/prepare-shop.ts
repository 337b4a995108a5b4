// One seeded data folder for the journeys' shops (scripts/e2e.ts): the staff accounts, the dashboard's
// order history, then the demo catalogue as the shop seeds it on its first start (photos drawn on their
// first request). scripts/e2e.ts copies the folder once per shop, so each shop starts on a seeded
// folder of its own instead of running these steps again. One process: each step opens the folder's
// database and closes it again, as the steps did before the shop's start (playwright.config.ts).
import { loadConfig } from '../../../core/config/env.ts';
import { openDatabase } from '../../../core/db/client.ts';
import { isDatabaseEmpty, seedDemo } from '../../../demo/seed-demo.ts';

await import('./staff-setup.ts');
await import('./order-history-setup.ts');

const config = loadConfig(process.env);
const database = await openDatabase(config.database);
try {
  if (await isDatabaseEmpty(database.db)) {
    await seedDemo(database.db, { mediaDir: config.mediaDir, renderPhotos: false });
    console.log('the demo catalogue for the journeys seeded');
  }
} finally {
  await database.close();
}
