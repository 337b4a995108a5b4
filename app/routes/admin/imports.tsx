import '../../admin/imports.css';
import { useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { auditActorText } from '../../../core/staff-messages.ts';
import { adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { UploadError, uploadFiles } from '../../admin/media/upload.ts';
import { useStaff } from '../../admin/staff-context.ts';

type CsvKind = 'products' | 'stock';

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

export async function clientLoader() {
  const [history, settings] = await Promise.all([
    adminApi<{ rows: ImportRow[] }>('/api/admin/imports?limit=50'),
    adminApi<{ exchange: ExchangeSettings | null }>('/api/admin/imports/settings'),
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
  const tr = useTr();
  const c = report.created;
  const ch = report.changed;
  const refused = (report.refused?.length ?? 0) + (report.refusedOmitted ?? 0);
  return (
    <ul className="adm-imp__counts">
      <li>
        <strong>{(c?.groups ?? 0) + (c?.categories ?? 0)}</strong>{' '}
        {tr('товаров и категорий создано', 'products and categories created')}
        {c?.variants ? `; ${tr('размеров', 'sizes')}: ${c.variants}` : ''}
        {c?.photos ? `; ${tr('фото', 'photos')}: ${c.photos}` : ''}
      </li>
      <li>
        <strong>{sum(ch)}</strong> {tr('изменений', 'changes')}
        {ch?.stock ? ` (${tr('остатки', 'stock')} ${ch.stock}` : ''}
        {ch?.stock && ch?.prices ? ', ' : ch?.prices ? ' (' : ''}
        {ch?.prices ? `${tr('цены', 'prices')} ${ch.prices}` : ''}
        {ch?.stock || ch?.prices ? ')' : ''}
      </li>
      <li>
        <strong>{report.hidden ?? 0}</strong> {tr('скрыто', 'hidden')}
      </li>
      {report.shown ? (
        <li>
          <strong>{report.shown}</strong> {tr('снова показано', 'shown again')}
        </li>
      ) : null}
      <li className={refused > 0 ? 'adm-bad' : undefined}>
        <strong>{refused}</strong> {tr('строк отклонено', 'lines refused')}
      </li>
    </ul>
  );
}

function Refused({ report }: { report: Report }) {
  const tr = useTr();
  if (!report.refused?.length) return null;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-imp__lines">
        <caption>{tr('Отклонённые строки', 'Refused lines')}</caption>
        <thead>
          <tr>
            <th className="adm-num">{tr('Строка', 'Line')}</th>
            <th>{tr('Почему', 'Why')}</th>
          </tr>
        </thead>
        <tbody>
          {report.refused.map((r) => (
            <tr key={`${r.line}-${r.id}-${r.reason}`}>
              <td className="adm-num">{r.line}</td>
              <td>
                {r.id ? <div className="adm-imp__id">{r.id}</div> : null}
                {r.reason}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.refusedOmitted ? (
        <p className="adm-muted">
          {tr(`и ещё ${report.refusedOmitted}`, `and ${report.refusedOmitted} more`)}
        </p>
      ) : null}
    </div>
  );
}

function Changes({ report }: { report: Report }) {
  const tr = useTr();
  const actions = {
    create: tr('создать', 'create'),
    change: tr('изменить', 'change'),
    hide: tr('скрыть', 'hide'),
    show: tr('показать', 'show'),
  };
  if (!report.changes?.length) return <p className="adm-muted">{tr('Изменений нет', 'Nothing to change')}</p>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-imp__lines">
        <caption>{tr('Что изменится', 'What changes')}</caption>
        <thead>
          <tr>
            <th className="adm-num">{tr('Строка', 'Line')}</th>
            <th>{tr('Действие', 'Action')}</th>
            <th>{tr('Что', 'What')}</th>
          </tr>
        </thead>
        <tbody>
          {report.changes.map((c) => (
            <tr key={`${c.line}-${c.target}-${c.action}-${c.detail}`}>
              <td className="adm-num">{c.line}</td>
              <td>{actions[c.action]}</td>
              <td>
                <div className="adm-imp__id">{c.target}</div>
                {c.detail}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.changesOmitted ? (
        <p className="adm-muted">
          {tr(`и ещё ${report.changesOmitted}`, `and ${report.changesOmitted} more`)}
        </p>
      ) : null}
    </div>
  );
}

function CsvCard({ onApplied }: { onApplied: () => void }) {
  const tr = useTr();
  const staff = useStaff();
  const mayProducts = staff.role !== 'manager';
  const [kind, setKind] = useState<CsvKind>(mayProducts ? 'products' : 'stock');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvAnswer | null>(null);
  const [done, setDone] = useState<CsvAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const reset = () => {
    setPreview(null);
    setDone(null);
    setError('');
  };
  async function run(step: 'preview' | 'apply') {
    if (!file) return;
    setBusy(true);
    setError('');
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
      if (e instanceof UploadError && e.status === 409) {
        const body = e.body as { current?: Report };
        if (body.current) setPreview({ importId: null, status: 'preview', report: body.current });
      }
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  const refusedFile = preview?.status === 'refused' || done?.status === 'refused';
  return (
    <section className="adm-card" aria-labelledby="imp-csv">
      <h2 id="imp-csv">{tr('CSV: товары, остатки и цены', 'CSV: products, stock and prices')}</h2>
      <div className="adm-stack">
        <div className="adm-row">
          <label className="adm-field">
            {tr('Файл', 'File')}
            <select
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as CsvKind);
                reset();
              }}
            >
              {mayProducts ? (
                <option value="products">
                  {tr('Товары (строка на размер)', 'Products (a line per size)')}
                </option>
              ) : null}
              <option value="stock">
                {tr('Остатки и цены (по штрихкоду)', 'Stock and prices (by barcode)')}
              </option>
            </select>
          </label>
          <a className="adm-btn" href={`/api/admin/imports/csv/template?kind=${kind}`} download>
            {tr('Скачать шаблон', 'Download the template')}
          </a>
          <a className="adm-btn" href={`/api/admin/imports/csv/export?kind=${kind}`} download>
            {tr('Выгрузить каталог', 'Export the catalogue')}
          </a>
        </div>
        <p className="adm-muted">
          {tr(
            'Excel: разделитель «;», десятичная запятая, UTF-8 или windows-1251. Сначала предпросмотр, затем «Применить» — файл применяется целиком или никак; тот же файл второй раз ничего не меняет.',
            'Excel: «;» between cells, a decimal comma, UTF-8 or windows-1251. Preview first, then Apply — the file applies whole or not at all; the same file twice changes nothing.',
          )}
          {mayProducts
            ? null
            : ` ${tr('Менеджер меняет остатки, цены — редактор.', 'A manager changes stock; prices are an editor’s.')}`}
        </p>
        <div className="adm-row">
          <label className="adm-field">
            {tr('Файл CSV', 'CSV file')}
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
            {tr('Предпросмотр', 'Preview')}
          </button>
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            disabled={!file || busy || preview?.status !== 'preview'}
            onClick={() => void run('apply')}
          >
            {tr('Применить', 'Apply')}
          </button>
        </div>
        {error ? (
          <p className="adm-error" role="alert">
            {error}
          </p>
        ) : null}
        {preview ? (
          <div className="adm-stack" data-testid="csv-preview">
            <h3 className="adm-imp__h3">
              {tr('Предпросмотр', 'Preview')}
              {preview.report.rows ? ` · ${tr('строк', 'lines')}: ${preview.report.rows}` : ''}
              {preview.report.encoding ? ` · ${preview.report.encoding}` : ''}
            </h3>
            {refusedFile ? (
              <p className="adm-error" role="alert">
                {tr('Файл не принят', 'File refused')}: {preview.report.error}
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
              <p className="adm-ok">
                {tr(`Применено: импорт № ${done.importId}`, `Applied: import No. ${done.importId}`)}
              </p>
            ) : (
              <p className="adm-error">
                {tr('Файл не принят', 'File refused')}: {done.report.error}
              </p>
            )}
            {done.status === 'applied' ? <Counts report={done.report} /> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function OneCCard({ exchange }: { exchange: ExchangeSettings | null }) {
  const tr = useTr();
  if (!exchange) return null;
  const yes = (v: boolean) => (v ? tr('задан', 'set') : tr('не задан', 'not set'));
  return (
    <section className="adm-card" aria-labelledby="imp-1c">
      <h2 id="imp-1c">{tr('Обмен с 1С', '1C exchange')}</h2>
      <dl className="adm-dl">
        <dt>{tr('Адрес для 1С', 'URL for 1C')}</dt>
        <dd>
          <code>{exchange.url}</code>
        </dd>
        <dt>{tr('Состояние', 'State')}</dt>
        <dd>
          <span className={`adm-badge ${exchange.enabled ? 'adm-badge--ok' : 'adm-badge--muted'}`}>
            {exchange.enabled ? tr('включён', 'on') : tr('выключен', 'off')}
          </span>
        </dd>
        <dt>{tr('Логин', 'Login')}</dt>
        <dd>{yes(exchange.loginSet)}</dd>
        <dt>{tr('Пароль', 'Password')}</dt>
        <dd>{yes(exchange.passwordSet)}</dd>
        <dt>{tr('Тип цен', 'Price type')}</dt>
        <dd>{exchange.priceType}</dd>
        <dt>{tr('Размер части файла', 'Piece size')}</dt>
        <dd>{Math.round(exchange.fileLimit / 1024)} KB</dd>
      </dl>
      {exchange.enabled ? null : (
        <p className="adm-muted">
          {tr(
            'Задайте ONEC_EXCHANGE_LOGIN и ONEC_EXCHANGE_PASSWORD в настройках сервера, чтобы включить обмен.',
            'Set ONEC_EXCHANGE_LOGIN and ONEC_EXCHANGE_PASSWORD in the server settings to turn the exchange on.',
          )}
        </p>
      )}
    </section>
  );
}

const PAGE = 50;

function History({ rows: newest }: { rows: ImportRow[] }) {
  const tr = useTr();
  const locale = useAdminLocale();
  // Older pages, fetched on demand before the oldest shown; dropped when the newest page changes.
  const [older, setOlder] = useState<{ after: ImportRow[]; rows: ImportRow[]; more: boolean }>({
    after: newest,
    rows: [],
    more: newest.length === PAGE,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const current = older.after === newest ? older : { after: newest, rows: [], more: newest.length === PAGE };
  const rows = [...newest, ...current.rows];
  async function loadOlder() {
    const last = rows[rows.length - 1];
    if (!last) return;
    setLoading(true);
    setError('');
    try {
      const page = await adminApi<{ rows: ImportRow[] }>(
        `/api/admin/imports?limit=${PAGE}&before=${last.id}`,
      );
      setOlder({ after: newest, rows: [...current.rows, ...page.rows], more: page.rows.length === PAGE });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  }
  const kinds: Record<ImportRow['kind'], string> = {
    'commerceml-import': tr('1С: каталог', '1C: catalogue'),
    'commerceml-offers': tr('1С: цены и остатки', '1C: prices and stock'),
    'csv-products': tr('CSV: товары', 'CSV: products'),
    'csv-stock': tr('CSV: остатки и цены', 'CSV: stock and prices'),
  };
  const statuses: Record<ImportRow['status'], [string, string]> = {
    running: [tr('идёт', 'running'), 'adm-badge--warn'],
    applied: [tr('применён', 'applied'), 'adm-badge--ok'],
    refused: [tr('не принят', 'refused'), 'adm-badge--bad'],
    failed: [tr('ошибка', 'failed'), 'adm-badge--bad'],
  };
  return (
    <section className="adm-card" aria-labelledby="imp-history">
      <h2 id="imp-history">{tr('История импорта', 'Import history')}</h2>
      {rows.length === 0 ? (
        <p className="adm-muted">{tr('Импортов ещё не было', 'No imports yet')}</p>
      ) : (
        <ul className="adm-imp__history">
          {rows.map((row) => (
            <li key={row.id}>
              <details>
                <summary>
                  <span className="adm-imp__when">
                    № {row.id} · {formatDateTime(row.startedAt, locale)}
                  </span>
                  <span>{kinds[row.kind]}</span>
                  <span className="adm-imp__id">{row.fileName}</span>
                  <span className={`adm-badge ${statuses[row.status][1]}`}>{statuses[row.status][0]}</span>
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
                          {tr('строка', 'line')} {w.line}: {w.reason}
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
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {current.more ? (
        <div className="adm-pager">
          <button type="button" className="adm-btn" disabled={loading} onClick={() => void loadOlder()}>
            {tr('Показать более ранние', 'Show older')}
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
  const tr = useTr();
  const { rows, exchange } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  return (
    <div className="adm-page adm-imp">
      <div className="adm-page__head">
        <h1>{tr('Импорт и выгрузка', 'Import and export')}</h1>
      </div>
      <CsvCard onApplied={() => void revalidate()} />
      <OneCCard exchange={exchange} />
      <History rows={rows} />
    </div>
  );
}
