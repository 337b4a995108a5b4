import type { GetWay } from '../delivery/delivery.rules.ts';
import type { OrderStatus } from '../orders/order.rules.ts';
import type { PaymentMethod } from '../payments/payment.rules.ts';

/**
 * The names the shop and 1C exchange for an order's codes (docs/decisions/0043-1c-orders-exchange.md):
 * what the 1C operator reads in the orders document, in Russian. They are the exchange's vocabulary,
 * kept apart from the back office's wording (core/staff-messages.ts) on purpose: 1C's exchange
 * settings match statuses and methods by these strings, so they change only with the 1C side.
 * «Отменен», «Подтвержден» are written without «ё», as 1C's own requisites are.
 */
export const orderStatusNames: Record<OrderStatus, string> = {
  new: 'Создан',
  awaiting_payment: 'Ожидает оплаты',
  paid: 'Оплачен',
  confirmed: 'Подтвержден',
  shipped: 'Передан перевозчику',
  ready_for_pickup: 'Готов к выдаче',
  delivered: 'Доставлен',
  cancelled: 'Отменен',
  payment_failed: 'Не оплачен',
};

export const paymentMethodNames: Record<PaymentMethod, string> = {
  online: 'Банковская карта',
  'online-international': 'Банковская карта (зарубежная)',
  sbp: 'СБП',
  yaPay: 'Yandex Pay',
  split: 'Яндекс Сплит',
  dolyame: 'Долями',
  tinkoff: 'Рассрочка Т-Банка',
  hepay: 'Оплата по ссылке',
};

const deliveryMethodNames: Record<GetWay, string> = {
  'delivery-sdek': 'СДЭК, курьер',
  'self-sdek': 'СДЭК, пункт выдачи',
  'self-boxberry': 'Boxberry, пункт выдачи',
  moscow: 'Курьер по Москве',
  'moscow-try': 'Курьер по Москве с примеркой',
  self: 'Самовывоз из магазина',
};

/** The status's name; an unknown code is shown as it is rather than hidden. */
export function orderStatusName(status: string): string {
  return orderStatusNames[status as OrderStatus] ?? status;
}

export function paymentMethodName(payment: string): string {
  return paymentMethodNames[payment as PaymentMethod] ?? payment;
}

/** The delivery method's name; a courier delivery abroad goes by DHL Express (`carrierOf`). */
export function deliveryMethodName(deliveryMethod: string, countryCode: string): string {
  if (deliveryMethod === 'delivery-sdek' && countryCode && countryCode !== 'RU') return 'DHL Express, курьер';
  return deliveryMethodNames[deliveryMethod as GetWay] ?? deliveryMethod;
}

const regionNames = new Intl.DisplayNames(['ru'], { type: 'region', fallback: 'none' });

/**
 * The country's Russian name from its ISO code (`RU` → «Россия»); `given` (the name the shopper saw,
 * perhaps in English) when the code is missing or unknown.
 */
export function countryName(countryCode: string, given: string): string {
  if (!/^[A-Z]{2}$/.test(countryCode)) return given;
  try {
    return regionNames.of(countryCode) ?? given;
  } catch {
    return given;
  }
}
