import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertSafeKey,
  type ByteRange,
  contentTypeOf,
  type MediaStore,
  type StoredMedia,
} from './media-store.ts';

export interface S3StoreOptions {
  /** The S3-compatible service; AWS itself when null. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` addresses, as most self-hosted servers need. */
  forcePathStyle: boolean;
  /**
   * Deadlines of a bucket that stops answering (the other providers' 4 s guard would cut a large
   * upload that is still moving): the connection within `connectMs`, then no more than `idleMs`
   * without a byte either way. Defaults 3 s and 10 s.
   */
  connectMs?: number;
  idleMs?: number;
}

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * The media store in an S3-compatible bucket (DECISIONS 38): every instance of the shop reads and
 * writes the same objects, so a photo uploaded through one is served by all.
 */
export function createS3Store(options: S3StoreOptions): MediaStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where the service requires them: many S3-compatible servers reject the newer
    // default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: options.connectMs ?? 3_000,
      socketTimeout: options.idleMs ?? 10_000,
    },
    // One retry: a hanging bucket costs at most two deadlines, never the SDK's default three.
    maxAttempts: 2,
  });
  const Bucket = options.bucket;

  async function stream(key: string, range?: ByteRange): Promise<StoredMedia | null> {
    assertSafeKey(key);
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      if (!answer.Body) return null;
      // `bytes 0-99/1234`: the span sent and the whole object's size.
      const spanned = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const size = answer.ContentLength ?? 0;
      return {
        body: answer.Body as Readable,
        size,
        totalSize: spanned ? Number(spanned[3]) : size,
        range: spanned ? { start: Number(spanned[1]), end: Number(spanned[2]) } : null,
        contentType: answer.ContentType ?? contentTypeOf(key),
        etag: answer.ETag ?? null,
        lastModified: answer.LastModified ?? null,
      };
    } catch (error) {
      if (missing(error)) return null;
      // A range that starts past the end: nothing to send, as the folder store sends nothing.
      if (range && error instanceof S3ServiceException && error.name === 'InvalidRange') {
        return {
          body: Readable.from([]),
          size: 0,
          totalSize: 0,
          range: null,
          contentType: contentTypeOf(key),
          etag: null,
          lastModified: null,
        };
      }
      throw error;
    }
  }

  return {
    kind: 's3',
    dir: null,
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      const found = await stream(key);
      if (!found) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of Readable.from(found.body)) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream,
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        for (const key of batch) assertSafeKey(key);
        if (batch.length === 0) continue;
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
