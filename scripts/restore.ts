// `npm run restore -- [--unsigned] <backup folder | file.tar.gz>`: brings a backup back into an EMPTY
// database (a new DATA_DIR, or an empty PostgreSQL database) and an empty media folder, then checks
// it against the backup's manifest, whose signature BACKUP_SIGNING_KEY must verify; `--unsigned`
// restores a backup made before backups were signed, with a warning (core/db/backup.ts,
// docs/decisions/0015-backups.md).

import { ConfigError, loadConfig } from '../core/config/env.ts';
import { BackupError, restore } from '../core/db/backup.ts';

const args = process.argv.slice(2);
const allowUnsigned = args[0] === '--unsigned';
const source = allowUnsigned ? args[1] : args[0];
if (!source || source.startsWith('--') || args.length !== (allowUnsigned ? 2 : 1)) {
  console.error('Usage: npm run restore -- [--unsigned] <backup folder | file.tar.gz>');
  process.exit(64);
}
try {
  const config = loadConfig(process.env);
  const manifest = await restore(config, source, {
    log: (line) => console.log(line),
    warn: (line) => console.error(line),
    allowUnsigned,
  });
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
