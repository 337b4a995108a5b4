/**
 * Orders as a CommerceML 2 document for 1C (`type=sale&mode=query`, spec integrations.md §11;
 * docs/decisions/0043-1c-orders-exchange.md). The element order is the schema's (valid against the
 * CommerceML 2.08 and 2.10 XSDs), and everything a 1C operator reads is a Russian name, not a code.
 */
import { isPaidStatus, type OrderStatus } from '../orders/order.rules.ts';
import { countryName, deliveryMethodName, orderStatusName, paymentMethodName } from './onec-names.rules.ts';

export interface OrderForExchange {
  number: number;
  createdAt: Date;
  status: OrderStatus;
  payment: string;
  deliveryMethod: string;
  fullName: string;
  /** Digits, with the country code. */
  phone: string;
  email: string;
  comment: string;
  delivery: {
    postal: string;
    countryCode: string;
    /** The name the shopper saw; the Russian name is taken from the code when it is known. */
    country: string;
    city: string;
    /** The pickup point's address, or the courier's street address. */
    place: string;
    room: string;
  };
  trackingNumber: string | null;
  /** Kopecks. */
  total: number;
  deliveryPrice: number;
  promoDiscount: number;
  lines: {
    /** The 1C Ид of the variant when it came from 1C, else the shop's variant id. */
    id: string;
    barcode: string;
    name: string;
    size: string;
    price: number;
    count: number;
  }[];
}

/** The schema version the document declares; it is valid against the 2.08 and the 2.10 XSD. */
export const ORDERS_SCHEMA_VERSION = '2.08';
export const COMMERCEML_NAMESPACE = 'urn:1C.ru:commerceml_2';

const esc = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 refuses these characters, so they are removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(
      /[<>&'"]/g,
      (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
    );
/** The schema's string limits (НаименованиеТип 255, ЗначениеТип 1000 …), counted in characters. */
const cut = (text: string, max: number) => [...text].slice(0, max).join('');
const money = (kopecks: number) => (kopecks / 100).toFixed(2);
/** Moscow wall time: 1C shows the order's date and time as the shop sees them. */
const moscow = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString();

const attribute = (name: string, value: string) =>
  `<ЗначениеРеквизита><Наименование>${esc(name)}</Наименование><Значение>${esc(cut(value, 1000))}</Значение></ЗначениеРеквизита>`;

const UNIT =
  '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>';

/** The delivery address as one line in Russian: postal code, country, city, place, flat. */
export function deliveryAddress(d: OrderForExchange['delivery']): string {
  return [d.postal, countryName(d.countryCode, d.country), d.city, d.place, d.room]
    .filter((part) => part)
    .join(', ');
}

/**
 * The requisites 1C reads from an order (`ЗначенияРеквизитов`): payment and delivery methods,
 * whether it is paid, its status and whether it is cancelled, by their Russian names.
 */
export function orderRequisites(o: OrderForExchange): [string, string][] {
  const cancelled = o.status === 'cancelled' || o.status === 'payment_failed';
  const out: [string, string][] = [
    ['Метод оплаты', paymentMethodName(o.payment)],
    ['Способ доставки', deliveryMethodName(o.deliveryMethod, o.delivery.countryCode)],
    ['Адрес доставки', deliveryAddress(o.delivery)],
    ['Заказ оплачен', isPaidStatus(o.status) ? 'true' : 'false'],
    ['Статус заказа', orderStatusName(o.status)],
    ['Отменен', cancelled ? 'true' : 'false'],
  ];
  if (o.trackingNumber) out.push(['Трек-номер', o.trackingNumber]);
  return out;
}

export function ordersDocument(orders: OrderForExchange[], now: Date): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<КоммерческаяИнформация xmlns="${COMMERCEML_NAMESPACE}" ВерсияСхемы="${ORDERS_SCHEMA_VERSION}" ДатаФормирования="${moscow(now).slice(0, 19)}">`,
  ];
  for (const o of orders) {
    const at = moscow(o.createdAt);
    const name = cut(o.fullName || o.phone || o.email || `Покупатель заказа ${o.number}`, 255);
    out.push('<Документ>');
    out.push(`<Ид>${o.number}</Ид>`, `<Номер>${o.number}</Номер>`, `<Дата>${at.slice(0, 10)}</Дата>`);
    out.push('<ХозОперация>Заказ товара</ХозОперация>', '<Роль>Продавец</Роль>');
    out.push('<Валюта>руб</Валюта>', '<Курс>1</Курс>', `<Сумма>${money(o.total)}</Сумма>`);
    out.push('<Контрагенты><Контрагент>');
    // ИдентификаторГлобальныйТип holds 40 characters: the phone, else the e-mail cut to fit.
    out.push(`<Ид>${esc(cut(o.phone || o.email || String(o.number), 40))}</Ид>`);
    out.push(
      `<Наименование>${esc(name)}</Наименование>`,
      `<ПолноеНаименование>${esc(name)}</ПолноеНаименование>`,
    );
    const address = cut(deliveryAddress(o.delivery), 255);
    if (address)
      out.push(`<АдресРегистрации><Представление>${esc(address)}</Представление></АдресРегистрации>`);
    const contacts = [
      o.phone ? `<Контакт><Тип>Телефон мобильный</Тип><Значение>+${esc(o.phone)}</Значение></Контакт>` : '',
      o.email ? `<Контакт><Тип>Почта</Тип><Значение>${esc(cut(o.email, 255))}</Значение></Контакт>` : '',
    ].join('');
    if (contacts) out.push(`<Контакты>${contacts}</Контакты>`);
    out.push('<Роль>Покупатель</Роль>');
    out.push('</Контрагент></Контрагенты>');
    out.push(`<Время>${at.slice(11, 19)}</Время>`);
    if (o.comment) out.push(`<Комментарий>${esc(cut(o.comment, 3000))}</Комментарий>`);
    if (o.promoDiscount > 0) {
      out.push(
        `<Скидки><Скидка><Наименование>Промокод</Наименование><Сумма>${money(o.promoDiscount)}</Сумма><УчтеноВСумме>true</УчтеноВСумме></Скидка></Скидки>`,
      );
    }
    // Товары holds at least one Товар when present.
    if (o.lines.length > 0 || o.deliveryPrice > 0) out.push('<Товары>');
    for (const l of o.lines) {
      out.push('<Товар>');
      out.push(`<Ид>${esc(cut(l.id, 80))}</Ид>`);
      // ШтрихкодТип is 8 to 14 characters: a barcode outside that (a 1C stand-in) is left out.
      const barcode = [...l.barcode].length;
      if (barcode >= 8 && barcode <= 14) out.push(`<Штрихкод>${esc(l.barcode)}</Штрихкод>`);
      out.push(
        `<Наименование>${esc(cut(l.size ? `${l.name}, ${l.size}` : l.name, 255))}</Наименование>`,
        UNIT,
      );
      out.push(
        `<ЗначенияРеквизитов>${attribute('ВидНоменклатуры', 'Товар')}${attribute('ТипНоменклатуры', 'Товар')}</ЗначенияРеквизитов>`,
      );
      out.push(`<ЦенаЗаЕдиницу>${money(l.price)}</ЦенаЗаЕдиницу>`, `<Количество>${l.count}</Количество>`);
      out.push(`<Сумма>${money(l.price * l.count)}</Сумма>`);
      out.push('</Товар>');
    }
    if (o.deliveryPrice > 0) {
      out.push('<Товар>');
      out.push('<Ид>ORDER_DELIVERY</Ид>', '<Наименование>Доставка заказа</Наименование>', UNIT);
      out.push(
        `<ЗначенияРеквизитов>${attribute('ВидНоменклатуры', 'Услуга')}${attribute('ТипНоменклатуры', 'Услуга')}</ЗначенияРеквизитов>`,
      );
      out.push(`<ЦенаЗаЕдиницу>${money(o.deliveryPrice)}</ЦенаЗаЕдиницу>`, '<Количество>1</Количество>');
      out.push(`<Сумма>${money(o.deliveryPrice)}</Сумма>`);
      out.push('</Товар>');
    }
    if (o.lines.length > 0 || o.deliveryPrice > 0) out.push('</Товары>');
    out.push('<ЗначенияРеквизитов>');
    out.push(
      orderRequisites(o)
        .map(([n, v]) => attribute(n, v))
        .join(''),
    );
    out.push('</ЗначенияРеквизитов>');
    out.push('</Документ>');
  }
  out.push('</КоммерческаяИнформация>');
  return `${out.join('\n')}\n`;
}
