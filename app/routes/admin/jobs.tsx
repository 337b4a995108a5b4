import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { jobKindName } from '../../../core/staff-messages.ts';
import { AdminApiError, adminApi } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';

interface FailedJob {
  id: number;
  kind: string;
  key: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export async function clientLoader() {
  return adminApi<{ rows: FailedJob[] }>('/api/admin/jobs/failed');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * Background jobs that used up their tries (messages, alerts, recurring work): each can be retried;
 * every retry is recorded in the audit log (docs/decisions/0021-durable-jobs-and-messages.md).
 */
export default function Jobs() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { rows } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState('');
  async function retry(id: number) {
    setBusy(id);
    setError('');
    try {
      await adminApi(`/api/admin/jobs/${id}/retry`, { method: 'POST' });
      await revalidate();
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Фоновые задачи с ошибкой', 'Failed jobs')}</h1>
        <span className="adm-muted">
          {tr(
            'сообщения и работы, не выполненные после всех попыток',
            'messages and work that failed every try',
          )}
        </span>
      </div>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="adm-muted">{tr('Ошибок нет', 'No failed jobs')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>№</th>
                <th>{tr('Задача', 'Job')}</th>
                <th>{tr('Попыток', 'Tries')}</th>
                <th>{tr('Ошибка', 'Error')}</th>
                <th>{tr('Создана', 'Created')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((job) => (
                <tr key={job.id}>
                  <td>{job.id}</td>
                  <td title={`${job.kind} ${job.key}`}>{jobKindName(job.kind, locale)}</td>
                  <td>{job.attempts}</td>
                  <td>{job.lastError ?? '—'}</td>
                  <td>{formatDateTime(job.createdAt, locale)}</td>
                  <td>
                    <button
                      type="button"
                      className="adm-btn"
                      disabled={busy === job.id}
                      onClick={() => void retry(job.id)}
                    >
                      {tr('Повторить', 'Retry')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
