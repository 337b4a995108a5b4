import type { Locale } from '../../../core/i18n.ts';
import { deliveryWayName, orderStatusName, paymentMethodName } from '../../../core/staff-messages.ts';

type Tr = (ru: string, en: string) => string;

/** The locale a `tr` speaks: the back office's labels take the page's `tr`. */
const localeOf = (tr: Tr): Locale => (tr('ru', 'en') === 'en' ? 'en' : 'ru');

/** An order's state as staff read it (core/staff-messages.ts). */
export function statusLabel(status: string, tr: Tr): string {
  return orderStatusName(status, localeOf(tr));
}

/** The badge colour of a state. */
export function statusTone(status: string): 'ok' | 'warn' | 'bad' | 'muted' {
  if (status === 'delivered' || status === 'paid' || status === 'confirmed') return 'ok';
  if (status === 'shipped' || status === 'ready_for_pickup' || status === 'awaiting_payment') return 'warn';
  if (status === 'cancelled' || status === 'payment_failed') return 'bad';
  return 'muted';
}

export function StatusBadge({ status, tr }: { status: string; tr: Tr }) {
  return <span className={`adm-badge adm-badge--${statusTone(status)}`}>{statusLabel(status, tr)}</span>;
}

/** A step's button text. */
export function stepLabel(step: string, tr: Tr): string {
  switch (step) {
    case 'confirmed':
      return tr('Подтвердить', 'Confirm');
    case 'shipped':
      return tr('Передать перевозчику', 'Hand to the carrier');
    case 'ready_for_pickup':
      return tr('Готов к выдаче', 'Ready for pickup');
    case 'delivered':
      return tr('Доставлен', 'Delivered');
    case 'cancelled':
      return tr('Отменить заказ', 'Cancel the order');
    default:
      return step;
  }
}

export function getWayLabel(way: string, tr: Tr): string {
  return deliveryWayName(way, localeOf(tr));
}

export function paymentLabel(payment: string, tr: Tr): string {
  return paymentMethodName(payment, localeOf(tr));
}
