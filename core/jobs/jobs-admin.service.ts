import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { JobRow, JobsService } from './jobs.service.ts';

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

function view(job: JobRow) {
  return {
    id: job.id,
    kind: job.kind,
    key: job.key,
    attempts: job.attempts,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** The back office's jobs page: failed jobs, and a retry recorded in the audit log. */
export function createJobsAdminService({
  db,
  jobs,
  audit,
}: {
  db: Db;
  jobs: JobsService;
  audit: AuditService;
}) {
  return {
    async listFailed() {
      return { rows: (await jobs.listFailed(200)).map(view) };
    },
    async retry(id: number, actor: Actor, locale: Locale) {
      const job = await jobs.get(id);
      if (!job) throw new AppError('not_found', t(locale, 'Задача не найдена', 'Job not found'));
      await db.transaction(async (tx) => {
        if (!(await jobs.retry(id, tx)))
          throw new AppError(
            'conflict',
            t(locale, 'Задача уже не в ошибке', 'The job has not failed (any more)'),
          );
        await audit.record(tx, actor, {
          action: 'job.retry',
          entityType: 'job',
          entityId: String(id),
          before: {
            status: 'failed',
            kind: job.kind,
            key: job.key,
            attempts: job.attempts,
            lastError: job.lastError,
          },
          after: { status: 'pending' },
        });
      });
      return { ok: true as const };
    },
  };
}
