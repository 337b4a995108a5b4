// `npm run db:seed`: seeds the demo catalogue into an empty database.
// `npm run db:seed -- --reset` first removes the catalogue, settings and pages (never orders or users).
import { loadConfig } from '../core/config/env.ts';
import { openDatabase } from '../core/db/client.ts';
import { clearCatalogue, isDatabaseEmpty, seedDemo } from '../demo/seed-demo.ts';

const config = loadConfig(process.env);
const reset = process.argv.includes('--reset');
const database = await openDatabase(config.database);
try {
  if (!(await isDatabaseEmpty(database.db))) {
    if (!reset) {
      console.error(
        'The database already has a catalogue. Run `npm run db:seed -- --reset` to replace it with the demo.',
      );
      process.exitCode = 1;
    } else {
      await clearCatalogue(database.db);
    }
  }
  if (process.exitCode !== 1) {
    const { groups } = await seedDemo(database.db, { mediaDir: config.mediaDir, log: console.log });
    console.log(`Seeded ${groups} product groups into ${database.engine}.`);
  }
} finally {
  await database.close();
}
