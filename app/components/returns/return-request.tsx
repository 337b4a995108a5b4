import '../../styles/returns.css';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Locale } from '../../../core/i18n.ts';
import { formatMoney, rub } from '../../../core/money.ts';

/** What `POST /api/returns/options` answers (core/returns/returns.service.ts). */
export interface ReturnOptions {
  orderID: number;
  deadline: string | null;
  windowDays: number;
  canReturn: boolean;
  refusal: string | null;
  deliveryPaidBy: 'shop' | 'buyer';
  exchangeShips: 'on_receipt' | 'at_once';
  methods: ('pickup_point' | 'courier' | 'showroom')[];
  carrier: 'sdek' | 'boxberry' | null;
  /** The point a pickup-point return starts at unless another is chosen (the order's own point). */
  pickupPoint: string | null;
  /** CDEK's points of the order's city the parcel may be brought to instead. */
  pickupPoints: { code: string; name: string; address: string; workTime: string }[];
  lines: {
    lineId: number;
    name: string;
    size: string;
    count: number;
    returnable: number;
    exchangeSizes: { size: string; available: number }[];
  }[];
  returns: ShopperReturn[];
}

export interface ShopperReturn {
  number: number;
  label: string;
  status: 'requested' | 'received' | 'closed' | 'cancelled';
  method: string;
  code: string | null;
  createdAt: string;
  instructions: string;
  refund: { amount: number; status: string };
  lines: {
    name: string;
    size: string;
    quantity: number;
    exchangeSize: string | null;
    decision: string;
    decisionReason: string;
  }[];
}

const texts = {
  ru: {
    open: 'Вернуть или обменять',
    loading: 'Загружаем заказ…',
    failed: 'Не удалось связаться с магазином. Попробуйте ещё раз.',
    title: 'Возврат и обмен',
    until: 'Вернуть можно до {date}',
    choose: 'Отметьте вещи и количество',
    quantity: 'Количество',
    instead: 'Вместо денег',
    money: 'Вернуть деньги',
    size: 'Обменять на размер {size}',
    noSize: 'размер {size} — нет в наличии',
    reason: 'Причина',
    reasons: {
      size: 'Не подошёл размер',
      not_as_described: 'Не соответствует описанию',
      defect: 'Брак',
      changed_mind: 'Передумал(а)',
      other: 'Другое',
    },
    comment: 'Комментарий (необязательно)',
    how: 'Как отправите',
    methods: {
      pickup_point: 'Сдам в пункт выдачи {carrier}',
      courier: 'Заберёт курьер {carrier}',
      showroom: 'Принесу в шоурум',
    },
    point: 'Пункт, куда сдадите посылку',
    pointPick: 'Выберите пункт',
    paidBy: {
      shop: 'Обратную доставку оплачивает магазин.',
      buyer: 'Обратную доставку оплачивает покупатель.',
    },
    ships: {
      on_receipt: 'Новый размер отправим, когда получим возврат.',
      at_once: 'Новый размер отправим сразу.',
    },
    submit: 'Оформить возврат',
    sending: 'Оформляем…',
    pickOne: 'Отметьте хотя бы одну вещь',
    done: 'Возврат {label} оформлен',
    yours: 'Ваши возвраты',
    code: 'Код для перевозчика',
    refund: 'Вернём',
    refunded: 'Возвращено',
    statuses: {
      requested: 'Ждём посылку',
      received: 'Посылка у нас, проверяем',
      closed: 'Завершён',
      cancelled: 'Отменён',
    },
    decisions: { pending: '', accepted: 'принято', defective: 'принято', refused: 'отказано' },
    close: 'Закрыть',
  },
  en: {
    open: 'Return or exchange',
    loading: 'Loading the order…',
    failed: 'Could not reach the shop. Please try again.',
    title: 'Returns and exchanges',
    until: 'Returns are open until {date}',
    choose: 'Tick the items and how many',
    quantity: 'Quantity',
    instead: 'Instead of the money',
    money: 'Refund the money',
    size: 'Exchange for size {size}',
    noSize: 'size {size}: out of stock',
    reason: 'Reason',
    reasons: {
      size: 'Wrong size',
      not_as_described: 'Not as described',
      defect: 'Defect',
      changed_mind: 'Changed my mind',
      other: 'Other',
    },
    comment: 'Comment (optional)',
    how: 'How it comes back',
    methods: {
      pickup_point: 'I’ll hand it in at a {carrier} pickup point',
      courier: 'A {carrier} courier collects it',
      showroom: 'I’ll bring it to the showroom',
    },
    point: 'The point you will hand it in at',
    pointPick: 'Choose a point',
    paidBy: {
      shop: 'The shop pays for the way back.',
      buyer: 'The buyer pays for the way back.',
    },
    ships: {
      on_receipt: 'We send the new size once the return arrives.',
      at_once: 'We send the new size at once.',
    },
    submit: 'Ask for the return',
    sending: 'Sending…',
    pickOne: 'Tick at least one item',
    done: 'Return {label} is registered',
    yours: 'Your returns',
    code: 'Code for the carrier',
    refund: 'To refund',
    refunded: 'Refunded',
    statuses: {
      requested: 'Awaiting the parcel',
      received: 'The parcel is with us',
      closed: 'Completed',
      cancelled: 'Cancelled',
    },
    decisions: { pending: '', accepted: 'accepted', defective: 'accepted', refused: 'refused' },
    close: 'Close',
  },
} as const;

const carrierNames = { sdek: { ru: 'СДЭК', en: 'CDEK' }, boxberry: { ru: 'Boxberry', en: 'Boxberry' } };

async function post<T>(
  url: string,
  locale: Locale,
  body: object,
): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  try {
    const res = await fetch(`${url}?lang=${locale}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { result: boolean; data?: T; message?: string };
    return answer.result && answer.data
      ? { ok: true, data: answer.data }
      : { ok: false, message: answer.message ?? texts[locale].failed };
  } catch {
    return { ok: false, message: texts[locale].failed };
  }
}

type Picked = Record<number, { on: boolean; quantity: number; exchange: string }>;

/**
 * The shopper's return or size exchange of a received order (docs/product/returns.md): from the
 * cabinet (signed in, no contact) or from /status (with the phone or e-mail typed there). Shows the
 * returns already asked with their instructions and code, and the form while the window is open.
 */
export function ReturnRequest({
  orderID,
  contact,
  locale,
}: {
  orderID: number;
  contact?: string;
  locale: Locale;
}) {
  const text = texts[locale];
  const id = useId();
  const [options, setOptions] = useState<ReturnOptions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked>({});
  const [reason, setReason] = useState<keyof (typeof texts)['ru']['reasons']>('size');
  const [comment, setComment] = useState('');
  const [method, setMethod] = useState<ReturnOptions['methods'][number]>('pickup_point');
  // The CDEK point chosen for a pickup-point return; empty: the order's own point.
  const [point, setPoint] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ShopperReturn | null>(null);

  useEffect(() => {
    let live = true;
    void post<ReturnOptions>('/api/returns/options', locale, {
      orderID,
      ...(contact ? { contact } : {}),
    }).then((a) => {
      if (!live) return;
      if (a.ok) {
        setOptions(a.data);
        setMethod(a.data.methods[0] ?? 'showroom');
      } else setError(a.message);
    });
    return () => {
      live = false;
    };
  }, [orderID, contact, locale]);

  if (error && !options)
    return (
      <p className="returns__error" role="alert">
        {error}
      </p>
    );
  if (!options) return <p className="returns__muted">{text.loading}</p>;

  const money = (k: number) => formatMoney(rub(k), locale);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/Moscow',
    }).format(new Date(iso));
  const carrier = options.carrier ? carrierNames[options.carrier][locale] : '';
  const returns = created
    ? [created, ...options.returns.filter((r) => r.number !== created.number)]
    : options.returns;
  const choice = (lineId: number) => picked[lineId] ?? { on: false, quantity: 1, exchange: '' };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!options) return;
    const lines = options.lines
      .filter((l) => choice(l.lineId).on && l.returnable > 0)
      .map((l) => {
        const c = choice(l.lineId);
        return {
          lineId: l.lineId,
          quantity: Math.min(c.quantity, l.returnable),
          ...(c.exchange ? { exchangeSize: c.exchange } : {}),
        };
      });
    if (lines.length === 0) {
      setError(text.pickOne);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await post<ShopperReturn>('/api/returns', locale, {
      orderID,
      ...(contact ? { contact } : {}),
      lines,
      reason,
      comment: comment.trim(),
      method,
      ...(method === 'pickup_point' && (point || options.pickupPoint)
        ? { pickupPoint: point || options.pickupPoint }
        : {}),
    });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    setCreated(answer.data);
    setPicked({});
    // The returned units are no longer returnable: read the order's options again.
    const fresh = await post<ReturnOptions>('/api/returns/options', locale, {
      orderID,
      ...(contact ? { contact } : {}),
    });
    if (fresh.ok) setOptions(fresh.data);
  }

  return (
    <section className="returns" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="returns__title">
        {text.title}
      </h3>
      {created ? (
        <p className="returns__done" role="status">
          {text.done.replace('{label}', created.label)}
        </p>
      ) : null}
      {returns.length > 0 ? (
        <div className="returns__list">
          <h4 className="returns__subtitle">{text.yours}</h4>
          <ul className="returns__items">
            {returns.map((r) => (
              <li key={r.number} className="returns__item" data-return={r.label}>
                <div className="returns__item-head">
                  <strong>{r.label}</strong>
                  <span className="returns__state">{text.statuses[r.status]}</span>
                </div>
                <ul className="returns__lines">
                  {r.lines.map((l) => (
                    <li key={`${l.name}-${l.size}-${l.exchangeSize ?? ''}`}>
                      {l.name}, {l.size} × {l.quantity}
                      {l.exchangeSize ? ` → ${l.exchangeSize}` : ''}
                      {l.decision !== 'pending' ? ` — ${text.decisions[l.decision as 'accepted']}` : ''}
                      {l.decisionReason ? ` (${l.decisionReason})` : ''}
                    </li>
                  ))}
                </ul>
                {r.status === 'requested' ? <p className="returns__instructions">{r.instructions}</p> : null}
                {r.code && r.status === 'requested' ? (
                  <p className="returns__code">
                    {text.code}: <span className="returns__code-value">{r.code}</span>
                  </p>
                ) : null}
                {r.status === 'closed' && r.refund.amount > 0 ? (
                  <p className="returns__refund">
                    {r.refund.status === 'succeeded' || r.refund.status === 'manual'
                      ? text.refunded
                      : text.refund}
                    : {money(r.refund.amount)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!options.canReturn ? (
        options.refusal ? (
          <p className="returns__muted">{options.refusal}</p>
        ) : null
      ) : (
        <form className="returns__form" noValidate onSubmit={(e) => void submit(e)}>
          {options.deadline ? (
            <p className="returns__muted">{text.until.replace('{date}', date(options.deadline))}</p>
          ) : null}
          <fieldset className="returns__fieldset">
            <legend className="returns__legend">{text.choose}</legend>
            {options.lines.map((l) => {
              const c = choice(l.lineId);
              const disabled = l.returnable === 0;
              return (
                <div key={l.lineId} className="returns__line" data-disabled={disabled || undefined}>
                  <label className="returns__check">
                    <input
                      type="checkbox"
                      name={`line-${l.lineId}`}
                      checked={c.on && !disabled}
                      disabled={disabled}
                      onChange={(e) => setPicked({ ...picked, [l.lineId]: { ...c, on: e.target.checked } })}
                    />
                    <span>
                      {l.name}, {l.size} × {l.count}
                    </span>
                  </label>
                  {c.on && !disabled ? (
                    <div className="returns__line-options">
                      {l.returnable > 1 ? (
                        <label className="field">
                          <span className="field__label">{text.quantity}</span>
                          <select
                            className="field__input"
                            value={c.quantity}
                            onChange={(e) =>
                              setPicked({ ...picked, [l.lineId]: { ...c, quantity: Number(e.target.value) } })
                            }
                          >
                            {Array.from({ length: l.returnable }, (_, i) => i + 1).map((n) => (
                              <option key={n} value={n}>
                                {n}
                              </option>
                            ))}
                          </select>
                        </label>
                      ) : null}
                      {l.exchangeSizes.length > 0 ? (
                        <label className="field">
                          <span className="field__label">{text.instead}</span>
                          <select
                            className="field__input"
                            name={`exchange-${l.lineId}`}
                            value={c.exchange}
                            onChange={(e) =>
                              setPicked({ ...picked, [l.lineId]: { ...c, exchange: e.target.value } })
                            }
                          >
                            <option value="">{text.money}</option>
                            {l.exchangeSizes.map((s) => (
                              <option key={s.size} value={s.size} disabled={s.available < c.quantity}>
                                {(s.available < c.quantity ? text.noSize : text.size).replace(
                                  '{size}',
                                  s.size,
                                )}
                              </option>
                            ))}
                          </select>
                        </label>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <label className="field">
            <span className="field__label">{text.reason}</span>
            <select
              className="field__input"
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value as typeof reason)}
            >
              {Object.entries(text.reasons).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{text.comment}</span>
            <textarea
              className="field__input field__textarea"
              name="comment"
              rows={2}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          <fieldset className="returns__fieldset">
            <legend className="returns__legend">{text.how}</legend>
            {options.methods.map((m) => (
              <label key={m} className="returns__check">
                <input
                  type="radio"
                  name="method"
                  value={m}
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                <span>{text.methods[m].replace('{carrier}', carrier)}</span>
              </label>
            ))}
          </fieldset>
          {method === 'pickup_point' && options.pickupPoints.length > 0 ? (
            <label className="field">
              <span className="field__label">{text.point}</span>
              <select
                className="field__input"
                name="pickupPoint"
                value={point || options.pickupPoint || ''}
                onChange={(e) => setPoint(e.target.value)}
              >
                {options.pickupPoint ? null : <option value="">{text.pointPick}</option>}
                {options.pickupPoints.map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.address} — {p.workTime}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <p className="returns__muted">
            {text.paidBy[options.deliveryPaidBy]} {text.ships[options.exchangeShips]}
          </p>
          {error ? (
            <p className="returns__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--dark" disabled={busy}>
            {busy ? text.sending : text.submit}
          </button>
        </form>
      )}
    </section>
  );
}

/** A button that opens the return form of an order in place (the cabinet's orders, /status). */
export function ReturnToggle({
  orderID,
  contact,
  locale,
}: {
  orderID: number;
  contact?: string;
  locale: Locale;
}) {
  const [open, setOpen] = useState(false);
  const text = texts[locale];
  return (
    <div className="returns__toggle">
      <button
        type="button"
        className="button button--light returns__open"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? text.close : text.open}
      </button>
      {open ? <ReturnRequest orderID={orderID} contact={contact} locale={locale} /> : null}
    </div>
  );
}
