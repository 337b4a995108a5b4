import type { Actor, AuditService } from '../audit/audit.service.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/client.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { EXCHANGE_IMPORT_JOB } from './onec-exchange.service.ts';

/**
 * `POST /api/admin/fetch-data` (the spec's `/api/fetch-data`, catalogue.md: "refreshes server
 * data"): applies the 1C uploads waiting for their import job now, then drops every cached read and
 * rendered page (on every instance) and the search index, which is rebuilt at the next search. docs/decisions/0031-catalogue-exchange.md.
 */
export function createCatalogueRefreshService({
  db,
  audit,
  jobs,
  cache = noReadCache,
  onRefresh,
}: {
  db: Db;
  audit: AuditService;
  jobs: Pick<JobsService, 'runDue'>;
  cache?: ReadCache;
  /** Drops the search index. */
  onRefresh?: () => void;
}) {
  async function refresh(actor: Actor | null): Promise<{ imports: number }> {
    const imports = await jobs.runDue({ kinds: [EXCHANGE_IMPORT_JOB], maxJobs: 20 });
    await db.transaction(async (tx) => {
      await audit.record(tx, actor, {
        action: 'catalogue.refresh',
        entityType: 'catalogue',
        entityId: '*',
        after: { imports },
      });
      await cache.announce(tx, [cacheTags.all]);
    });
    cache.invalidate([cacheTags.all]);
    onRefresh?.();
    return { imports };
  }
  return { refresh };
}
