import { useEffect, useState } from 'react';
import { Form, Link, useLoaderData } from 'react-router';
import type { Locale } from '../../../core/i18n.ts';
import {
  auditActionCodes,
  auditActionName,
  auditActorText,
  auditEntityName,
} from '../../../core/staff-messages.ts';
import { adminApi, errorText } from '../../admin/api.ts';
import { AuditDiff } from '../../admin/customers/audit-diff.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';

interface AuditRow {
  id: number;
  at: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  ip: string;
}
interface AuditPage {
  rows: AuditRow[];
  next: number | null;
}

const KNOWN_TYPES = [
  'order',
  'customer',
  'return',
  'staff',
  'staff-invite',
  'product',
  'promo_code',
  'settings',
];

/** The action filter's choices by name, alphabetical; a chosen action the catalogue lacks stays chosen. */
function actionOptions(locale: Locale, chosen: string | undefined): [string, string][] {
  const codes =
    chosen && !auditActionCodes.includes(chosen) ? [...auditActionCodes, chosen] : auditActionCodes;
  return codes
    .map((code): [string, string] => [code, auditActionName(code, locale)])
    .sort((a, b) => a[1].localeCompare(b[1], locale));
}
const FILTERS = ['entityType', 'entityId', 'actorId', 'action', 'from', 'to'] as const;

function filtersOf(url: URL): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTERS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

export async function clientLoader({ request }: { request: Request }) {
  const params = filtersOf(new URL(request.url));
  const page = await adminApi<AuditPage>(`/api/admin/audit?${params}`);
  return {
    ...page,
    filters: Object.fromEntries(params) as Partial<Record<(typeof FILTERS)[number], string>>,
  };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Where a record's entity lives in the back office, when it has a page. */
function entityLink(type: string, id: string): string | null {
  if (type === 'order') return `/admin/orders/${id}`;
  if (type === 'customer') return `/admin/customers/${id}`;
  return null;
}

export default function AuditPageView() {
  const tr = useTr();
  const locale = useAdminLocale();
  const first = useLoaderData<typeof clientLoader>();
  const [rows, setRows] = useState<AuditRow[]>(first.rows as AuditRow[]);
  const [next, setNext] = useState(first.next);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new filter is a new first page.
  useEffect(() => {
    setRows(first.rows as AuditRow[]);
    setNext(first.next);
  }, [first]);

  async function loadMore() {
    if (next === null) return;
    setBusy(true);
    setError(null);
    try {
      const params = new URLSearchParams(first.filters as Record<string, string>);
      params.set('before', String(next));
      const page = await adminApi<AuditPage>(`/api/admin/audit?${params}`);
      setRows((r) => [...r, ...page.rows]);
      setNext(page.next);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const f = first.filters;
  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Журнал изменений', 'Audit log')}</h1>
        <span className="adm-muted">{tr('новые сверху', 'newest first')}</span>
      </div>
      <Form method="get" className="adm-filters" aria-label={tr('Фильтры', 'Filters')}>
        <label className="adm-field">
          {tr('Объект', 'Entity')}
          <select name="entityType" defaultValue={f.entityType ?? ''}>
            <option value="">{tr('любой', 'any')}</option>
            {KNOWN_TYPES.map((type) => (
              <option key={type} value={type}>
                {auditEntityName(type, locale)}
              </option>
            ))}
            {f.entityType && !KNOWN_TYPES.includes(f.entityType) ? (
              <option value={f.entityType}>{auditEntityName(f.entityType, locale)}</option>
            ) : null}
          </select>
        </label>
        <label className="adm-field">
          {tr('Номер / id', 'Number / id')}
          <input name="entityId" defaultValue={f.entityId ?? ''} maxLength={100} />
        </label>
        <label className="adm-field">
          {tr('Действие', 'Action')}
          <select name="action" defaultValue={f.action ?? ''}>
            <option value="">{tr('любое', 'any')}</option>
            {actionOptions(locale, f.action).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {tr('С', 'From')}
          <input name="from" type="date" defaultValue={f.from ?? ''} />
        </label>
        <label className="adm-field">
          {tr('По', 'To')}
          <input name="to" type="date" defaultValue={f.to ?? ''} />
        </label>
        {f.actorId ? <input type="hidden" name="actorId" value={f.actorId} /> : null}
        <button type="submit" className="adm-btn adm-btn--primary">
          {tr('Показать', 'Show')}
        </button>
        <Link to="/admin/audit" className="adm-btn">
          {tr('Сбросить', 'Reset')}
        </Link>
      </Form>
      {rows.length === 0 ? (
        <p className="adm-muted">{tr('Записей нет', 'No records')}</p>
      ) : (
        <ol className="adm-audit">
          {rows.map((r) => {
            const link = entityLink(r.entityType, r.entityId);
            return (
              <li key={r.id} className="adm-card adm-audit__item">
                <div className="adm-audit__head">
                  <strong>{auditActionName(r.action, locale)}</strong>
                  <span>
                    {auditEntityName(r.entityType, locale)}{' '}
                    {/* The record's identifier (a number, an address name, a text's key): set as an id. */}
                    {link ? (
                      <Link className="adm-id" to={link}>
                        {r.entityId}
                      </Link>
                    ) : (
                      <span className="adm-id">{r.entityId}</span>
                    )}
                  </span>
                  <span className="adm-muted">{formatDateTime(r.at, locale)}</span>
                  <span className="adm-muted">
                    {r.actorId ? (
                      <Link to={`/admin/audit?actorId=${r.actorId}`}>
                        {auditActorText(r.actorLabel, locale)}
                      </Link>
                    ) : (
                      auditActorText(r.actorLabel, locale)
                    )}
                    {r.ip ? ` · ${r.ip}` : ''}
                  </span>
                </div>
                <div className="adm-table-wrap">
                  <AuditDiff before={r.before} after={r.after} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {next !== null ? (
        <div className="adm-pager">
          <button type="button" className="adm-btn" onClick={loadMore} disabled={busy}>
            {tr('Показать ещё', 'Load more')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
