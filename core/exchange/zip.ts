import { closeSync, createReadStream, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';

export interface ZipLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may unpack to. */
  maxTotalBytes: number;
  /** Most bytes unpacked per byte read, past the first megabyte (a zip bomb's sign). */
  maxRatio: number;
}

export const defaultZipLimits: ZipLimits = { maxEntries: 2_000, maxTotalBytes: 1_073_741_824, maxRatio: 200 };

export class ZipRefused extends Error {}

/** A safe relative path for an entry, or null (absolute, `..`, odd characters). */
function entryPath(name: string): string | null {
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || n.length > 255) return null;
  const parts = n.split('/').filter((p) => p !== '');
  if (parts.length === 0 || parts.some((p) => p === '..' || p === '.')) return null;
  if (!parts.every((p) => /^[\p{L}\p{N}_ .-]+$/u.test(p))) return null;
  return parts.join('/');
}

/**
 * Unpacks `zipFile` into `dir` as it streams (fflate), never holding an entry whole. Refused, with
 * whatever it had written removed, when the archive has too many entries, unpacks past
 * `maxTotalBytes`, unpacks far more than it reads (a zip bomb), or names a path outside `dir`.
 * Returns the entries written (directories skipped).
 */
export async function extractZip(
  zipFile: string,
  dir: string,
  limits: ZipLimits = defaultZipLimits,
): Promise<string[]> {
  const written: string[] = [];
  let entries = 0;
  let out = 0;
  let read = 0;
  let failure: Error | null = null;
  const openFiles = new Set<number>();
  const unzip = new Unzip((file) => {
    if (failure) return;
    entries += 1;
    if (entries > limits.maxEntries) {
      failure = new ZipRefused(`в архиве больше ${limits.maxEntries} файлов`);
      return;
    }
    if (file.name.endsWith('/')) return;
    const rel = entryPath(file.name);
    if (!rel) {
      failure = new ZipRefused(`в архиве недопустимый путь «${file.name}»`);
      return;
    }
    const target = path.join(dir, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    const fd = openSync(target, 'w');
    openFiles.add(fd);
    written.push(rel);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new ZipRefused(`архив повреждён: ${error.message}`);
        return;
      }
      out += chunk.length;
      if (out > limits.maxTotalBytes) {
        failure = new ZipRefused(`архив распаковывается больше чем в ${limits.maxTotalBytes} байт`);
        return;
      }
      if (out > 1_048_576 && out > read * limits.maxRatio) {
        failure = new ZipRefused(
          `архив распаковывается больше чем в ${limits.maxRatio} раз от своего размера: отклонён как зип-бомба`,
        );
        return;
      }
      writeSync(fd, chunk);
      if (final) {
        closeSync(fd);
        openFiles.delete(fd);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of createReadStream(zipFile, { highWaterMark: 64 * 1024 })) {
      const bytes = chunk as Buffer;
      read += bytes.length;
      // Fed in small slices so a bomb is caught after little output.
      for (let i = 0; i < bytes.length && !failure; i += 16 * 1024) {
        unzip.push(bytes.subarray(i, i + 16 * 1024));
      }
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    failure =
      error instanceof ZipRefused ? error : new ZipRefused(`архив повреждён: ${(error as Error).message}`);
  }
  for (const fd of openFiles) closeSync(fd);
  if (failure) {
    for (const rel of written) rmSync(path.join(dir, rel), { force: true });
    throw failure;
  }
  return written;
}
