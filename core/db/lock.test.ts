import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataFolderLockedError, lockDataFolder } from './lock.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function tempFolder(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-')), 'pglite');
}

/**
 * Starts another process that holds `folder`'s lock as the embedded database's opening takes it, and
 * keeps it. It takes the lock alone: a fresh database's first opening (its initdb) took 30 s on a
 * loaded machine and proved nothing more; that opening takes the lock is the test below.
 */
async function holdInAnotherProcess(folder: string): Promise<ChildProcess> {
  const script = `
    import { lockDataFolder } from ${JSON.stringify(path.resolve('core/db/lock.ts'))};
    lockDataFolder(${JSON.stringify(folder)});
    console.log('open');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('open')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

describe('the PGlite data-folder lock', () => {
  it('refuses a second process with a message naming the folder and the holder', async () => {
    const folder = tempFolder();
    const holder = await holdInAnotherProcess(folder);
    let error: unknown;
    try {
      lockDataFolder(folder);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataFolderLockedError);
    expect((error as Error).message).toContain(folder);
    expect((error as Error).message).toContain(`process ${holder.pid}`);
  });

  it('takes over a lock left by a process that was killed', async () => {
    const folder = tempFolder();
    const holder = await holdInAnotherProcess(folder);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const release = lockDataFolder(folder);
    expect(fs.readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
  });

  it('opening the embedded database takes the lock first: a held folder is refused before anything opens', async () => {
    const folder = tempFolder();
    const release = lockDataFolder(folder);
    await expect(openDatabase({ kind: 'pglite', dataDir: folder })).rejects.toBeInstanceOf(
      DataFolderLockedError,
    );
    // Nothing was written into the folder (the lock made it empty): no database was begun.
    expect(fs.readdirSync(folder)).toEqual([]);
    release();
  });

  it('refuses a second opening in the same process until released', () => {
    const folder = tempFolder();
    const release = lockDataFolder(folder);
    expect(() => lockDataFolder(folder)).toThrow(DataFolderLockedError);
    release();
    lockDataFolder(folder)();
  });

  it('treats a lock file naming its own pid as stale (a restarted container)', () => {
    const folder = tempFolder();
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(`${folder}.lock`, String(process.pid));
    const release = lockDataFolder(folder);
    release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
  });
});
