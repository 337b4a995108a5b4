import fs from 'node:fs';
import path from 'node:path';

export class DataFolderLockedError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The embedded database in ${folder} is already open in process ${pid}. ` +
        'PGlite cannot share a data folder between processes: stop that process, ' +
        'or give this one its own DATA_DIR, or use a PostgreSQL server (DATABASE_URL).',
    );
    this.name = 'DataFolderLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a data folder with a pid file created atomically (O_EXCL).
 * A lock left by a process that no longer runs (a crash, SIGKILL) is taken over.
 * Returns the release function.
 */
const heldHere = new Set<string>();

export function lockDataFolder(folder: string): () => void {
  const key = path.resolve(folder);
  // A lock file naming this very pid is stale (a container restarted with the same pid), but a
  // folder this process already holds must not be opened twice either.
  if (heldHere.has(key)) throw new DataFolderLockedError(folder, process.pid);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(path.dirname(folder), `${path.basename(folder)}.lock`);
  for (let attempt = 0; attempt < 3; attempt++) {
    // The lock appears with its pid already in it (written aside, then hard-linked into place),
    // so no other process can ever read a half-written lock.
    const aside = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(aside, String(process.pid));
    try {
      fs.linkSync(aside, file);
      heldHere.add(key);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(key);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const seen = fs.readFileSync(file, 'utf8');
      const holder = Number.parseInt(seen, 10);
      if (!Number.isInteger(holder)) {
        throw new Error(`The lock ${file} is unreadable; remove it by hand if no process uses ${folder}.`);
      }
      if (holder !== process.pid && isAlive(holder)) throw new DataFolderLockedError(folder, holder);
      // Stale: remove it only if it is still the lock we judged (another starter may have replaced it).
      if (fs.readFileSync(file, 'utf8') === seen) fs.rmSync(file, { force: true });
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }
  throw new Error(`Could not lock ${folder}`);
}
