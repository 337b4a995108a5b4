// `npm run restore -- <backup folder | file.tar.gz>`: brings a backup back into an EMPTY database
// (a new DATA_DIR, or an empty PostgreSQL database) and an empty media folder, then checks it
// against the backup's manifest (core/db/backup.ts, docs/decisions/0015-backups.md).

import { ConfigError, loadConfig } from '../core/config/env.ts';
import { BackupError, restore } from '../core/db/backup.ts';

const source = process.argv[2];
if (!source || process.argv.length > 3) {
  console.error('Usage: npm run restore -- <backup folder | file.tar.gz>');
  process.exit(64);
}
try {
  const config = loadConfig(process.env);
  const manifest = await restore(config, source, (line) => console.log(line));
  const { orders, users, photos, mediaFiles } = manifest.counts;
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.engine}, migration ` +
      `${manifest.migrations.last ?? 'none'}): ${orders} orders, ${users} users, ${photos} photos, ` +
      `${mediaFiles} media files; every table and file matches the manifest.`,
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  if (!(error instanceof BackupError)) throw error;
  console.error(`Restore not done: ${error.message}`);
  process.exitCode = 1;
}
