import { useState } from 'react';
import { adminApi } from '../api.ts';
import { useTr } from '../i18n.ts';
import { Field, SaveStatus, useSave, whole } from './form.tsx';
import type { PromoCode } from './types.ts';

/** `datetime-local` shows the browser's clock; the API takes an instant. */
const toInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromInput = (value: string) => (value ? new Date(value).toISOString() : null);

/** Creates a promo code (no `promo`) or edits one over the version shown (DECISIONS 31). */
export function PromoForm({
  promo,
  onSaved,
}: {
  promo: PromoCode | null;
  onSaved: (saved: PromoCode) => void;
}) {
  const tr = useTr();
  const save = useSave();
  const [shown, setShown] = useState(promo);
  const [form, setForm] = useState(() => ({
    code: promo?.code ?? '',
    percent: String(promo?.percent ?? 10),
    startsAt: toInput(promo?.startsAt ?? null),
    endsAt: toInput(promo?.endsAt ?? null),
    usageLimit: promo?.usageLimit === null || !promo ? '' : String(promo.usageLimit),
    perCustomerLimit: promo?.perCustomerLimit == null ? '' : String(promo.perCustomerLimit),
    phone: promo?.phone ?? '',
    firstOrderOnly: promo?.firstOrderOnly ?? false,
    active: promo?.active ?? true,
  }));
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const fill = (p: PromoCode) => {
    setShown(p);
    setForm({
      code: p.code,
      percent: String(p.percent),
      startsAt: toInput(p.startsAt),
      endsAt: toInput(p.endsAt),
      usageLimit: p.usageLimit === null ? '' : String(p.usageLimit),
      perCustomerLimit: p.perCustomerLimit === null ? '' : String(p.perCustomerLimit),
      phone: p.phone ?? '',
      firstOrderOnly: p.firstOrderOnly,
      active: p.active,
    });
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const fields = {
      percent: whole(form.percent),
      active: form.active,
      startsAt: fromInput(form.startsAt),
      endsAt: fromInput(form.endsAt),
      usageLimit: whole(form.usageLimit),
      perCustomerLimit: whole(form.perCustomerLimit),
      phone: form.phone.trim() || null,
      firstOrderOnly: form.firstOrderOnly,
    };
    const saved = await save.run(
      async () =>
        shown
          ? (
              await adminApi<{ promo: PromoCode }>(
                `/api/admin/promo-codes/${encodeURIComponent(shown.code)}`,
                {
                  method: 'PUT',
                  body: { ...fields, updatedAt: shown.updatedAt },
                },
              )
            ).promo
          : (
              await adminApi<{ promo: PromoCode }>('/api/admin/promo-codes', {
                method: 'POST',
                body: { ...fields, code: form.code },
              })
            ).promo,
      async () => {
        if (shown)
          fill(
            (await adminApi<{ promo: PromoCode }>(`/api/admin/promo-codes/${encodeURIComponent(shown.code)}`))
              .promo,
          );
      },
    );
    if (saved) {
      fill(saved);
      onSaved(saved);
    }
  }

  const p = save.problem;
  return (
    <form className="adm-card" onSubmit={submit} noValidate aria-label={tr('Промокод', 'Promo code')}>
      <div className="adm-cnt__form">
        <Field label={tr('Код', 'Code')} name="code" problem={p}>
          <input
            value={form.code}
            onChange={(e) => set({ code: e.target.value })}
            readOnly={Boolean(shown)}
            maxLength={40}
            autoCapitalize="characters"
            required
          />
        </Field>
        <Field label={tr('Скидка, %', 'Discount, %')} name="percent" problem={p}>
          <input
            type="number"
            min={1}
            max={100}
            value={form.percent}
            onChange={(e) => set({ percent: e.target.value })}
          />
        </Field>
        <Field label={tr('Действует с', 'Valid from')} name="startsAt" problem={p}>
          <input
            type="datetime-local"
            value={form.startsAt}
            onChange={(e) => set({ startsAt: e.target.value })}
          />
        </Field>
        <Field label={tr('Действует до', 'Valid until')} name="endsAt" problem={p}>
          <input
            type="datetime-local"
            value={form.endsAt}
            onChange={(e) => set({ endsAt: e.target.value })}
          />
        </Field>
        <Field
          label={tr('Лимит заказов всего', 'Orders allowed in all')}
          name="usageLimit"
          problem={p}
          hint={tr('пусто — без лимита', 'empty: no limit')}
        >
          <input
            type="number"
            min={1}
            value={form.usageLimit}
            onChange={(e) => set({ usageLimit: e.target.value })}
          />
        </Field>
        <Field
          label={tr('Лимит на покупателя', 'Orders per customer')}
          name="perCustomerLimit"
          problem={p}
          hint={tr('пусто — без лимита', 'empty: no limit')}
        >
          <input
            type="number"
            min={1}
            value={form.perCustomerLimit}
            onChange={(e) => set({ perCustomerLimit: e.target.value })}
          />
        </Field>
        <Field
          label={tr('Только для телефона', 'Only for the phone')}
          name="phone"
          problem={p}
          hint={tr('пусто — для всех', 'empty: anyone')}
        >
          <input type="tel" value={form.phone} onChange={(e) => set({ phone: e.target.value })} />
        </Field>
        <label className="adm-cnt__check">
          <input
            type="checkbox"
            checked={form.firstOrderOnly}
            onChange={(e) => set({ firstOrderOnly: e.target.checked })}
          />
          {tr('Только на первый заказ', 'First order only')}
        </label>
        <label className="adm-cnt__check">
          <input type="checkbox" checked={form.active} onChange={(e) => set({ active: e.target.checked })} />
          {tr('Включён', 'Enabled')}
        </label>
      </div>
      <div className="adm-cnt__actions">
        <button type="submit" className="adm-btn adm-btn--primary" disabled={save.busy}>
          {shown ? tr('Сохранить', 'Save') : tr('Создать промокод', 'Create promo code')}
        </button>
        {shown ? (
          <span className="adm-muted">
            {tr('Использован', 'Used')}: {shown.usedCount}
            {shown.usageLimit !== null ? ` / ${shown.usageLimit}` : ''}
          </span>
        ) : null}
        <SaveStatus busy={save.busy} done={save.done} problem={p} />
      </div>
    </form>
  );
}
