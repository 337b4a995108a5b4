import type { OrderStatus } from '../../../core/orders/order.rules.ts';

type Tr = (ru: string, en: string) => string;

/** An order's state as staff read it. */
export function statusLabel(status: string, tr: Tr): string {
  const labels: Record<OrderStatus, string> = {
    new: tr('Черновик', 'Draft'),
    awaiting_payment: tr('Ждёт оплаты', 'Awaiting payment'),
    paid: tr('Оплачен', 'Paid'),
    confirmed: tr('Подтверждён', 'Confirmed'),
    shipped: tr('Передан перевозчику', 'Shipped'),
    ready_for_pickup: tr('Готов к выдаче', 'Ready for pickup'),
    delivered: tr('Доставлен', 'Delivered'),
    cancelled: tr('Отменён', 'Cancelled'),
    payment_failed: tr('Не оплачен', 'Payment failed'),
  };
  return labels[status as OrderStatus] ?? status;
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
  switch (way) {
    case 'delivery-sdek':
      return tr('Курьер СДЭК', 'CDEK courier');
    case 'self-sdek':
      return tr('ПВЗ СДЭК', 'CDEK pickup point');
    case 'self-boxberry':
      return tr('ПВЗ Boxberry', 'Boxberry pickup point');
    case 'moscow':
      return tr('Курьер по Москве', 'Moscow courier');
    case 'moscow-try':
      return tr('Курьер с примеркой', 'Courier with fitting');
    case 'self':
      return tr('Самовывоз из магазина', 'Shop pickup');
    default:
      return way;
  }
}

export function paymentLabel(payment: string, tr: Tr): string {
  switch (payment) {
    case 'online':
      return tr('Картой онлайн', 'Card online');
    case 'online-international':
      return tr('Картой (международная)', 'Card (international)');
    case 'sbp':
      return tr('СБП', 'SBP');
    case 'yaPay':
      return 'Yandex Pay';
    case 'split':
      return tr('Сплит', 'Split');
    case 'dolyame':
      return tr('Долями', 'Dolyame (BNPL)');
    case 'tinkoff':
      return tr('Рассрочка', 'Instalment');
    case 'hepay':
      return tr('Оплата по ссылке', 'Payment link');
    default:
      return payment;
  }
}
