import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../../core/db/client.ts';

/** A temporary DATA_DIR for one shop process on PGlite, removed by `remove()`. */
export interface PgliteFolder {
  dataDir: string;
  /** Opens the folder's database (migrating it) while no shop process holds it. */
  open(): Promise<Database>;
  remove(): void;
}

export function createPgliteFolder(): PgliteFolder {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rel-pglite-'));
  return {
    dataDir,
    open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
