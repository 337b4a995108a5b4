import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { courierPickupBody } from '../../../core/orders/shipments.schemas.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';
import { callApi, endpoint } from '../ui/api-client.ts';
import { ErrorNote, StatusNote } from '../ui/notes.tsx';
import { useAction } from '../ui/use-action.ts';

/** POST /api/admin/carriers/sdek/pickup (server/routes/admin/shipping-desk.routes.ts). */
const bookPickup = endpoint<
  { result: true; pickup: { number: string | null; date: string; from: string; to: string } },
  z.input<typeof courierPickupBody>
>('POST', () => '/api/admin/carriers/sdek/pickup');

/** Tomorrow in Moscow, `YYYY-MM-DD`: the usual day to book a courier for. */
function tomorrow(): string {
  const moscow = new Date(Date.now() + 3 * 3_600_000 + 86_400_000);
  return moscow.toISOString().slice(0, 10);
}

/**
 * «Вызвать курьера СДЭК» on the orders list (docs/product/shipping-desk.md): a folded form for the
 * day, the window, the parcels and their weight; the shop's address and phone stand in when left
 * empty. CDEK's booking number, or its refusal in Russian, shows below.
 */
export function CourierPickup() {
  const locale = useAdminLocale();
  const t = (key: Parameters<typeof staffMessage>[0], params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const [draft, setDraft] = useState({
    date: tomorrow(),
    from: '10:00',
    to: '18:00',
    address: '',
    contactName: '',
    phone: '',
    parcels: '1',
    weightKg: '1',
    comment: '',
  });
  const [booked, setBooked] = useState<string | null>(null);
  const action = useAction(async () => {
    const answer = await callApi(bookPickup, {
      ...draft,
      parcels: Number.parseInt(draft.parcels, 10) || 0,
      weightKg: Number.parseFloat(draft.weightKg.replace(',', '.')) || 0,
    });
    setBooked(
      t('pickup.booked', {
        date: answer.pickup.date,
        from: answer.pickup.from,
        to: answer.pickup.to,
        number: answer.pickup.number ?? t('pickup.number_later'),
      }),
    );
  });
  const field = (key: keyof typeof draft, label: string, props: Record<string, unknown> = {}) => (
    <label className="adm-field">
      {label}
      <input
        name={key}
        value={draft[key]}
        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
        {...props}
      />
    </label>
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    setBooked(null);
    void action.run();
  }
  return (
    <details className="adm-card adm-pickup">
      <summary>{t('pickup.title')}</summary>
      <form className="adm-pickup__form" onSubmit={submit}>
        {field('date', t('pickup.date'), { type: 'date', required: true })}
        {field('from', t('pickup.from'), { type: 'time', required: true })}
        {field('to', t('pickup.to'), { type: 'time', required: true })}
        {field('parcels', t('pickup.parcels'), { inputMode: 'numeric', required: true })}
        {field('weightKg', t('pickup.weight'), { inputMode: 'decimal', required: true })}
        {field('contactName', t('pickup.contact'), { required: true, minLength: 2, autoComplete: 'name' })}
        {field('phone', t('pickup.phone'), { type: 'tel', autoComplete: 'tel' })}
        {field('address', t('pickup.address'))}
        {field('comment', t('pickup.comment'))}
        <button type="submit" className="adm-btn adm-btn--primary" disabled={action.busy}>
          {t('pickup.book')}
        </button>
      </form>
      <ErrorNote message={action.error} />
      {booked ? <StatusNote>{booked}</StatusNote> : null}
    </details>
  );
}
