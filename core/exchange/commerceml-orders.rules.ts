/** Orders as a CommerceML 2 document for 1C (`type=sale&mode=query`, spec integrations.md §11). */

export interface OrderForExchange {
  number: number;
  createdAt: Date;
  status: string;
  payment: string;
  getWay: string;
  fullName: string;
  phone: string;
  email: string;
  comment: string;
  address: string;
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

const esc = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 refuses these characters, so they are removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(
      /[<>&'"]/g,
      (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
    );
const money = (kopecks: number) => (kopecks / 100).toFixed(2);
/** Moscow wall time: 1C shows the order's date and time as the shop sees them. */
const moscow = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString();

const attribute = (name: string, value: string) =>
  `<ЗначениеРеквизита><Наименование>${esc(name)}</Наименование><Значение>${esc(value)}</Значение></ЗначениеРеквизита>`;

export function ordersDocument(orders: OrderForExchange[], now: Date): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="${moscow(now).slice(0, 19)}">`,
  ];
  for (const o of orders) {
    const at = moscow(o.createdAt);
    out.push('<Документ>');
    out.push(`<Ид>${o.number}</Ид>`, `<Номер>${o.number}</Номер>`);
    out.push(`<Дата>${at.slice(0, 10)}</Дата>`, `<Время>${at.slice(11, 19)}</Время>`);
    out.push('<ХозОперация>Заказ товара</ХозОперация>', '<Роль>Продавец</Роль>');
    out.push('<Валюта>руб</Валюта>', '<Курс>1</Курс>', `<Сумма>${money(o.total)}</Сумма>`);
    out.push('<Контрагенты><Контрагент>');
    out.push(`<Ид>${esc(o.phone || o.email)}</Ид>`, `<Наименование>${esc(o.fullName)}</Наименование>`);
    out.push('<Роль>Покупатель</Роль>', `<ПолноеНаименование>${esc(o.fullName)}</ПолноеНаименование>`);
    out.push(`<АдресРегистрации><Представление>${esc(o.address)}</Представление></АдресРегистрации>`);
    out.push('<Контакты>');
    out.push(`<Контакт><Тип>Телефон рабочий</Тип><Значение>${esc(o.phone)}</Значение></Контакт>`);
    out.push(`<Контакт><Тип>Почта</Тип><Значение>${esc(o.email)}</Значение></Контакт>`);
    out.push('</Контакты>');
    out.push('</Контрагент></Контрагенты>');
    out.push(`<Комментарий>${esc(o.comment)}</Комментарий>`);
    if (o.promoDiscount > 0) {
      out.push(
        `<Скидки><Скидка><Наименование>Промокод</Наименование><Сумма>${money(o.promoDiscount)}</Сумма><УчтеноВСумме>true</УчтеноВСумме></Скидка></Скидки>`,
      );
    }
    out.push('<Товары>');
    for (const l of o.lines) {
      out.push('<Товар>');
      out.push(`<Ид>${esc(l.id)}</Ид>`, `<ШтрихКод>${esc(l.barcode)}</ШтрихКод>`);
      out.push(`<Наименование>${esc(l.size ? `${l.name}, ${l.size}` : l.name)}</Наименование>`);
      out.push(
        '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
      );
      out.push(`<ЦенаЗаЕдиницу>${money(l.price)}</ЦенаЗаЕдиницу>`, `<Количество>${l.count}</Количество>`);
      out.push(`<Сумма>${money(l.price * l.count)}</Сумма>`);
      out.push(
        `<ЗначенияРеквизитов>${attribute('ВидНоменклатуры', 'Товар')}${attribute('ТипНоменклатуры', 'Товар')}</ЗначенияРеквизитов>`,
      );
      out.push('</Товар>');
    }
    if (o.deliveryPrice > 0) {
      out.push('<Товар>');
      out.push('<Ид>ORDER_DELIVERY</Ид>', '<Наименование>Доставка заказа</Наименование>');
      out.push(
        '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
      );
      out.push(`<ЦенаЗаЕдиницу>${money(o.deliveryPrice)}</ЦенаЗаЕдиницу>`, '<Количество>1</Количество>');
      out.push(`<Сумма>${money(o.deliveryPrice)}</Сумма>`);
      out.push(
        `<ЗначенияРеквизитов>${attribute('ВидНоменклатуры', 'Услуга')}${attribute('ТипНоменклатуры', 'Услуга')}</ЗначенияРеквизитов>`,
      );
      out.push('</Товар>');
    }
    out.push('</Товары>');
    out.push('<ЗначенияРеквизитов>');
    out.push(attribute('Метод оплаты', o.payment), attribute('Способ доставки', o.getWay));
    out.push(attribute('Заказ оплачен', 'true'), attribute('Статус заказа', o.status));
    out.push(attribute('Отменен', 'false'));
    out.push('</ЗначенияРеквизитов>');
    out.push('</Документ>');
  }
  out.push('</КоммерческаяИнформация>');
  return `${out.join('\n')}\n`;
}
