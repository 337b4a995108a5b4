import type { MediaStoreConfig } from '../config/env.ts';
import { createFolderStore } from './folder-store.ts';
import type { MediaStore } from './media-store.ts';
import { createS3Store } from './s3-store.ts';

/** The media store the configuration chooses (`MEDIA_STORE`, DECISIONS 38). */
export function createMediaStore(config: MediaStoreConfig): MediaStore {
  return config.kind === 's3' ? createS3Store(config) : createFolderStore(config.dir);
}
