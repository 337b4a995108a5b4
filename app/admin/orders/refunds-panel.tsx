import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { displayMarkCode } from '../../../core/marking/mark-code.rules.ts';
import type { partialRefundInput, removeLineInput } from '../../../core/refunds/refunds.schemas.ts';
import {
  refundSourceName,
  refundStateName,
  type StaffMessageKey,
  type StaffMessageParams,
  staffMessage,
} from '../../../core/staff-messages.ts';
import { formatDateTime, formatMoney, useAdminLocale } from '../i18n.ts';
import { AdminApiError, callApi, errorText } from '../ui/api-client.ts';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { ErrorNote, StatusNote } from '../ui/notes.tsx';
import { useAction } from '../ui/use-action.ts';
import { deskApi, type OrderRefund } from './desk-api.ts';
import { useManualRefund } from './manual-refund.tsx';

export type { OrderRefund } from './desk-api.ts';

interface PanelOrder {
  number: number;
  status: string;
  version: number;
  total: number;
  deliveryPrice: number;
  paymentId: string | null;
}

interface PanelLine {
  id: number;
  name: string;
  size: string;
  count: number;
}

type PartialBody = z.input<typeof partialRefundInput>;
type RemoveBody = z.input<typeof removeLineInput>;

/** A paid order whose goods have not left the shop (core/refunds/refund.rules.ts `lineRemovalRefusal`). */
const removable = (status: string) => status === 'paid' || status === 'confirmed';
const refundable = (status: string) =>
  ['paid', 'confirmed', 'shipped', 'ready_for_pickup', 'delivered'].includes(status);

/**
 * The order page's refunds (docs/product/refunds.md): every refund with its state, amount, lines and
 * receipt, a refused one sent again or recorded as done by hand; staff's partial refund (chosen lines
 * and units with the delivery, or an amount with its reason: the server computes the lines' sums)
 * and the removal of an item from a paid order not yet shipped. `onChanged` reloads the page.
 */
export function RefundsPanel({
  order,
  lines,
  onChanged,
}: {
  order: PanelOrder;
  lines: PanelLine[];
  onChanged: () => void;
}) {
  const locale = useAdminLocale();
  const say = (key: StaffMessageKey, params?: StaffMessageParams) => staffMessage(key, locale, params);
  const money = (k: number) => formatMoney(k, locale);
  const [refunds, setRefunds] = useState<OrderRefund[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ask, confirmDialog] = useConfirm();
  const askNote = useManualRefund(ask);

  const { number, version } = order;
  // Read again whenever the order changes (its version), as the page is.
  useEffect(() => {
    let live = true;
    callApi(deskApi.orderRefunds, { number }, { v: version })
      .then((answer) => {
        if (live) setRefunds(answer.refunds);
      })
      .catch((e: unknown) => {
        if (live) setLoadError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [number, version]);

  // One step on the order's refunds; a refusal over a stale order reloads the page (DECISIONS 31).
  const action = useAction(async (call: () => Promise<{ refunds: OrderRefund[] }>) => {
    try {
      const answer = await call();
      setRefunds(answer.refunds);
      onChanged();
      return true;
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 409) onChanged();
      throw e;
    }
  });
  const busy = action.busy;

  async function confirmed(title: string, confirm: string, call: () => Promise<{ refunds: OrderRefund[] }>) {
    if (!(await ask({ title, confirm, danger: true }))) return false;
    return (await action.run(call)) === true;
  }

  async function manual(id: number) {
    const note = await askNote();
    if (note !== null)
      await action.run(() => callApi(deskApi.refundAct, { number, id, what: 'manual' }, { note }));
  }

  const taken = new Map<number, number>();
  let deliveryTaken = 0;
  let counted = 0;
  for (const r of refunds ?? []) {
    if (r.state === 'failed') continue;
    counted += r.amount;
    deliveryTaken += r.deliveryAmount;
    for (const l of r.lines) taken.set(l.orderLineId, (taken.get(l.orderLineId) ?? 0) + l.quantity);
  }
  const hasPayment = order.paymentId !== null && !order.paymentId.startsWith('claim-');
  const deliveryLeft = Math.max(0, order.deliveryPrice - deliveryTaken);
  const error = action.error ?? action.conflict?.message ?? loadError;

  const columns: Column<OrderRefund>[] = [
    { key: 'date', header: say('refunds.col.date'), render: (r) => formatDateTime(r.createdAt, locale) },
    {
      key: 'source',
      header: say('refunds.col.source'),
      render: (r) => (
        <>
          {refundSourceName(r.source, locale)}
          <div className="adm-muted">{r.reason}</div>
        </>
      ),
    },
    {
      key: 'state',
      header: say('refunds.col.state'),
      render: (r) => (
        <>
          {refundStateName(r.state, locale)}
          {r.state === 'failed' && r.lastError ? (
            <div className="adm-muted">{say('refunds.last_error', { error: r.lastError })}</div>
          ) : null}
          {r.state === 'failed' || r.state === 'started' || r.state === 'needed' ? (
            <div className="adm-row">
              {r.state !== 'needed' || hasPayment ? (
                <button
                  type="button"
                  className="adm-btn"
                  disabled={busy}
                  onClick={() =>
                    action.run(() => callApi(deskApi.refundAct, { number, id: r.id, what: 'retry' }, {}))
                  }
                >
                  {say('refunds.retry')}
                </button>
              ) : null}
              {r.state !== 'started' ? (
                <button type="button" className="adm-btn" disabled={busy} onClick={() => manual(r.id)}>
                  {say('refunds.manual')}
                </button>
              ) : null}
            </div>
          ) : null}
        </>
      ),
    },
    { key: 'amount', header: say('refunds.col.amount'), numeric: true, render: (r) => money(r.amount) },
    {
      key: 'lines',
      header: say('refunds.col.lines'),
      render: (r) => (
        <>
          {r.lines.map((l) => (
            <div key={l.orderLineId}>
              {l.name} {l.size} × {l.quantity} · {money(l.amount)}
            </div>
          ))}
          {r.deliveryAmount > 0 ? (
            <div>{say('refunds.delivery', { amount: money(r.deliveryAmount) })}</div>
          ) : null}
        </>
      ),
    },
    {
      key: 'receipt',
      header: say('refunds.receipt'),
      render: (r) =>
        r.receipt ? (
          <details>
            <summary>{say('refunds.receipt')}</summary>
            {r.receipt.items.map((i, n) => (
              // Receipt items have no ids of their own: their place is theirs.
              // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's items never reorder
              <div key={n} className="adm-muted">
                {say('refunds.receipt_item', {
                  name: i.name,
                  quantity: String(i.quantity),
                  price: money(i.price),
                  amount: money(i.amount),
                })}
                {i.markCode ? (
                  <>
                    {' '}
                    <code className="marking-code">{displayMarkCode(i.markCode)}</code>
                  </>
                ) : null}
              </div>
            ))}
          </details>
        ) : (
          <span className="adm-muted">{say('refunds.receipt_none')}</span>
        ),
    },
  ];

  return (
    <section className="adm-card adm-refunds" aria-label={say('refunds.title')}>
      <h2>{say('refunds.title')}</h2>
      {refunds === null ? null : (
        <DataTable
          label={say('refunds.title')}
          columns={columns}
          rows={refunds}
          rowKey={(r) => r.id}
          empty={say('refunds.none')}
        />
      )}
      {hasPayment && refundable(order.status) && refunds !== null ? (
        <>
          <p className="adm-muted">
            {say('refunds.left', { amount: money(Math.max(0, order.total - counted)) })}
          </p>
          <PartialRefundForm
            order={order}
            lines={lines}
            taken={taken}
            deliveryLeft={deliveryLeft}
            busy={busy}
            onSubmit={(body) =>
              confirmed(say('refunds.partial.confirm'), say('refunds.partial.submit'), () =>
                callApi(deskApi.partialRefund, { number }, body),
              )
            }
          />
          {removable(order.status) ? (
            <RemoveLineForm
              order={order}
              lines={lines}
              taken={taken}
              busy={busy}
              onSubmit={(body) =>
                confirmed(say('refunds.remove.confirm'), say('refunds.remove.submit'), () =>
                  callApi(deskApi.removeLine, { number }, body),
                )
              }
            />
          ) : null}
        </>
      ) : null}
      <ErrorNote message={error} />
      {action.done ? <StatusNote>{say('refunds.done')}</StatusNote> : null}
      {confirmDialog}
    </section>
  );
}

function PartialRefundForm({
  order,
  lines,
  taken,
  deliveryLeft,
  busy,
  onSubmit,
}: {
  order: PanelOrder;
  lines: PanelLine[];
  taken: Map<number, number>;
  deliveryLeft: number;
  busy: boolean;
  onSubmit: (body: PartialBody) => Promise<boolean>;
}) {
  const locale = useAdminLocale();
  const say = (key: StaffMessageKey, params?: StaffMessageParams) => staffMessage(key, locale, params);
  const [mode, setMode] = useState<'lines' | 'amount'>('lines');
  const [units, setUnits] = useState<Record<number, string>>({});
  const [delivery, setDelivery] = useState(false);
  const [rubles, setRubles] = useState('');
  const [reason, setReason] = useState('');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body: PartialBody =
      mode === 'amount'
        ? {
            version: order.version,
            amount: Math.round(Number(rubles.replace(/\s/g, '').replace(',', '.')) * 100),
            reason,
          }
        : {
            version: order.version,
            lines: lines
              .map((l) => ({ orderLineId: l.id, quantity: Number(units[l.id] ?? 0) }))
              .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0),
            delivery,
            reason,
          };
    if (await onSubmit(body)) {
      setUnits({});
      setDelivery(false);
      setRubles('');
      setReason('');
    }
  }

  return (
    <form className="adm-refunds__form" onSubmit={submit}>
      <h3>{say('refunds.partial.title')}</h3>
      <div className="adm-row" role="radiogroup">
        <label>
          <input
            type="radio"
            name="refund-mode"
            checked={mode === 'lines'}
            onChange={() => setMode('lines')}
          />{' '}
          {say('refunds.partial.by_lines')}
        </label>
        <label>
          <input
            type="radio"
            name="refund-mode"
            checked={mode === 'amount'}
            onChange={() => setMode('amount')}
          />{' '}
          {say('refunds.partial.by_amount')}
        </label>
      </div>
      {mode === 'lines' ? (
        <>
          {lines.map((l) => {
            const left = l.count - (taken.get(l.id) ?? 0);
            return (
              <label key={l.id} className="adm-field">
                {l.name} {l.size} — {say('refunds.partial.quantity', { left: String(left) })}
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  disabled={left === 0}
                  value={units[l.id] ?? ''}
                  onChange={(e) => setUnits({ ...units, [l.id]: e.target.value })}
                />
              </label>
            );
          })}
          {deliveryLeft > 0 ? (
            <label>
              <input type="checkbox" checked={delivery} onChange={(e) => setDelivery(e.target.checked)} />{' '}
              {say('refunds.partial.delivery', { amount: formatMoney(deliveryLeft, locale) })}
            </label>
          ) : null}
          <p className="adm-muted">{say('refunds.partial.note')}</p>
        </>
      ) : (
        <label className="adm-field">
          {say('refunds.partial.amount')}
          <input inputMode="decimal" required value={rubles} onChange={(e) => setRubles(e.target.value)} />
        </label>
      )}
      <label className="adm-field">
        {say('refunds.partial.reason')}
        <input required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="adm-btn adm-btn--danger" disabled={busy}>
        {say('refunds.partial.submit')}
      </button>
    </form>
  );
}

function RemoveLineForm({
  order,
  lines,
  taken,
  busy,
  onSubmit,
}: {
  order: PanelOrder;
  lines: PanelLine[];
  taken: Map<number, number>;
  busy: boolean;
  onSubmit: (body: RemoveBody) => Promise<boolean>;
}) {
  const locale = useAdminLocale();
  const say = (key: StaffMessageKey, params?: StaffMessageParams) => staffMessage(key, locale, params);
  const open = lines.filter((l) => l.count - (taken.get(l.id) ?? 0) > 0);
  const [lineId, setLineId] = useState<number>(open[0]?.id ?? 0);
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');
  if (open.length === 0) return null;
  const chosen = open.find((l) => l.id === lineId) ?? open[0];
  const left = chosen ? chosen.count - (taken.get(chosen.id) ?? 0) : 0;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    const ok = await onSubmit({
      version: order.version,
      orderLineId: chosen.id,
      quantity: Number(quantity),
      reason,
    });
    if (ok) setReason('');
  }

  return (
    <form className="adm-refunds__form" onSubmit={submit}>
      <h3>{say('refunds.remove.title')}</h3>
      <p className="adm-muted">{say('refunds.remove.note')}</p>
      <label className="adm-field">
        {say('refunds.remove.line')}
        <select value={chosen?.id} onChange={(e) => setLineId(Number(e.target.value))}>
          {open.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} {l.size}
            </option>
          ))}
        </select>
      </label>
      <label className="adm-field">
        {say('refunds.partial.quantity', { left: String(left) })}
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={left}
          required
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
      </label>
      <label className="adm-field">
        {say('refunds.partial.reason')}
        <input maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="adm-btn adm-btn--danger" disabled={busy}>
        {say('refunds.remove.submit')}
      </button>
    </form>
  );
}
