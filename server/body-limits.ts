// The largest request bodies the shop accepts, in one place: the proxy in front of it
// (deploy/nginx/shop.conf) must let each of them through, and server/body-limits.test.ts fails
// when the two drift apart.

import { exchangeEnvShape } from '../core/config/exchange-env.ts';
import { MAX_CSV_BYTES } from '../core/exchange/csv.service.ts';
import { MAX_PHOTO_BYTES, MAX_UPLOAD_BYTES, MAX_VIDEO_BYTES } from '../core/media/media.rules.ts';

/** A JSON (or form) body anywhere else: Fastify's `bodyLimit` for the whole app. */
export const JSON_BODY_LIMIT = 1_048_576;

/** Room a multipart form takes beyond its files' bytes: the boundaries and each part's headers. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The 1C exchange's piece size when ONEC_FILE_LIMIT is not set (a `file` call's raw body). */
export const DEFAULT_ONEC_PIECE_BYTES: number = exchangeEnvShape.ONEC_FILE_LIMIT.parse(undefined);

export interface BodyLimit {
  /** What is uploaded there. */
  what: string;
  /** The routes, as an example path each (`:id` filled in), that take such a body. */
  paths: string[];
  /** The largest body the shop accepts there, in bytes. */
  bytes: number;
}

/** Every route whose body may be larger than JSON_BODY_LIMIT. */
export const LARGE_BODY_LIMITS: BodyLimit[] = [
  {
    what: 'product photos, up to ten at once and MAX_UPLOAD_BYTES together',
    paths: ['/api/admin/products/17/photos'],
    bytes: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  },
  {
    what: 'a page image',
    paths: ['/api/admin/media/images'],
    bytes: MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES,
  },
  {
    what: 'a product video',
    paths: ['/api/admin/products/17/videos', '/api/products/upload-video'],
    bytes: MAX_VIDEO_BYTES + MULTIPART_OVERHEAD_BYTES,
  },
  {
    what: 'a CSV import',
    paths: ['/api/admin/imports/csv/preview', '/api/admin/imports/csv/apply'],
    bytes: MAX_CSV_BYTES + MULTIPART_OVERHEAD_BYTES,
  },
  {
    what: "a piece of 1C's exchange file (ONEC_FILE_LIMIT's default)",
    paths: ['/api/1c/exchange'],
    bytes: DEFAULT_ONEC_PIECE_BYTES,
  },
];
