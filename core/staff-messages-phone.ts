import type { Localized } from './i18n.ts';

/**
 * The staff catalogue's texts of orders taken by phone (docs/product/phone-orders.md): the form at
 * /admin/orders/new, the payment-link panel (app/admin/orders/payment-link-panel.tsx), the order
 * history's and the audit log's words. core/staff-messages.ts takes them in whole, so they are read
 * with `staffMessage` and checked by core/staff-messages.test.ts like every other entry.
 */
export const phoneOrderMessages = {
  // The order history (causes written by core/orders/phone-order.service.ts).
  'event.phone_taken': {
    ru: 'Заказ принят по телефону: сотрудник {who}',
    en: 'Taken by phone by staff {who}',
  },
  'event.payment_link_sent': {
    ru: 'Ссылка на оплату отправлена {channels}: сотрудник {who}',
    en: 'Payment link sent {channels} by staff {who}',
  },
  'phone_order.channel.sms': { ru: 'по SMS', en: 'by SMS' },
  'phone_order.channel.email': { ru: 'по e-mail', en: 'by e-mail' },
  'phone_order.channel.both': { ru: 'по SMS и e-mail', en: 'by SMS and e-mail' },

  // The audit log.
  'action.order.phone': { ru: 'Заказ по телефону', en: 'Order taken by phone' },
  'action.order.payment_link': {
    ru: 'Ссылка на оплату отправлена покупателю',
    en: 'Payment link sent to the buyer',
  },
  'field.phone': { ru: 'Телефон', en: 'Phone' },
  'field.email': { ru: 'Электронная почта', en: 'E-mail' },
  'field.lines': { ru: 'Товары', en: 'Items' },

  // Background jobs.
  'job.phone-order-payment-link': {
    ru: 'Ссылка на оплату заказа по телефону',
    en: 'Phone order payment link',
  },

  // The form (app/routes/admin/order-new.tsx).
  'phone_order.button': { ru: 'Заказ по телефону', en: 'Phone order' },
  'phone_order.title': { ru: 'Заказ по телефону', en: 'Order by phone' },
  'phone_order.back': { ru: '← Заказы', en: '← Orders' },
  'phone_order.goods': { ru: 'Товары', en: 'Items' },
  'phone_order.search': { ru: 'Найти товар', en: 'Find a product' },
  'phone_order.search_hint': {
    ru: 'Название или артикул, от двух букв',
    en: 'Name or article, two letters or more',
  },
  'phone_order.nothing_found': { ru: 'Ничего не найдено', en: 'Nothing found' },
  'phone_order.in_stock': { ru: 'в наличии: {count}', en: 'in stock: {count}' },
  'phone_order.preorder': { ru: 'предзаказ', en: 'preorder' },
  'phone_order.sold_out': { ru: 'нет в наличии', en: 'sold out' },
  'phone_order.add': { ru: 'Добавить', en: 'Add' },
  'phone_order.add_size': { ru: 'Добавить {name}, размер {size}', en: 'Add {name}, size {size}' },
  'phone_order.remove': { ru: 'Убрать', en: 'Remove' },
  'phone_order.remove_line': { ru: 'Убрать {name}', en: 'Remove {name}' },
  'phone_order.count': { ru: 'Количество', en: 'Quantity' },
  'phone_order.count_of': { ru: 'Количество: {name}', en: 'Quantity: {name}' },
  'phone_order.product': { ru: 'Товар', en: 'Product' },
  'phone_order.size': { ru: 'Размер', en: 'Size' },
  'phone_order.price': { ru: 'Цена', en: 'Price' },
  'phone_order.sum': { ru: 'Сумма', en: 'Sum' },
  'phone_order.no_lines': { ru: 'Добавьте товары через поиск', en: 'Add items with the search' },
  'phone_order.no_size': { ru: 'без размера', en: 'one size' },
  'phone_order.delivery': { ru: 'Доставка', en: 'Delivery' },
  'phone_order.way': { ru: 'Способ доставки', en: 'Delivery method' },
  'phone_order.city': { ru: 'Город', en: 'City' },
  'phone_order.city_hint': {
    ru: 'Начните вводить и выберите из списка',
    en: 'Start typing and choose from the list',
  },
  'phone_order.address': { ru: 'Адрес', en: 'Address' },
  'phone_order.room': { ru: 'Квартира или офис', en: 'Flat or office' },
  'phone_order.point': { ru: 'Пункт выдачи', en: 'Pickup point' },
  'phone_order.choose_point': { ru: 'Выберите пункт выдачи', en: 'Choose a pickup point' },
  'phone_order.no_points': { ru: 'В этом городе нет пунктов выдачи', en: 'No pickup points in this city' },
  'phone_order.date': { ru: 'Дата доставки', en: 'Delivery date' },
  'phone_order.time': { ru: 'Время доставки', en: 'Delivery time' },
  'phone_order.buyer': { ru: 'Покупатель', en: 'Buyer' },
  'phone_order.full_name': { ru: 'Фамилия и имя', en: 'Full name' },
  'phone_order.phone': { ru: 'Телефон', en: 'Phone' },
  'phone_order.email': { ru: 'Электронная почта', en: 'E-mail' },
  'phone_order.comment': { ru: 'Комментарий к заказу', en: 'Order comment' },
  'phone_order.promo': { ru: 'Промокод', en: 'Promo code' },
  'phone_order.consent': {
    ru: 'Покупатель согласился на обработку персональных данных',
    en: 'The buyer agreed to the processing of personal data',
  },
  'phone_order.totals': { ru: 'Расчёт магазина', en: 'The shop’s prices' },
  'phone_order.totals_hint': {
    ru: 'Цены, доставку и скидку считает сервер по каталогу и тарифам перевозчика.',
    en: 'The server prices the goods, delivery and discount from the catalogue and the carrier’s rates.',
  },
  'phone_order.fill_delivery': {
    ru: 'Укажите доставку, и сервер рассчитает заказ',
    en: 'Fill in the delivery and the server prices the order',
  },
  'phone_order.goods_sum': { ru: 'Товары', en: 'Goods' },
  'phone_order.delivery_sum': { ru: 'Доставка', en: 'Delivery' },
  'phone_order.delivery_free': { ru: 'бесплатно', en: 'free' },
  'phone_order.discount': { ru: 'Скидка по промокоду', en: 'Promo discount' },
  'phone_order.total': { ru: 'Итого к оплате', en: 'Total to pay' },
  'phone_order.delivery_by': { ru: 'Доставка до {date}', en: 'Delivered by {date}' },
  'phone_order.create': { ru: 'Оформить заказ', en: 'Place the order' },
  'phone_order.creating': { ru: 'Оформляем…', en: 'Placing…' },
  'phone_order.confirm_create': {
    ru: 'Оформить заказ на {total}? Товары будут отложены до оплаты.',
    en: 'Place the order of {total}? The goods are held until it is paid.',
  },
  'phone_order.created': { ru: 'Заказ №{number} оформлен', en: 'Order {number} placed' },
  'phone_order.open_order': { ru: 'Открыть заказ', en: 'Open the order' },
  'phone_order.another': { ru: 'Новый заказ по телефону', en: 'Another phone order' },

  // The payment-link panel.
  'payment_link.title': { ru: 'Ссылка на оплату', en: 'Payment link' },
  'payment_link.total': { ru: 'К оплате', en: 'To pay' },
  'payment_link.expires': {
    ru: 'Без оплаты заказ отменится {at}, товары вернутся на склад.',
    en: 'Unpaid, the order is cancelled at {at} and its items go back to stock.',
  },
  'payment_link.send_by': { ru: 'Отправить', en: 'Send' },
  'payment_link.sms': { ru: 'SMS на {phone}', en: 'SMS to {phone}' },
  'payment_link.email': { ru: 'E-mail на {email}', en: 'E-mail to {email}' },
  'payment_link.both': { ru: 'SMS и e-mail', en: 'SMS and e-mail' },
  'payment_link.send': { ru: 'Отправить ссылку', en: 'Send the link' },
  'payment_link.resend': { ru: 'Отправить ещё раз', en: 'Send again' },
  'payment_link.sending': { ru: 'Отправляем…', en: 'Sending…' },
  'payment_link.history': { ru: 'Отправки', en: 'Sent' },
  'payment_link.none_yet': { ru: 'Ссылку ещё не отправляли', en: 'The link has not been sent yet' },
  'payment_link.state.queued': { ru: 'в очереди', en: 'queued' },
  'payment_link.state.sent': { ru: 'отправлено', en: 'sent' },
  'payment_link.state.skipped': {
    ru: 'не отправлено: заказ уже не ждёт оплаты',
    en: 'not sent: no longer awaiting payment',
  },
  'payment_link.state.failed': { ru: 'не удалось отправить', en: 'could not be sent' },
  'payment_link.via_sms': { ru: 'Сообщение SMS', en: 'SMS' },
  'payment_link.via_email': { ru: 'Письмо', en: 'E-mail' },
  'payment_link.open': { ru: 'Страница оплаты', en: 'Payment page' },
  'payment_link.not_awaiting': {
    ru: 'Заказ не ждёт оплаты ({status}): ссылку отправить нельзя.',
    en: 'The order is not awaiting payment ({status}): no link can be sent.',
  },
} satisfies Record<string, Localized>;
