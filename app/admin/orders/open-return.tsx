import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { returnMethods, returnReasons } from '../../../core/returns/returns.rules.ts';
import type { staffReturnBody } from '../../../core/returns/returns.schemas.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';
import { returnMethodLabel, returnReasonLabel } from '../returns/labels.ts';
import { callApi, endpoint } from '../ui/api-client.ts';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { ErrorNote } from '../ui/notes.tsx';
import { useStaffText } from '../ui/staff-text.ts';
import { useAction } from '../ui/use-action.ts';

/** POST /api/admin/orders/:number/returns (server/routes/admin/returns.routes.ts). */
const openReturn = endpoint<
  { result: true; return: { number: number; label: string } },
  z.input<typeof staffReturnBody>,
  number
>('POST', (number) => `/api/admin/orders/${number}/returns`);

/**
 * «Оформить возврат за покупателя» on the order page (docs/product/returns.md): staff open a return
 * for a buyer who phones or comes to the showroom, with the buyer's own rules (the window, the units
 * left); the new return opens from the link shown, where the parcel is received and decided as usual.
 */
export function OpenReturn({
  number,
  lines,
  onOpened,
}: {
  number: number;
  lines: { id: number; name: string; size: string; count: number }[];
  onOpened(): void;
}) {
  const locale = useAdminLocale();
  const t = useStaffText();
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [method, setMethod] = useState<(typeof returnMethods)[number]>('showroom');
  const [reason, setReason] = useState<(typeof returnReasons)[number]>('size');
  const [comment, setComment] = useState('');
  const [opened, setOpened] = useState<{ number: number; label: string } | null>(null);
  const action = useAction(async () => {
    const chosen = lines
      .map((l) => ({ lineId: l.id, quantity: Number.parseInt(counts[l.id] ?? '0', 10) || 0 }))
      .filter((l) => l.quantity > 0);
    const answer = await callApi(openReturn, number, { lines: chosen, method, reason, comment });
    setOpened(answer.return);
    setCounts({});
    onOpened();
  });
  const columns: Column<(typeof lines)[number]>[] = [
    { key: 'name', header: t('refunds.remove.line'), render: (l) => l.name },
    { key: 'size', header: t('slip.size'), render: (l) => l.size },
    {
      key: 'count',
      header: t('order_page.return_pcs'),
      render: (l) => (
        <input
          type="number"
          min={0}
          max={l.count}
          value={counts[l.id] ?? ''}
          placeholder="0"
          aria-label={staffMessage('returns.open_count', locale, { name: l.name, size: l.size })}
          onChange={(e) => setCounts((c) => ({ ...c, [l.id]: e.target.value }))}
        />
      ),
    },
  ];
  function submit(e: FormEvent) {
    e.preventDefault();
    setOpened(null);
    void action.run();
  }
  return (
    <details className="adm-card adm-open-return">
      <summary>{staffMessage('returns.open_for_buyer', locale)}</summary>
      <form onSubmit={submit}>
        <DataTable
          label={staffMessage('returns.open_for_buyer', locale)}
          columns={columns}
          rows={lines}
          rowKey={(l) => l.id}
        />
        <div className="adm-open-return__fields">
          <label className="adm-field">
            {t('order_page.how_it_comes_back')}
            <select value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
              {returnMethods.map((m) => (
                <option key={m} value={m}>
                  {returnMethodLabel(m, t)}
                </option>
              ))}
            </select>
          </label>
          <label className="adm-field">
            {t('refunds.partial.reason')}
            <select value={reason} onChange={(e) => setReason(e.target.value as typeof reason)}>
              {returnReasons.map((r) => (
                <option key={r} value={r}>
                  {returnReasonLabel(r, t)}
                </option>
              ))}
            </select>
          </label>
          <label className="adm-field">
            {t('return_page.comment')}
            <input value={comment} maxLength={1000} onChange={(e) => setComment(e.target.value)} />
          </label>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={action.busy}>
            {staffMessage('returns.open', locale)}
          </button>
        </div>
      </form>
      <ErrorNote message={action.error} />
      {opened ? (
        <p className="adm-ok" role="status">
          {staffMessage('returns.opened', locale, { label: opened.label })}{' '}
          <Link to={`/admin/returns/${opened.number}`}>{staffMessage('returns.open_link', locale)}</Link>
        </p>
      ) : null}
    </details>
  );
}
