import { useEffect, useState } from 'react';
import { displayMarkCode } from '../../../core/marking/mark-code.rules.ts';
import {
  refundSourceName,
  refundStateName,
  type StaffMessageKey,
  type StaffMessageParams,
  staffMessage,
} from '../../../core/staff-messages.ts';
import { AdminApiError, adminApi, errorText } from '../api.ts';
import { formatDateTime, formatMoney, useAdminLocale } from '../i18n.ts';

/** One refund of the order as GET /api/admin/orders/:number/refunds gives it (core/refunds/). */
export interface OrderRefund {
  id: number;
  state: string;
  source: string;
  amount: number;
  deliveryAmount: number;
  reason: string;
  providerRefundId: string | null;
  receipt: {
    items: { name: string; price: number; quantity: number; amount: number; markCode?: string }[];
  } | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lines: { orderLineId: number; quantity: number; amount: number; name: string; size: string }[];
}

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const { number, version } = order;
  // Read again whenever the order changes (its version), as the page is.
  useEffect(() => {
    let live = true;
    adminApi<{ refunds: OrderRefund[] }>(`/api/admin/orders/${number}/refunds?v=${version}`)
      .then((answer) => {
        if (live) setRefunds(answer.refunds);
      })
      .catch((e: unknown) => {
        if (live) setError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [number, version]);

  async function act(call: () => Promise<{ refunds: OrderRefund[] }>, confirmText?: string) {
    if (confirmText && !window.confirm(confirmText)) return false;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const answer = await call();
      setRefunds(answer.refunds);
      setDone(true);
      onChanged();
      return true;
    } catch (e) {
      setError(errorText(e));
      if (e instanceof AdminApiError && e.status === 409) onChanged();
      return false;
    } finally {
      setBusy(false);
    }
  }

  const post = (path: string, body: object) => () =>
    adminApi<{ refunds: OrderRefund[] }>(`/api/admin/orders/${order.number}/${path}`, {
      method: 'POST',
      body,
    });

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

  return (
    <section className="adm-card adm-refunds" aria-label={say('refunds.title')}>
      <h2>{say('refunds.title')}</h2>
      {refunds === null ? null : refunds.length === 0 ? (
        <p className="adm-muted">{say('refunds.none')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{say('refunds.col.date')}</th>
                <th>{say('refunds.col.source')}</th>
                <th>{say('refunds.col.state')}</th>
                <th className="adm-num">{say('refunds.col.amount')}</th>
                <th>{say('refunds.col.lines')}</th>
                <th>{say('refunds.receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.createdAt, locale)}</td>
                  <td>
                    {refundSourceName(r.source, locale)}
                    <div className="adm-muted">{r.reason}</div>
                  </td>
                  <td>
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
                            onClick={() => act(post(`refunds/${r.id}/retry`, {}))}
                          >
                            {say('refunds.retry')}
                          </button>
                        ) : null}
                        {r.state !== 'started' ? (
                          <button
                            type="button"
                            className="adm-btn"
                            disabled={busy}
                            onClick={() => {
                              const note = window.prompt(say('refunds.manual_note')) ?? null;
                              if (note === null) return;
                              void act(
                                post(`refunds/${r.id}/manual`, { note }),
                                say('refunds.manual_confirm'),
                              );
                            }}
                          >
                            {say('refunds.manual')}
                          </button>
                        ) : null}
                      </div>
                    ) : null}
                  </td>
                  <td className="adm-num">{money(r.amount)}</td>
                  <td>
                    {r.lines.map((l) => (
                      <div key={l.orderLineId}>
                        {l.name} {l.size} × {l.quantity} · {money(l.amount)}
                      </div>
                    ))}
                    {r.deliveryAmount > 0 ? (
                      <div>{say('refunds.delivery', { amount: money(r.deliveryAmount) })}</div>
                    ) : null}
                  </td>
                  <td>
                    {r.receipt ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
            onSubmit={(body) => act(post('refunds', body), say('refunds.partial.confirm'))}
          />
          {removable(order.status) ? (
            <RemoveLineForm
              order={order}
              lines={lines}
              taken={taken}
              busy={busy}
              onSubmit={(body) => act(post('remove-line', body), say('refunds.remove.confirm'))}
            />
          ) : null}
        </>
      ) : null}
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="adm-ok" role="status">
          {say('refunds.done')}
        </p>
      ) : null}
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
  onSubmit: (body: object) => Promise<boolean>;
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
    const body =
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
  onSubmit: (body: object) => Promise<boolean>;
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
