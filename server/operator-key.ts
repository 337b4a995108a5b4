import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../core/config/env.ts';

/**
 * The key `npm run operator:create` shows the running shop (server/routes/local-operator.routes.ts):
 * written by each start with the embedded database into the data folder, readable by its owner only.
 * Whoever can read it could also stop the shop and open its database, so it grants nothing more.
 */
export function operatorKeyFile(config: Pick<Config, 'database'>): string | null {
  return config.database.kind === 'pglite'
    ? path.join(path.dirname(config.database.dataDir), 'operator.key')
    : null;
}

/** A fresh key in the file (the previous start's stops working). */
export async function writeOperatorKey(file: string): Promise<string> {
  const key = randomBytes(32).toString('hex');
  await mkdir(path.dirname(file), { recursive: true });
  await rm(file, { force: true });
  await writeFile(file, key, { mode: 0o600, flag: 'wx' });
  return key;
}
