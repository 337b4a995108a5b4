// `npm run backup -- <folder | new-folder | file.tar.gz>`: a consistent backup of the database and
// the media folder with a manifest of checksums, signed with BACKUP_SIGNING_KEY (refused without it;
// core/db/backup.ts, docs/decisions/0015-backups.md). Reads the shop's configuration (DATA_DIR,
// MEDIA_DIR, DATABASE_URL, BACKUP_SIGNING_KEY; `.env` through npm run).

import { ConfigError, loadConfig } from '../core/config/env.ts';
import { BackupError, backup } from '../core/db/backup.ts';

const target = process.argv[2];
if (!target || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <folder | new-folder | file.tar.gz>');
  process.exit(64);
}
try {
  const config = loadConfig(process.env);
  const { path, manifest } = await backup(config, target, (line) => console.log(line));
  const { orders, users, photos, mediaFiles } = manifest.counts;
  console.log(
    `Signed backup written to ${path}: ${manifest.engine}, migration ${manifest.migrations.last ?? 'none'}, ` +
      `${orders} orders, ${users} users, ${photos} photos, ${mediaFiles} media files.`,
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup not made: ${error.message}`);
  process.exitCode = 1;
}
