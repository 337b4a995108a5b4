import type { Readable } from 'node:stream';

/** Bytes `start` to `end` inclusive; no `end` means to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** One stored object as read for an answer: its bytes as a stream and what a response needs. */
export interface StoredMedia {
  body: Readable;
  /** Bytes in `body` (the range's when one was asked for). */
  size: number;
  /** The whole object's bytes. */
  totalSize: number;
  /** The bytes `body` holds when a range was asked for (inclusive), else null. */
  range: { start: number; end: number } | null;
  contentType: string;
  /** A validator for conditional requests, when the store gives one. */
  etag: string | null;
  lastModified: Date | null;
}

/**
 * Where photos, videos and page images live (DECISIONS 38): a folder by default, an S3-compatible
 * bucket when configured, so several instances share them. Keys are relative paths such as
 * `uploads/3f2a…-1600-960.avif`, never starting with `/` and never containing `..`.
 */
export interface MediaStore {
  /** `folder` or `s3`: the `/media/` route serves a folder from disk and streams a bucket. */
  readonly kind: 'folder' | 's3';
  /** The folder of a folder store (served as static files); null for a bucket. */
  readonly dir: string | null;
  /**
   * Stores `body` under `key`, replacing what was there. A reader never sees half an object: the
   * folder writes aside and renames, a bucket's PUT is atomic.
   */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The object as a stream with its size and type, or null when there is none; with `range`, only
   * those bytes (inclusive; `end` past the object is cut to its last byte). Videos need ranges.
   */
  stream(key: string, range?: ByteRange): Promise<StoredMedia | null>;
  /** Whether an object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removes the objects; keys that are not there are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key that starts with `prefix` (`uploads/`), in no particular order. */
  list(prefix: string): Promise<string[]>;
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
};

/** The content type a key's extension stands for (the shop names every file it writes). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return contentTypes[ext] ?? 'application/octet-stream';
}

/** True for a key the store may hold: relative, no `..`, no empty or hidden segments, plain characters. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  if (!/^[A-Za-z0-9._/-]+$/.test(key)) return false;
  return key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}
