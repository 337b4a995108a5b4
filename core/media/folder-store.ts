import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, contentTypeOf, type MediaStore } from './media-store.ts';

/** The media store in a folder of this machine (`MEDIA_DIR`), the default for one instance. */
export function createFolderStore(dir: string): MediaStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  async function stat(key: string) {
    try {
      const s = await fs.stat(fileOf(key));
      return s.isFile() ? s : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    kind: 'folder',
    dir: root,
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader or a crash never leaves half a file under the real name.
      const part = `${file}.${randomBytes(4).toString('hex')}.part`;
      await fs.writeFile(part, body);
      await fs.rename(part, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async stream(key, range) {
      const s = await stat(key);
      if (!s) return null;
      const span =
        range && s.size > 0
          ? { start: Math.min(range.start, s.size - 1), end: Math.min(range.end ?? s.size - 1, s.size - 1) }
          : null;
      return {
        body: createReadStream(fileOf(key), span ?? {}),
        size: span ? span.end - span.start + 1 : s.size,
        totalSize: s.size,
        range: span,
        contentType: contentTypeOf(key),
        etag: `W/"${s.size.toString(16)}-${s.mtimeMs.toString(16)}"`,
        lastModified: s.mtime,
      };
    },
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })));
    },
    async list(prefix) {
      const base = path.join(root, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      let entries: string[];
      try {
        entries = await fs.readdir(base, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const keys: string[] = [];
      for (const entry of entries) {
        const key = path.relative(root, path.join(base, entry)).split(path.sep).join('/');
        if (!key.startsWith(prefix) || key.endsWith('.part')) continue;
        if ((await fs.stat(path.join(base, entry))).isFile()) keys.push(key);
      }
      return keys;
    },
  };
}
