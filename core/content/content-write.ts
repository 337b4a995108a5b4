import type { createAuditService } from '../audit/audit.service.ts';
import { announcedWrite } from '../cache/announced-write.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { Db, Tx } from '../db/client.ts';

/** Every content write drops the cached pages: they all read the settings and texts. */
export const contentTags = [cacheTags.settings];

/** What the content services record staff changes with. */
export type ContentAudit = Pick<ReturnType<typeof createAuditService>, 'record'>;

/** What every content service (pages, looks, texts, settings) is built from. */
export interface ContentServiceDeps {
  db: Db;
  audit: ContentAudit;
  clock: () => Date;
  cache?: ReadCache;
}

/**
 * The content services' one way to write: a transaction whose commit tells every instance to drop
 * its cached pages (core/cache/announced-write.ts), and the edit stamp of a changed record.
 */
export function contentWrites({ db, clock, cache = noReadCache }: Omit<ContentServiceDeps, 'audit'>) {
  return {
    write: <T>(work: (tx: Tx) => Promise<T>) => announcedWrite(db, cache, (tx) => work(tx), contentTags),
    /** A version stamp strictly after the previous one, even when the clock stands still. */
    nextStamp: (previous: Date | undefined) =>
      new Date(Math.max(clock().getTime(), (previous?.getTime() ?? 0) + 1)),
  };
}
