// Backups of the shop's data: the database (PGlite or PostgreSQL) and the media folder, with a
// manifest that lets a restore prove it brought back exactly what was saved, signed with the
// operator's key so a restore also proves nobody changed the backup since.
// See docs/decisions/0015-backups.md for the design and its limits.
import { spawn } from 'node:child_process';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { z } from 'zod';
import type { Config } from '../config/env.ts';
import { migrationsFolder } from './client.ts';
import { DataFolderLockedError, lockDataFolder } from './lock.ts';

/** A refusal or a failed check: the scripts print the message and exit 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const MANIFEST_FILE = 'manifest.json';
/** The manifest's HMAC-SHA256 under BACKUP_SIGNING_KEY, beside it: `hmac-sha256:<hex>`. */
export const SIGNATURE_FILE = 'manifest.sig';
const PGLITE_FILE = 'database.pglite.tar.gz';
const PGDUMP_FILE = 'database.pgdump';
const MEDIA_FOLDER = 'media';

const fileEntry = z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string() });
const tableState = z.object({ rows: z.number().int().min(0), digest: z.string() });
const manifestSchema = z.object({
  format: z.literal('shop-backup/1'),
  engine: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  server: z.string(),
  migrations: z.object({ applied: z.number().int().min(0), last: z.string().nullable() }),
  counts: z.object({
    orders: z.number().int(),
    users: z.number().int(),
    photos: z.number().int(),
    mediaFiles: z.number().int(),
  }),
  /** Every table as `schema.table`: its row count and a digest of its rows' text. */
  tables: z.record(z.string(), tableState),
  database: fileEntry,
  media: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;

interface DatabaseState {
  server: string;
  migrations: Manifest['migrations'];
  tables: Manifest['tables'];
}

/** The one thing the state queries need from either driver. */
type Query = (text: string) => Promise<Record<string, unknown>[]>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function journal(): { when: number; tag: string }[] {
  const raw = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return raw.entries;
}

/**
 * Reads what a restore must find again: the migration level and, for every table, its row count
 * and an md5 over its rows' text (order-free). The session settings pin the text form of dates.
 */
async function readState(query: Query): Promise<DatabaseState> {
  await query(`set timezone = 'UTC'`);
  await query(`set datestyle = 'ISO, YMD'`);
  await query(`set intervalstyle = 'postgres'`);
  await query(`set extra_float_digits = 1`);
  const [version] = await query('select version() as v');
  const tables = await query(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const state: Manifest['tables'] = {};
  for (const row of tables) {
    const name = `${quote(String(row.s))}.${quote(String(row.t))}`;
    const [result] = await query(
      `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h), '')) as digest
       from (select md5(t::text) as h from ${name} t) x`,
    );
    state[`${row.s}.${row.t}`] = { rows: Number(result?.rows), digest: String(result?.digest) };
  }
  let migrations: Manifest['migrations'] = { applied: 0, last: null };
  if (state['drizzle.__drizzle_migrations']) {
    const [level] = await query(
      'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    const last = level?.last == null ? null : Number(level.last);
    migrations = {
      applied: Number(level?.applied),
      last: last === null ? null : (journal().find((e) => e.when === last)?.tag ?? `unknown (${last})`),
    };
  }
  return { server: String(version?.v), migrations, tables: state };
}

// ---------------------------------------------------------------------------------------------
// Files

/**
 * The signature of a manifest's exact bytes. The manifest holds the SHA-256 of every other file, so
 * signing it authenticates the whole backup; the prefix keeps the key's MACs to this one use.
 */
function signManifest(bytes: Buffer, key: string): string {
  return `hmac-sha256:${createHmac('sha256', key).update('shop-backup-manifest\n').update(bytes).digest('hex')}`;
}

function signatureMatches(bytes: Buffer, key: string, signature: string): boolean {
  const expected = Buffer.from(signManifest(bytes, key));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const MISSING_KEY =
  'BACKUP_SIGNING_KEY is not set. Backups are signed so that a restore can prove nobody changed them: ' +
  'make a key once (openssl rand -hex 32), keep a copy apart from the backups (a password manager), ' +
  'and set it in the environment or .env of the shop.';

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function describeFile(root: string, relative: string): Promise<z.infer<typeof fileEntry>> {
  const file = path.join(root, relative);
  return { path: relative, bytes: fs.statSync(file).size, sha256: await sha256(file) };
}

/** Regular files under `root`, as sorted posix paths relative to it. */
function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile()) found.push(relative);
    }
  };
  walk('');
  return found.sort();
}

/** Copies every file and describes the copy (what the backup holds is what the manifest says). */
async function copyFiles(from: string, to: string): Promise<z.infer<typeof fileEntry>[]> {
  const copied = [];
  for (const relative of listFiles(from)) {
    const target = path.join(to, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(from, relative), target);
    copied.push(await describeFile(to, relative));
  }
  return copied;
}

function isEmptyFolder(folder: string): boolean {
  return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', (error) =>
      reject(
        new BackupError(
          `${command} could not be started (${error.message}); install the PostgreSQL client tools`,
        ),
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

/** The password goes to the child through PGPASSWORD, never on a command line others can read. */
function connectionArgs(url: string): { dbname: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

const ARCHIVE = /\.(tar|tar\.gz|tgz)$/;

// ---------------------------------------------------------------------------------------------
// Backup

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/**
 * Where the backup goes: an existing folder receives a new dated folder, a path ending in .tar.gz
 * (or .tgz, .tar) becomes one archive, any other new path becomes the backup folder.
 */
function resolveTarget(target: string, now: Date): { folder: string; archive: string | null } {
  const resolved = path.resolve(target);
  if (ARCHIVE.test(resolved)) {
    if (fs.existsSync(resolved)) throw new BackupError(`${resolved} already exists; name a new file`);
    return { folder: `${resolved}.partial`, archive: resolved };
  }
  if (fs.existsSync(resolved)) {
    if (!fs.statSync(resolved).isDirectory()) throw new BackupError(`${resolved} exists and is not a folder`);
    return { folder: path.join(resolved, `shop-backup-${stamp(now)}`), archive: null };
  }
  return { folder: resolved, archive: null };
}

async function dumpPglite(dataDir: string, into: string): Promise<DatabaseState> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (check DATA_DIR).`);
  }
  let release: () => void;
  try {
    release = lockDataFolder(dataDir);
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    throw new BackupError(
      `${error.message}\nThe embedded database can be backed up only while the shop is stopped ` +
        '(for example `systemctl stop shop`); start it again after the backup.',
    );
  }
  try {
    const client = await PGlite.create(dataDir);
    try {
      const state = await readState(
        async (text) => (await client.query(text)).rows as Record<string, unknown>[],
      );
      const tar = await client.dumpDataDir('gzip');
      fs.writeFileSync(path.join(into, PGLITE_FILE), new Uint8Array(await tar.arrayBuffer()));
      return state;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * pg_dump in the snapshot of a repeatable-read transaction that also reads the manifest's counts
 * and digests: the dump and the manifest describe the same instant while the shop keeps selling.
 */
async function dumpPostgres(url: string, into: string): Promise<DatabaseState> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const state = await readState(async (text) => (await client.query(text)).rows);
    const { dbname, env } = connectionArgs(url);
    await run(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${rows[0]?.id}`,
        `--file=${path.join(into, PGDUMP_FILE)}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('commit');
    return state;
  } finally {
    await client.end();
  }
}

function count(tables: Manifest['tables'], name: string): number {
  return tables[`public.${name}`]?.rows ?? 0;
}

/** Writes a backup of the configured database and media folder; returns where it went. */
export async function backup(
  config: Pick<Config, 'database' | 'mediaDir' | 'backupSigningKey'>,
  target: string,
  log: (line: string) => void = () => {},
  now = new Date(),
): Promise<{ path: string; manifest: Manifest }> {
  const key = config.backupSigningKey;
  if (!key) throw new BackupError(`${MISSING_KEY} Nothing was written.`);
  const { folder, archive } = resolveTarget(target, now);
  if (fs.existsSync(folder)) throw new BackupError(`${folder} already exists`);
  // Built aside and renamed at the end, so a backup cut short never looks complete.
  const partial = archive ? folder : `${folder}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    const engine = config.database.kind;
    log(`Dumping the ${engine === 'pglite' ? 'embedded database' : 'PostgreSQL database'}…`);
    const state =
      config.database.kind === 'pglite'
        ? await dumpPglite(config.database.dataDir, partial)
        : await dumpPostgres(config.database.url, partial);
    log(`Copying the media folder ${config.mediaDir}…`);
    const media = await copyFiles(config.mediaDir, path.join(partial, MEDIA_FOLDER));
    const manifest: Manifest = {
      format: 'shop-backup/1',
      engine,
      createdAt: now.toISOString(),
      server: state.server,
      migrations: state.migrations,
      counts: {
        orders: count(state.tables, 'orders'),
        users: count(state.tables, 'users'),
        photos: count(state.tables, 'product_photos'),
        mediaFiles: media.length,
      },
      tables: state.tables,
      database: await describeFile(partial, engine === 'pglite' ? PGLITE_FILE : PGDUMP_FILE),
      media,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), manifestBytes);
    fs.writeFileSync(path.join(partial, SIGNATURE_FILE), `${signManifest(manifestBytes, key)}\n`);
    if (archive) {
      await run('tar', [
        archive.endsWith('.tar') ? '-cf' : '-czf',
        `${archive}.partial.tar`,
        '-C',
        partial,
        '.',
      ]);
      fs.renameSync(`${archive}.partial.tar`, archive);
      fs.rmSync(partial, { recursive: true, force: true });
      return { path: archive, manifest };
    }
    fs.renameSync(partial, folder);
    return { path: folder, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (archive) fs.rmSync(`${archive}.partial.tar`, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreOptions {
  /** Progress lines. */
  log?: (line: string) => void;
  /** Warnings the operator must see (an unsigned backup restored on purpose). */
  warn?: (line: string) => void;
  /** Restore a backup without a signature (made before backups were signed), on purpose. */
  allowUnsigned?: boolean;
}

/**
 * Proves the manifest came from a backup made with the operator's key, before anything is trusted:
 * a missing or wrong signature is refused unless the operator asked for an unsigned restore.
 */
function checkSignature(
  folder: string,
  bytes: Buffer,
  key: string | null,
  { allowUnsigned = false, warn = () => {} }: RestoreOptions,
): void {
  const file = path.join(folder, SIGNATURE_FILE);
  const signature = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (signature !== null && key) {
    if (signatureMatches(bytes, key, signature)) return;
    throw new BackupError(
      `The backup's signature does not verify: its manifest was changed after the backup was made, or it ` +
        'was signed with another BACKUP_SIGNING_KEY. Nothing was restored.',
    );
  }
  if (!allowUnsigned) {
    throw new BackupError(
      signature === null
        ? `The backup is not signed (no ${SIGNATURE_FILE}), so nothing proves it is the shop's own. A backup ` +
            'made before backups were signed can be restored on purpose with --unsigned. Nothing was restored.'
        : `${MISSING_KEY} It is needed to verify this backup's signature. Nothing was restored.`,
    );
  }
  warn(
    signature === null
      ? `WARNING: restoring an UNSIGNED backup (--unsigned): nothing proves it was not changed. Restore it ` +
          'only if you know where it came from.'
      : 'WARNING: restoring without checking the signature (--unsigned, BACKUP_SIGNING_KEY not set): ' +
          'nothing proves the backup was not changed.',
  );
}

/** Reads and checks a backup (folder or archive): its signature, the manifest, every file's checksum. */
async function openBackup(
  source: string,
  key: string | null,
  options: RestoreOptions,
): Promise<{ folder: string; manifest: Manifest; cleanup(): void }> {
  const resolved = path.resolve(source);
  if (!fs.existsSync(resolved)) throw new BackupError(`${resolved} does not exist`);
  let folder = resolved;
  let cleanup = () => {};
  if (fs.statSync(resolved).isFile()) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'));
    cleanup = () => fs.rmSync(folder, { recursive: true, force: true });
    try {
      await run('tar', ['-xf', resolved, '-C', folder]);
    } catch (error) {
      cleanup();
      throw error;
    }
  }
  try {
    const file = path.join(folder, MANIFEST_FILE);
    if (!fs.existsSync(file))
      throw new BackupError(`${resolved} is not a shop backup: it has no ${MANIFEST_FILE}`);
    const bytes = fs.readFileSync(file);
    checkSignature(folder, bytes, key, options);
    const parsed = manifestSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    if (!parsed.success)
      throw new BackupError(`${file} is not a valid manifest: ${parsed.error.issues[0]?.message}`);
    const manifest = parsed.data;
    const damaged: string[] = [];
    const check = async (root: string, entry: z.infer<typeof fileEntry>) => {
      const at = path.join(root, entry.path);
      if (!fs.existsSync(at) || (await sha256(at)) !== entry.sha256) damaged.push(path.relative(folder, at));
    };
    await check(folder, manifest.database);
    for (const entry of manifest.media) await check(path.join(folder, MEDIA_FOLDER), entry);
    // A media file the signed manifest does not list was added since: it would be copied unchecked.
    const listed = new Set(manifest.media.map((f) => f.path));
    for (const extra of listFiles(path.join(folder, MEDIA_FOLDER)).filter((f) => !listed.has(f)))
      damaged.push(`${MEDIA_FOLDER}/${extra} (not in the manifest)`);
    if (damaged.length) {
      throw new BackupError(
        `The backup is damaged: ${damaged.slice(0, 5).join(', ')}${damaged.length > 5 ? ` and ${damaged.length - 5} more` : ''} ` +
          'missing or not matching the manifest checksum. Nothing was restored.',
      );
    }
    return { folder, manifest, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

function compareState(manifest: Manifest, found: DatabaseState): string[] {
  const problems: string[] = [];
  if (JSON.stringify(found.migrations) !== JSON.stringify(manifest.migrations)) {
    problems.push(
      `migrations: expected ${JSON.stringify(manifest.migrations)}, found ${JSON.stringify(found.migrations)}`,
    );
  }
  const names = new Set([...Object.keys(manifest.tables), ...Object.keys(found.tables)]);
  for (const name of [...names].sort()) {
    const want = manifest.tables[name];
    const got = found.tables[name];
    if (!want || !got) problems.push(`${name}: ${want ? 'missing after restore' : 'not in the backup'}`);
    else if (want.rows !== got.rows) problems.push(`${name}: ${want.rows} rows expected, ${got.rows} found`);
    else if (want.digest !== got.digest) problems.push(`${name}: rows differ from the backup`);
  }
  return problems;
}

async function restorePglite(dataDir: string, folder: string, manifest: Manifest): Promise<DatabaseState> {
  const release = lockDataFolder(dataDir);
  try {
    if (!isEmptyFolder(dataDir)) throw new BackupError(`${dataDir} is not empty; nothing was restored.`);
    const tar = new File([fs.readFileSync(path.join(folder, manifest.database.path))], PGLITE_FILE, {
      type: 'application/x-gzip',
    });
    try {
      const client = await PGlite.create(dataDir, { loadDataDir: tar });
      try {
        return await readState(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
      } finally {
        await client.close();
      }
    } catch (error) {
      // The folder was empty: a load that failed half-way leaves nothing behind.
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  } finally {
    release();
  }
}

async function userRelations(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
     where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_toast%'
       and s.nspname not like 'pg\\_temp%'`,
  );
  return rows[0]?.n ?? 0;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Cannot connect to the database of DATABASE_URL (${(error as Error).message}); create it first (createdb).`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function restorePostgres(url: string, folder: string, manifest: Manifest): Promise<DatabaseState> {
  const { dbname, env } = connectionArgs(url);
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      path.join(folder, manifest.database.path),
    ],
    env,
  );
  return withClient(url, (client) => readState(async (text) => (await client.query(text)).rows));
}

/**
 * Restores a signed backup (docs/decisions/0015-backups.md) into an empty database (a new DATA_DIR, or an empty PostgreSQL database) and
 * an empty media folder, then checks migrations, every table's rows and every media file against
 * the manifest. Refuses a non-empty target before changing anything.
 */
export async function restore(
  config: Pick<Config, 'database' | 'mediaDir' | 'backupSigningKey'>,
  source: string,
  options: RestoreOptions = {},
): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const opened = await openBackup(source, config.backupSigningKey, options);
  const { folder, manifest } = opened;
  try {
    const engine = config.database.kind;
    if (manifest.engine !== engine) {
      throw new BackupError(
        manifest.engine === 'pglite'
          ? 'This is a backup of the embedded database (PGlite); unset DATABASE_URL to restore it into a DATA_DIR.'
          : 'This is a backup of a PostgreSQL database; set DATABASE_URL to an empty database to restore it.',
      );
    }
    const known = journal().map((e) => e.tag);
    if (manifest.migrations.last && !known.includes(manifest.migrations.last)) {
      throw new BackupError(
        `The backup was made by a newer version of the shop (migration ${manifest.migrations.last}); ` +
          'restore it with that version or a later one.',
      );
    }
    const problems: string[] = [];
    if (!isEmptyFolder(config.mediaDir)) problems.push(`the media folder ${config.mediaDir} is not empty`);
    if (config.database.kind === 'pglite') {
      if (!isEmptyFolder(config.database.dataDir)) {
        problems.push(`the database folder ${config.database.dataDir} is not empty`);
      }
    } else {
      const relations = await withClient(config.database.url, userRelations);
      if (relations > 0) problems.push(`the database of DATABASE_URL is not empty (${relations} relations)`);
    }
    if (problems.length) {
      throw new BackupError(
        `Refusing to restore: ${problems.join('; ')}. A restore goes only into an empty database and an ` +
          'empty media folder (a new DATA_DIR, or a new database made with createdb). Nothing was changed.',
      );
    }
    log(`Restoring the ${engine === 'pglite' ? 'embedded database' : 'PostgreSQL database'}…`);
    const state =
      config.database.kind === 'pglite'
        ? await restorePglite(config.database.dataDir, folder, manifest)
        : await restorePostgres(config.database.url, folder, manifest);
    log(`Copying ${manifest.media.length} media files into ${config.mediaDir}…`);
    const media = await copyFiles(path.join(folder, MEDIA_FOLDER), config.mediaDir);
    const problemsAfter = compareState(manifest, state);
    const want = new Map(manifest.media.map((f) => [f.path, f.sha256]));
    if (media.length !== want.size || media.some((f) => want.get(f.path) !== f.sha256)) {
      problemsAfter.push('media files differ from the backup');
    }
    if (problemsAfter.length) {
      const where =
        config.database.kind === 'pglite' ? `the folder ${config.database.dataDir}` : 'the database (dropdb)';
      throw new BackupError(
        `The restored data does not match the backup:\n  ${problemsAfter.join('\n  ')}\n` +
          `Do not start the shop on it: remove ${where} and the media folder ${config.mediaDir}.`,
      );
    }
    return manifest;
  } finally {
    opened.cleanup();
  }
}
