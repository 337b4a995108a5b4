import '../../admin/audit/audit.css';
import '../../admin/ui/kit.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { Locale } from '../../../core/i18n.ts';
import {
  auditActionCodes,
  auditActionName,
  auditActorText,
  auditEntityName,
} from '../../../core/staff-messages.ts';
import { type AuditQuery, type AuditRow, auditApi } from '../../admin/audit/audit-api.ts';
import { AuditDiff } from '../../admin/customers/audit-diff.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale } from '../../admin/i18n.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { FilterBar, useListAddress } from '../../admin/ui/filter-bar.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { LoadMore } from '../../admin/ui/pager.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

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

function filtersOf(url: URL): AuditQuery {
  const filters: Record<string, string> = {};
  for (const key of FILTERS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

export async function clientLoader({ request }: { request: Request }) {
  const filters = filtersOf(new URL(request.url));
  return { ...(await callApi(auditApi.list, filters)), filters };
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
  const t = useStaffText();
  const locale = useAdminLocale();
  const first = useLoaderData<typeof clientLoader>();
  const [rows, setRows] = useState<AuditRow[]>(first.rows);
  const [next, setNext] = useState(first.next);
  const address = useListAddress(FILTERS, { column: 'at', dir: 'desc' });
  // A new filter is a new first page.
  useEffect(() => {
    setRows(first.rows);
    setNext(first.next);
  }, [first]);

  const more = useAction(async () => {
    if (next === null) return;
    const page = await callApi(auditApi.list, { ...first.filters, before: next });
    setRows((r) => [...r, ...page.rows]);
    setNext(page.next);
  });

  const f = first.filters;
  return (
    <div className="adm-page">
      <PageHead title={t('customer_page.audit_log')} hint={t('audit_log.newest_first')} />
      <FilterBar key={JSON.stringify(f)} keys={FILTERS} onApply={address.setFilters} onReset={address.reset}>
        <label className="adm-field">
          {t('audit_log.entity')}
          <select name="entityType" defaultValue={f.entityType ?? ''}>
            <option value="">{t('audit_log.any')}</option>
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
          {t('audit_log.number_id')}
          <input name="entityId" defaultValue={f.entityId ?? ''} maxLength={100} />
        </label>
        <label className="adm-field adm-audit__action">
          {t('audit_log.action')}
          <select name="action" defaultValue={f.action ?? ''}>
            <option value="">{t('kit.any')}</option>
            {actionOptions(locale, f.action).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {t('pickup.from')}
          <input name="from" type="date" defaultValue={f.from ?? ''} />
        </label>
        <label className="adm-field">
          {t('audit_log.to')}
          <input name="to" type="date" defaultValue={f.to ?? ''} />
        </label>
        {f.actorId ? <input type="hidden" name="actorId" value={f.actorId} /> : null}
      </FilterBar>
      {rows.length === 0 ? (
        <p className="adm-muted">{t('audit_log.no_records')}</p>
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
                <AuditDiff before={r.before} after={r.after} />
              </li>
            );
          })}
        </ol>
      )}
      <LoadMore hasMore={next !== null} busy={more.busy} error={more.error} onMore={() => void more.run()} />
    </div>
  );
}
