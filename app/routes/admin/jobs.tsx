import '../../admin/ui/kit.css';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { jobKindName, type StaffMessageKey, staffMessage } from '../../../core/staff-messages.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale } from '../../admin/i18n.ts';
import { callApi, endpoint } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

interface FailedJob {
  id: number;
  kind: string;
  key: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** The failed jobs' endpoints (server/routes/admin/jobs.routes.ts). */
const jobsApi = {
  failed: endpoint<{ rows: FailedJob[] }>('GET', () => '/api/admin/jobs/failed'),
  retry: endpoint<unknown, undefined, { id: number }>('POST', (p) => `/api/admin/jobs/${p.id}/retry`),
};

export async function clientLoader() {
  return callApi(jobsApi.failed);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * Background jobs that used up their tries (messages, alerts, recurring work): each can be retried;
 * every retry is recorded in the audit log (docs/decisions/0021-durable-jobs-and-messages.md).
 */
export default function Jobs() {
  const locale = useAdminLocale();
  const t = (key: StaffMessageKey, params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const { rows } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [last, setLast] = useState<number | null>(null);
  const retry = useAction(async (id: number) => {
    setLast(id);
    await callApi(jobsApi.retry, { id });
    await revalidator.revalidate();
  });

  const columns: Column<FailedJob>[] = [
    { key: 'id', header: t('jobs.col.number'), render: (job) => job.id },
    {
      key: 'kind',
      header: t('jobs.col.job'),
      render: (job) => <span title={`${job.kind} ${job.key}`}>{jobKindName(job.kind, locale)}</span>,
    },
    { key: 'attempts', header: t('jobs.col.tries'), numeric: true, render: (job) => job.attempts },
    {
      key: 'error',
      header: t('jobs.col.error'),
      render: (job) => job.lastError ?? '—',
    },
    {
      key: 'created',
      header: t('jobs.col.created'),
      hideOnPhone: true,
      render: (job) => formatDateTime(job.createdAt, locale),
    },
    {
      key: 'actions',
      header: <span className="adm-kit-sr">{t('jobs.col.actions')}</span>,
      render: (job) => (
        <button
          type="button"
          className="adm-btn"
          disabled={retry.busy}
          aria-label={t('jobs.retry_of', { number: job.id })}
          onClick={() => void retry.run(job.id)}
        >
          {t('jobs.retry')}
        </button>
      ),
    },
  ];

  return (
    <div className="adm-page">
      <PageHead title={t('jobs.title')} hint={t('jobs.hint')} />
      <ErrorNote message={retry.error} />
      {retry.done && last !== null ? <StatusNote>{t('jobs.retried', { number: last })}</StatusNote> : null}
      <DataTable
        label={t('jobs.title')}
        columns={columns}
        rows={rows}
        rowKey={(job) => job.id}
        loading={revalidator.state === 'loading'}
        empty={t('jobs.none')}
      />
    </div>
  );
}
