import type { Locale } from '../../../core/i18n.ts';
import { deliveryWayName, orderStatusName, paymentMethodName } from '../../../core/staff-messages.ts';
import type { StaffText } from '../ui/staff-text.ts';

/** An order's state as staff read it (core/staff-messages.ts). */
export function statusLabel(status: string, locale: Locale): string {
  return orderStatusName(status, locale);
}

/** The badge colour of a state. */
export function statusTone(status: string): 'ok' | 'warn' | 'bad' | 'muted' {
  if (status === 'delivered' || status === 'paid' || status === 'confirmed') return 'ok';
  if (status === 'shipped' || status === 'ready_for_pickup' || status === 'awaiting_payment') return 'warn';
  if (status === 'cancelled' || status === 'payment_failed') return 'bad';
  return 'muted';
}

export function StatusBadge({ status, locale }: { status: string; locale: Locale }) {
  return <span className={`adm-badge adm-badge--${statusTone(status)}`}>{statusLabel(status, locale)}</span>;
}

/** A list's customer cell: the name, the phone under it. */
export function CustomerCell({ name, phone }: { name: string; phone: string }) {
  return (
    <>
      {name}
      <div className="adm-muted">+{phone}</div>
    </>
  );
}

/** A step's button text. */
export function stepLabel(step: string, t: StaffText): string {
  switch (step) {
    case 'confirmed':
      return t('kit.confirm');
    case 'shipped':
      return t('return_page.hand_to_the_carrier');
    case 'ready_for_pickup':
      return t('order.status.ready_for_pickup');
    case 'delivered':
      return t('order.status.delivered');
    case 'cancelled':
      return t('order_page.cancel_the_order');
    default:
      return step;
  }
}

export function getWayLabel(way: string, locale: Locale): string {
  return deliveryWayName(way, locale);
}

export function paymentLabel(payment: string, locale: Locale): string {
  return paymentMethodName(payment, locale);
}
