import { returnStatusName } from '../../../core/staff-messages.ts';

/** Names of the returns' states, methods, reasons and decisions in the back office (ru/en). */
type Tr = (ru: string, en: string) => string;

/** A return's state by name, from the staff catalogue (core/staff-messages.ts). */
export function returnStatusLabel(status: string, tr: Tr): string {
  return returnStatusName(status, tr('ru', 'en') === 'en' ? 'en' : 'ru');
}

export function returnMethodLabel(method: string, tr: Tr): string {
  switch (method) {
    case 'pickup_point':
      return tr('Пункт выдачи', 'Pickup point');
    case 'courier':
      return tr('Курьер', 'Courier');
    case 'showroom':
      return tr('Шоурум', 'Showroom');
    default:
      return method;
  }
}

export function returnReasonLabel(reason: string, tr: Tr): string {
  switch (reason) {
    case 'size':
      return tr('Не подошёл размер', 'Wrong size');
    case 'not_as_described':
      return tr('Не соответствует описанию', 'Not as described');
    case 'defect':
      return tr('Брак', 'Defect');
    case 'changed_mind':
      return tr('Передумал', 'Changed mind');
    default:
      return tr('Другое', 'Other');
  }
}

export function refundStatusLabel(status: string, tr: Tr): string {
  switch (status) {
    case 'none':
      return tr('Ещё не решено', 'Not decided yet');
    case 'started':
      return tr('Отправлен в банк', 'Sent to the bank');
    case 'succeeded':
      return tr('Деньги возвращены', 'Refunded');
    case 'failed':
      return tr('Банк не принял — повторите', 'The bank refused — retry');
    case 'manual':
      return tr('Вернуть вручную (без онлайн-оплаты)', 'Refund by hand (no online payment)');
    case 'nothing':
      return tr('Возвращать нечего', 'Nothing to refund');
    default:
      return status;
  }
}

export function decisionLabel(decision: string, tr: Tr): string {
  switch (decision) {
    case 'accepted':
      return tr('Принят, на склад', 'Accepted, to stock');
    case 'defective':
      return tr('Принят, брак', 'Accepted, defective');
    case 'refused':
      return tr('Отказано', 'Refused');
    default:
      return tr('Не решено', 'Pending');
  }
}

export function exchangeStatusLabel(status: string, tr: Tr): string {
  switch (status) {
    case 'reserved':
      return tr('размер отложен', 'size reserved');
    case 'to_ship':
      return tr('отправить', 'to send');
    case 'shipped':
      return tr('отправлен', 'sent');
    case 'released':
      return tr('размер вернулся на склад', 'size back in stock');
    default:
      return '';
  }
}
