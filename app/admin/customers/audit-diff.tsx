import { auditFieldNamed, auditValue } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { useStaffText } from '../ui/staff-text.ts';

type Flat = Map<string, unknown>;

/** `{ a: { b: 1 } }` as `a.b → 1`; arrays and scalars are leaves. */
function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.set(prefix, {});
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix || value !== null) {
    out.set(prefix || '·', value);
  }
  return out;
}

function show(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.join(', ');
  return JSON.stringify(value);
}

/** The fields an audit record changed, the value before and after, side by side. */
export function diffRows(before: unknown, after: unknown) {
  const a = flatten(before);
  const b = flatten(after);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys
    .filter((k) => show(a.get(k)) !== show(b.get(k)))
    .map((k) => ({
      field: k,
      before: a.has(k) ? show(a.get(k)) : null,
      after: b.has(k) ? show(b.get(k)) : null,
      beforeValue: a.get(k),
      afterValue: b.get(k),
    }));
}

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const t = useStaffText();
  const locale = useAdminLocale();
  const rows = diffRows(before, after).map((r) => ({ ...r, name: auditFieldNamed(r.field, locale) }));
  if (rows.length === 0) return <span className="adm-muted">—</span>;
  // Fields the staff catalogue names are shown as staff read them; the rest (internal keys of a
  // record) stay folded under technical details, for whoever needs them.
  const named = rows.filter((r) => r.name !== null);
  const technical = rows.filter((r) => r.name === null);
  const value = (field: string, shown: string | null, raw: unknown) =>
    shown === null ? <span className="adm-muted">—</span> : auditValue(field, raw, locale);
  type Row = (typeof rows)[number];
  const columns = (name: (r: Row) => string): Column<Row>[] => [
    { key: 'field', header: t('customer_page.field'), rowHeader: true, render: name },
    {
      key: 'before',
      header: t('customer_page.before'),
      className: 'adm-diff__before',
      render: (r) => value(r.field, r.before, r.beforeValue),
    },
    {
      key: 'after',
      header: t('customer_page.after'),
      className: 'adm-diff__after',
      render: (r) => value(r.field, r.after, r.afterValue),
    },
  ];
  return (
    <>
      {named.length > 0 && (
        <DataTable
          label={t('customer_page.audit_log')}
          className="adm-diff"
          columns={columns((r) => r.name ?? r.field)}
          rows={named}
          rowKey={(r) => r.field}
        />
      )}
      {technical.length > 0 && (
        <details className="adm-diff__technical">
          <summary>{t('customer_page.technical_details', { length: technical.length })}</summary>
          <DataTable
            label={t('customer_page.technical_details', { length: technical.length })}
            className="adm-diff"
            columns={columns((r) => r.field)}
            rows={technical}
            rowKey={(r) => r.field}
          />
        </details>
      )}
    </>
  );
}
