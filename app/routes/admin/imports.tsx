import '../../admin/imports.css';
import '../../admin/ui/kit.css';
import { useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { auditActorText, type StaffMessageKey, staffMessage } from '../../../core/staff-messages.ts';
import { AdminApiError } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale } from '../../admin/i18n.ts';
import { uploadFiles } from '../../admin/media/upload.ts';
import { useStaff } from '../../admin/staff-context.ts';
import { callApi, endpoint } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

type CsvKind = 'products' | 'stock';
const PAGE = 50;

type Translate = (key: StaffMessageKey, params?: Record<string, string | number>) => string;
function useT(): Translate {
  const locale = useAdminLocale();
  return (key, params) => staffMessage(key, locale, params);
}

interface Report {
  created?: { categories: number; groups: number; variants: number; photos?: number };
  changed?: { categories: number; groups: number; variants: number; stock: number; prices: number };
  hidden?: number;
  /** Groups the 1C exchange had hidden, listed again and shown. */
  shown?: number;
  refused?: { line: number; id: string; reason: string }[];
  refusedOmitted?: number;
  warnings?: { line: number; reason: string }[];
  error?: string;
  changes?: { line: number; action: 'create' | 'change' | 'hide' | 'show'; target: string; detail: string }[];
  changesOmitted?: number;
  digest?: string;
  encoding?: string;
  rows?: number;
}

interface ImportRow {
  id: number;
  kind: 'commerceml-import' | 'commerceml-offers' | 'csv-products' | 'csv-stock';
  status: 'running' | 'applied' | 'refused' | 'failed';
  fileName: string;
  actor: string;
  startedAt: string;
  finishedAt: string | null;
  report: Report;
}

interface ExchangeSettings {
  url: string;
  enabled: boolean;
  loginSet: boolean;
  passwordSet: boolean;
  priceType: string;
  fileLimit: number;
  maxFileBytes: number;
}

interface CsvAnswer {
  importId: number | null;
  status: 'preview' | 'applied' | 'refused';
  report: Report;
}

/** The imports' endpoints (server/routes/admin/imports.routes.ts); files go by ../../admin/media/upload.ts. */
const importsApi = {
  history: endpoint<{ rows: ImportRow[] }, { limit: number; before?: number }>(
    'GET',
    () => '/api/admin/imports',
  ),
  settings: endpoint<{ exchange: ExchangeSettings | null }>('GET', () => '/api/admin/imports/settings'),
};

export async function clientLoader() {
  const [history, settings] = await Promise.all([
    callApi(importsApi.history, { limit: PAGE }),
    callApi(importsApi.settings),
  ]);
  return { rows: history.rows, exchange: settings.exchange };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export function meta() {
  return [{ title: 'Импорт и выгрузка' }, { name: 'robots', content: 'noindex' }];
}

const sum = (o: Record<string, number | undefined> | undefined) =>
  Object.values(o ?? {}).reduce<number>((a, b) => a + (b ?? 0), 0);

function Counts({ report }: { report: Report }) {
  const t = useT();
  const c = report.created;
  const ch = report.changed;
  const refused = (report.refused?.length ?? 0) + (report.refusedOmitted ?? 0);
  const parts = [
    ch?.stock ? t('imports.changes_stock', { count: ch.stock }) : '',
    ch?.prices ? t('imports.changes_prices', { count: ch.prices }) : '',
  ].filter(Boolean);
  return (
    <ul className="adm-imp__counts">
      <li>
        <strong>{(c?.groups ?? 0) + (c?.categories ?? 0)}</strong> {t('imports.created')}
        {c?.variants ? t('imports.created_sizes', { count: c.variants }) : ''}
        {c?.photos ? t('imports.created_photos', { count: c.photos }) : ''}
      </li>
      <li>
        <strong>{sum(ch)}</strong> {t('imports.changes')}
        {parts.length > 0 ? ` (${parts.join(', ')})` : ''}
      </li>
      <li>
        <strong>{report.hidden ?? 0}</strong> {t('imports.hidden')}
      </li>
      {report.shown ? (
        <li>
          <strong>{report.shown}</strong> {t('imports.shown')}
        </li>
      ) : null}
      <li className={refused > 0 ? 'adm-bad' : undefined}>
        <strong>{refused}</strong> {t('imports.refused_lines')}
      </li>
    </ul>
  );
}

type RefusedLine = NonNullable<Report['refused']>[number];
type ChangeLine = NonNullable<Report['changes']>[number];

function Refused({ report }: { report: Report }) {
  const t = useT();
  if (!report.refused?.length) return null;
  const columns: Column<RefusedLine>[] = [
    { key: 'line', header: t('imports.col.line'), numeric: true, render: (r) => r.line },
    {
      key: 'why',
      header: t('imports.col.why'),
      render: (r) => (
        <>
          {r.id ? <div className="adm-imp__id">{r.id}</div> : null}
          {r.reason}
        </>
      ),
    },
  ];
  return (
    <div className="adm-stack">
      <h4 className="adm-imp__h3">{t('imports.refused_title')}</h4>
      <DataTable
        label={t('imports.refused_title')}
        className="adm-imp__lines"
        columns={columns}
        rows={report.refused}
        rowKey={(r) => `${r.line}-${r.id}-${r.reason}`}
      />
      {report.refusedOmitted ? (
        <p className="adm-muted">{t('imports.more', { count: report.refusedOmitted })}</p>
      ) : null}
    </div>
  );
}

function Changes({ report }: { report: Report }) {
  const t = useT();
  if (!report.changes?.length) return <p className="adm-muted">{t('imports.nothing')}</p>;
  const columns: Column<ChangeLine>[] = [
    { key: 'line', header: t('imports.col.line'), numeric: true, render: (c) => c.line },
    { key: 'action', header: t('imports.col.action'), render: (c) => t(`imports.action.${c.action}`) },
    {
      key: 'what',
      header: t('imports.col.what'),
      render: (c) => (
        <>
          <div className="adm-imp__id">{c.target}</div>
          {c.detail}
        </>
      ),
    },
  ];
  return (
    <div className="adm-stack">
      <h4 className="adm-imp__h3">{t('imports.changes_title')}</h4>
      <DataTable
        label={t('imports.changes_title')}
        className="adm-imp__lines"
        columns={columns}
        rows={report.changes}
        rowKey={(c) => `${c.line}-${c.target}-${c.action}-${c.detail}`}
      />
      {report.changesOmitted ? (
        <p className="adm-muted">{t('imports.more', { count: report.changesOmitted })}</p>
      ) : null}
    </div>
  );
}

function CsvCard({ onApplied }: { onApplied: () => void }) {
  const t = useT();
  const staff = useStaff();
  const mayProducts = staff.role !== 'manager';
  const [kind, setKind] = useState<CsvKind>(mayProducts ? 'products' : 'stock');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvAnswer | null>(null);
  const [done, setDone] = useState<CsvAnswer | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const action = useAction(async (step: 'preview' | 'apply') => {
    if (!file) return;
    setDone(null);
    try {
      const digest = step === 'apply' && preview?.report.digest ? `&digest=${preview.report.digest}` : '';
      const answer = await uploadFiles<CsvAnswer>(
        `/api/admin/imports/csv/${step}?kind=${kind}${digest}`,
        [file],
        () => {},
      );
      if (step === 'preview') setPreview(answer);
      else {
        setPreview(null);
        setDone(answer);
        onApplied();
      }
    } catch (e) {
      // The file changed since its preview: the new preview comes with the refusal.
      if (e instanceof AdminApiError && e.status === 409 && e.current)
        setPreview({ importId: null, status: 'preview', report: e.current as Report });
      throw e;
    }
  });
  const busy = action.busy;
  const error = action.error ?? action.conflict?.message;

  const reset = () => {
    setPreview(null);
    setDone(null);
    action.reset();
  };
  const run = (step: 'preview' | 'apply') => action.run(step);
  const refusedFile = preview?.status === 'refused' || done?.status === 'refused';
  return (
    <section className="adm-card" aria-labelledby="imp-csv">
      <h2 id="imp-csv">{t('imports.csv_title')}</h2>
      <div className="adm-stack">
        <div className="adm-row">
          <label className="adm-field">
            {t('imports.file')}
            <select
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as CsvKind);
                reset();
              }}
            >
              {mayProducts ? <option value="products">{t('imports.kind.products')}</option> : null}
              <option value="stock">{t('imports.kind.stock')}</option>
            </select>
          </label>
          <a className="adm-btn" href={`/api/admin/imports/csv/template?kind=${kind}`} download>
            {t('imports.template')}
          </a>
          <a className="adm-btn" href={`/api/admin/imports/csv/export?kind=${kind}`} download>
            {t('imports.export')}
          </a>
        </div>
        <p className="adm-muted">
          {t('imports.csv_hint')}
          {mayProducts ? null : ` ${t('imports.manager_hint')}`}
        </p>
        <div className="adm-row">
          <label className="adm-field">
            {t('imports.csv_file')}
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                reset();
              }}
            />
          </label>
          <button
            type="button"
            className="adm-btn"
            disabled={!file || busy}
            onClick={() => void run('preview')}
          >
            {t('imports.preview')}
          </button>
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            disabled={!file || busy || preview?.status !== 'preview'}
            onClick={() => void run('apply')}
          >
            {t('imports.apply')}
          </button>
        </div>
        <ErrorNote message={error} />
        {preview ? (
          <div className="adm-stack" data-testid="csv-preview">
            <h3 className="adm-imp__h3">
              {t('imports.preview')}
              {preview.report.rows ? t('imports.preview_lines', { count: preview.report.rows }) : ''}
              {preview.report.encoding ? ` · ${preview.report.encoding}` : ''}
            </h3>
            {refusedFile ? (
              <p className="adm-error" role="alert">
                {t('imports.file_refused', { reason: preview.report.error ?? '' })}
              </p>
            ) : (
              <>
                <Counts report={preview.report} />
                <Changes report={preview.report} />
                <Refused report={preview.report} />
              </>
            )}
          </div>
        ) : null}
        {done ? (
          <div className="adm-stack" role="status">
            {done.status === 'applied' ? (
              <p className="adm-ok">{t('imports.applied', { number: done.importId ?? '' })}</p>
            ) : (
              <p className="adm-error">{t('imports.file_refused', { reason: done.report.error ?? '' })}</p>
            )}
            {done.status === 'applied' ? <Counts report={done.report} /> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function OneCCard({ exchange }: { exchange: ExchangeSettings | null }) {
  const t = useT();
  if (!exchange) return null;
  const yes = (v: boolean) => (v ? t('imports.onec_set') : t('imports.onec_not_set'));
  return (
    <section className="adm-card" aria-labelledby="imp-1c">
      <h2 id="imp-1c">{t('imports.onec_title')}</h2>
      <dl className="adm-dl">
        <dt>{t('imports.onec_url')}</dt>
        <dd>
          <code>{exchange.url}</code>
        </dd>
        <dt>{t('imports.onec_state')}</dt>
        <dd>
          <span className={`adm-badge ${exchange.enabled ? 'adm-badge--ok' : 'adm-badge--muted'}`}>
            {exchange.enabled ? t('imports.onec_on') : t('imports.onec_off')}
          </span>
        </dd>
        <dt>{t('imports.onec_login')}</dt>
        <dd>{yes(exchange.loginSet)}</dd>
        <dt>{t('imports.onec_password')}</dt>
        <dd>{yes(exchange.passwordSet)}</dd>
        <dt>{t('imports.onec_price_type')}</dt>
        <dd>{exchange.priceType}</dd>
        <dt>{t('imports.onec_piece')}</dt>
        <dd>{t('imports.onec_piece_kb', { count: Math.round(exchange.fileLimit / 1024) })}</dd>
      </dl>
      {exchange.enabled ? null : (
        <p className="adm-muted">
          {t('imports.onec_enable')} <code className="adm-id">ONEC_EXCHANGE_LOGIN</code>,{' '}
          <code className="adm-id">ONEC_EXCHANGE_PASSWORD</code>
        </p>
      )}
    </section>
  );
}

function History({ rows: newest }: { rows: ImportRow[] }) {
  const t = useT();
  const locale = useAdminLocale();
  // Older pages, fetched on demand before the oldest shown; dropped when the newest page changes.
  const [older, setOlder] = useState<{ after: ImportRow[]; rows: ImportRow[]; more: boolean }>({
    after: newest,
    rows: [],
    more: newest.length === PAGE,
  });
  const current = older.after === newest ? older : { after: newest, rows: [], more: newest.length === PAGE };
  const rows = [...newest, ...current.rows];
  const loadOlder = useAction(async () => {
    const last = rows[rows.length - 1];
    if (!last) return;
    const page = await callApi(importsApi.history, { limit: PAGE, before: last.id });
    setOlder({ after: newest, rows: [...current.rows, ...page.rows], more: page.rows.length === PAGE });
  });
  const badges: Record<ImportRow['status'], string> = {
    running: 'adm-badge--warn',
    applied: 'adm-badge--ok',
    refused: 'adm-badge--bad',
    failed: 'adm-badge--bad',
  };
  return (
    <section className="adm-card" aria-labelledby="imp-history">
      <h2 id="imp-history">{t('imports.history')}</h2>
      {rows.length === 0 ? (
        <p className="adm-muted">{t('imports.none')}</p>
      ) : (
        <ul className="adm-imp__history">
          {rows.map((row) => (
            <li key={row.id}>
              <details>
                <summary>
                  <span className="adm-imp__when">
                    {t('imports.when', { number: row.id, date: formatDateTime(row.startedAt, locale) })}
                  </span>
                  <span>{t(`imports.kind.${row.kind}`)}</span>
                  <span className="adm-imp__id">{row.fileName}</span>
                  <span className={`adm-badge ${badges[row.status]}`}>
                    {t(`imports.status.${row.status}`)}
                  </span>
                  <span className="adm-muted">{auditActorText(row.actor, locale)}</span>
                </summary>
                <div className="adm-stack adm-imp__report">
                  {row.report.error ? (
                    <p className="adm-error">{row.report.error}</p>
                  ) : (
                    <Counts report={row.report} />
                  )}
                  <Refused report={row.report} />
                  {row.report.warnings?.length ? (
                    <ul className="adm-muted">
                      {row.report.warnings.map((w) => (
                        <li key={`${w.line}-${w.reason}`}>
                          {t('imports.warning', { line: w.line, reason: w.reason })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <ErrorNote message={loadOlder.error} />
      {current.more ? (
        <div className="adm-pager">
          <button
            type="button"
            className="adm-btn"
            disabled={loadOlder.busy}
            onClick={() => void loadOlder.run()}
          >
            {t('imports.older')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Catalogue exchange in the back office (docs/decisions/0031-catalogue-exchange.md): CSV upload
 * with a preview before applying, the template and the export, the 1C exchange's settings and the
 * history of every import with its report.
 */
export default function Imports() {
  const t = useT();
  const { rows, exchange } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  return (
    <div className="adm-page adm-imp">
      <PageHead title={t('imports.title')} />
      <CsvCard onApplied={() => void revalidate()} />
      <OneCCard exchange={exchange} />
      <History rows={rows} />
    </div>
  );
}
