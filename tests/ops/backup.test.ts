import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { type Database, type Db, openDatabase } from '../../core/db/client.ts';
import { lockDataFolder } from '../../core/db/lock.ts';
import { orderLines, orders, productPhotos, users } from '../../core/db/schema/index.ts';
import { orderPayloadSchema } from '../../core/orders/orders.schemas.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices } from '../../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { adminUrl, type Engine, engines, testDatabaseUrl } from '../setup/test-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT_MS = 90_000;
/** The operator's backup key in these tests; every place below has it unless a test says otherwise. */
const KEY = 'k'.repeat(16) + randomBytes(16).toString('hex');

interface Run {
  code: number | null;
  output: string;
}

/** Runs `scripts/<name>.ts` as a user would (`node scripts/backup.ts …`) with only the given environment. */
function runScript(
  name: 'backup' | 'restore',
  arg: string | string[],
  env: Record<string, string>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`scripts/${name}.ts`, ...[arg].flat()], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: SCRIPT_MS,
      killSignal: 'SIGKILL',
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** One place the shop's data can live: its environment, how to open it, how to remove it. */
interface Place {
  env: Record<string, string>;
  mediaDir: string;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new DATA_DIR (PGlite) or a new empty `bk_*` database on the test server, with its own media folder. */
async function createPlace(engine: Engine): Promise<Place> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bk-'));
  const mediaDir = path.join(dir, 'media');
  if (engine === 'pglite') {
    return {
      env: { DATA_DIR: dir, BACKUP_SIGNING_KEY: KEY },
      mediaDir,
      open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }),
      remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = testDatabaseUrl();
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bk_${randomBytes(6).toString('hex')}`;
  await admin(base, `create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    env: { DATA_DIR: dir, DATABASE_URL: url, BACKUP_SIGNING_KEY: KEY },
    mediaDir,
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    async remove() {
      await admin(base, `drop database if exists ${name} with (force)`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Everything a restore must bring back, read in a stable order. */
async function snapshot(db: Db) {
  return {
    orders: await db.select().from(orders).orderBy(asc(orders.number)),
    lines: await db.select().from(orderLines).orderBy(asc(orderLines.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    photos: await db.select().from(productPhotos).orderBy(asc(productPhotos.id)),
  };
}

function mediaFiles(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, file)] = fs.readFileSync(file).toString('base64');
  }
  return files;
}

function servicesFor(db: Db) {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const providers = createProviders(config, { outbox: createDbOutbox(db), db });
  return createServices({ db, providers, clock: () => new Date('2026-11-20T09:00:00Z') });
}

async function placeOrder(db: Db, variant: string, n: number, userId: string | null = null) {
  const payload = orderPayloadSchema.parse({
    getWay: 'self',
    payment: 'online',
    fullName: 'Иванова Анна',
    phone: `7999123450${n}`,
    email: `anna${n}@example.ru`,
    products: [{ _id: variant, count: 1 }],
    consent: true,
  });
  const { body } = await servicesFor(db).orders.createOrder(payload, {
    ip: `10.0.0.${n}`,
    locale: 'ru',
    draft: false,
    idempotencyKey: null,
    userId,
  });
  return body;
}

describe.each(engines)('backup and restore on %s', (engine) => {
  let source: Place;
  let saved: Awaited<ReturnType<typeof snapshot>>;
  let savedMedia: Record<string, string>;
  let backupPath: string;
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bk-out-'));
  const places: Place[] = [];

  async function newPlace(): Promise<Place> {
    const place = await createPlace(engine);
    places.push(place);
    return place;
  }

  beforeAll(async () => {
    source = await newPlace();
    const database = await source.open();
    try {
      const { db } = database;
      await insertSettings(db);
      const category = (await insertCategory(db)).slug;
      const dress = await insertProductGroup(db, { categorySlug: category });
      const coat = await insertProductGroup(db, { categorySlug: category });
      // Accounts as sign-in leaves them: a proven e-mail with a password hash, a proven phone.
      const [anna] = await db
        .insert(users)
        .values({
          name: 'Анна',
          email: 'anna@shop.example',
          emailVerified: true,
          passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
          phone: '79001234567',
          phoneVerified: true,
          role: 'admin',
        })
        .returning({ id: users.id });
      await db.insert(users).values({ name: 'Борис', phone: '79007654321', phoneVerified: true });
      const operator = anna?.id ?? null;
      await placeOrder(db, `${dress.id}-S`, 1, operator);
      await placeOrder(db, `${dress.id}-M`, 2);
      await placeOrder(db, `${coat.id}-L`, 3);
      saved = await snapshot(db);
    } finally {
      await database.close();
    }
    // Photos as the shop stores them, plus a binary file with every byte value.
    for (const photo of saved.photos) {
      const file = path.join(source.mediaDir, `${photo.src}.webp`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, randomBytes(2048));
    }
    fs.writeFileSync(path.join(source.mediaDir, 'banner.bin'), Buffer.from([...Array(256).keys()]));
    savedMedia = mediaFiles(source.mediaDir);

    // One backup into an existing folder (a dated folder appears inside), shared by the tests below.
    const made = await runScript('backup', backups, source.env);
    if (made.code !== 0) throw new Error(`backup failed:\n${made.output}`);
    const [folder] = fs.readdirSync(backups).filter((name) => name.startsWith('shop-backup-'));
    if (!folder) throw new Error(`no dated backup folder in ${backups}:\n${made.output}`);
    backupPath = path.join(backups, folder);
  }, 180_000);

  afterAll(async () => {
    for (const place of places) await place.remove();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  it('restores every order, account and photo byte for byte into a fresh place', async () => {
    expect(saved.orders).toHaveLength(3);
    expect(saved.users).toHaveLength(2);
    expect(saved.photos).toHaveLength(4);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupPath, 'manifest.json'), 'utf8'));
    expect(fs.readFileSync(path.join(backupPath, 'manifest.sig'), 'utf8')).toMatch(
      /^hmac-sha256:[0-9a-f]{64}\n$/,
    );
    expect(manifest).toMatchObject({
      engine,
      counts: { orders: 3, users: 2, photos: 4, mediaFiles: 5 },
      migrations: { last: expect.stringMatching(/^\d{4}_/) },
    });

    const target = await newPlace();
    const restored = await runScript('restore', backupPath, target.env);
    expect(restored.code, restored.output).toBe(0);

    expect(mediaFiles(target.mediaDir)).toEqual(savedMedia);
    const database = await target.open();
    try {
      expect(await snapshot(database.db)).toEqual(saved);
      // Sequences come back too: the next order continues the numbering.
      const dress = saved.photos[0]?.groupId ?? '';
      await placeOrder(database.db, `${dress}-S`, 4);
      const numbers = (await snapshot(database.db)).orders.map((o) => o.number);
      expect(numbers).toHaveLength(4);
      expect(numbers[3]).toBeGreaterThan(Math.max(...saved.orders.map((o) => o.number)));
    } finally {
      await database.close();
    }
  }, 240_000);

  it('writes one archive file when the target ends in .tar.gz, and restores from it', async () => {
    const archive = path.join(backups, 'shop.tar.gz');
    const made = await runScript('backup', archive, source.env);
    expect(made.code, made.output).toBe(0);
    expect(fs.statSync(archive).isFile()).toBe(true);

    const target = await newPlace();
    const restored = await runScript('restore', archive, target.env);
    expect(restored.code, restored.output).toBe(0);
    const database = await target.open();
    try {
      expect((await snapshot(database.db)).orders).toEqual(saved.orders);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('refuses to restore into a database or media folder that is not empty, and changes nothing', async () => {
    const refused = await runScript('restore', backupPath, source.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Refusing to restore: .*not empty/);
    const database = await source.open();
    try {
      expect(await snapshot(database.db)).toEqual(saved);
    } finally {
      await database.close();
    }
    expect(mediaFiles(source.mediaDir)).toEqual(savedMedia);

    const onlyMedia = await newPlace();
    fs.mkdirSync(onlyMedia.mediaDir, { recursive: true });
    fs.writeFileSync(path.join(onlyMedia.mediaDir, 'keep.txt'), 'mine');
    const refusedMedia = await runScript('restore', backupPath, onlyMedia.env);
    expect(refusedMedia.code).toBe(1);
    expect(refusedMedia.output).toMatch(/media folder .* is not empty/);
    expect(fs.readdirSync(onlyMedia.mediaDir)).toEqual(['keep.txt']);
  }, 240_000);

  it('refuses a damaged backup before touching the target', async () => {
    const damaged = path.join(backups, 'damaged');
    fs.cpSync(backupPath, damaged, { recursive: true });
    const photo = path.join(damaged, 'media', 'banner.bin');
    fs.writeFileSync(photo, 'not the banner');

    const target = await newPlace();
    const refused = await runScript('restore', damaged, target.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/backup is damaged: media\/banner\.bin/);
    expect(fs.existsSync(target.mediaDir)).toBe(false);
    if (engine === 'pglite')
      expect(fs.existsSync(path.join(target.env.DATA_DIR ?? '', 'pglite'))).toBe(false);
  }, 240_000);

  it('refuses a tampered file whose manifest checksum was rewritten to match, before touching the target', async () => {
    const forged = path.join(backups, 'forged');
    fs.cpSync(backupPath, forged, { recursive: true });
    const manifestFile = path.join(forged, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    // The database file and a media file replaced, their sizes and SHA-256 rewritten in the manifest.
    const dump = path.join(forged, manifest.database.path);
    const bytes = fs.readFileSync(dump);
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    fs.writeFileSync(dump, bytes);
    manifest.database.sha256 = createHash('sha256').update(bytes).digest('hex');
    const banner = manifest.media.find((f: { path: string }) => f.path === 'banner.bin');
    fs.writeFileSync(path.join(forged, 'media', 'banner.bin'), 'not the banner');
    banner.sha256 = createHash('sha256').update('not the banner').digest('hex');
    banner.bytes = 14;
    fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);

    const target = await newPlace();
    const refused = await runScript('restore', forged, target.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/signature does not verify: its manifest was changed/);
    expect(fs.existsSync(target.mediaDir)).toBe(false);
    if (engine === 'pglite')
      expect(fs.existsSync(path.join(target.env.DATA_DIR ?? '', 'pglite'))).toBe(false);
  }, 240_000);

  it('refuses a backup with a media file the signed manifest does not list', async () => {
    const added = path.join(backups, 'added');
    fs.cpSync(backupPath, added, { recursive: true });
    fs.writeFileSync(path.join(added, 'media', 'extra.svg'), '<svg onload="alert(1)"/>');
    const target = await newPlace();
    const refused = await runScript('restore', added, target.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/backup is damaged: media\/extra\.svg \(not in the manifest\)/);
    expect(fs.existsSync(target.mediaDir)).toBe(false);
  }, 240_000);

  it('refuses a backup signed with another key', async () => {
    const target = await newPlace();
    const refused = await runScript('restore', backupPath, {
      ...target.env,
      BACKUP_SIGNING_KEY: 'another-key-'.repeat(4),
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/signature does not verify: .*another BACKUP_SIGNING_KEY/);
    expect(fs.existsSync(target.mediaDir)).toBe(false);
  }, 240_000);

  it('refuses an unsigned backup unless --unsigned is given, then restores it with a warning', async () => {
    const unsigned = path.join(backups, 'unsigned');
    fs.cpSync(backupPath, unsigned, { recursive: true });
    fs.rmSync(path.join(unsigned, 'manifest.sig'));

    const target = await newPlace();
    const refused = await runScript('restore', unsigned, target.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/not signed \(no manifest\.sig\).*--unsigned/);
    expect(fs.existsSync(target.mediaDir)).toBe(false);

    const restored = await runScript('restore', ['--unsigned', unsigned], target.env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/WARNING: restoring an UNSIGNED backup/);
    expect(mediaFiles(target.mediaDir)).toEqual(savedMedia);
    const database = await target.open();
    try {
      expect((await snapshot(database.db)).orders).toEqual(saved.orders);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('refuses to back up without BACKUP_SIGNING_KEY and writes nothing', async () => {
    const { BACKUP_SIGNING_KEY: _, ...withoutKey } = source.env;
    const refused = await runScript('backup', path.join(backups, 'no-key'), withoutKey);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/BACKUP_SIGNING_KEY is not set/);
    expect(fs.existsSync(path.join(backups, 'no-key'))).toBe(false);
  }, 120_000);

  it.runIf(engine === 'pglite')(
    'refuses to back up the embedded database while the shop holds it',
    async () => {
      const release = lockDataFolder(path.join(source.env.DATA_DIR ?? '', 'pglite'));
      try {
        const refused = await runScript('backup', path.join(backups, 'while-running'), source.env);
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/already open in process \d+.*\n.*only while the shop is stopped/);
        expect(fs.existsSync(path.join(backups, 'while-running'))).toBe(false);
      } finally {
        release();
      }
    },
    120_000,
  );
});
