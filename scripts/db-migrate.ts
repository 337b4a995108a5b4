// Applies the migrations to the configured database (the service also does this on start).
import { loadConfig } from '../core/config/env.ts';
import { openDatabase } from '../core/db/client.ts';

const config = loadConfig(process.env);
const database = await openDatabase(config.database);
await database.close();
console.log(`Migrations applied (${database.engine}).`);
