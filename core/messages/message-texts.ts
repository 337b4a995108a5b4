/**
 * The wording of the shop's messages that staff may change (docs/decisions/0021-durable-jobs-and-messages.md,
 * docs/product/marketing-consent.md): every text with its built-in Russian and English and the
 * placeholders it takes. Staff wording lives in `message_texts`; a text without one is sent as built in.
 * Pure: no I/O.
 */
import { orderMessageEvents } from './order-messages.rules.ts';
import type { MessageLocale } from './templates.ts';

interface BuiltIn {
  ru: string;
  en: string;
  /** What the text is, in Russian and English: staff see it above the text. */
  about: readonly [string, string];
}

const event = (ru: string, en: string, about: readonly [string, string]): BuiltIn => ({ ru, en, about });

export const messageTextCatalogue = {
  'order.created.title': event('Заказ №{number} принят', 'Order {number} received', [
    'Заказ принят: тема и заголовок',
    'Order placed: subject and heading',
  ]),
  'order.created.note': event(
    'Спасибо за заказ! Мы сообщим о каждом его шаге.',
    'Thank you! We will tell you about each step.',
    ['Заказ принят: текст', 'Order placed: text'],
  ),
  'order.paid.title': event('Заказ №{number} оплачен', 'Order {number} is paid', [
    'Оплачен: тема и заголовок',
    'Paid: subject and heading',
  ]),
  'order.paid.note': event(
    'Оплата получена, собираем заказ.',
    'We have your payment and are packing the order.',
    ['Оплачен: текст', 'Paid: text'],
  ),
  'order.shipped.title': event('Заказ №{number} передан в доставку', 'Order {number} is on its way', [
    'Передан в доставку: тема и заголовок',
    'Handed to the carrier: subject and heading',
  ]),
  'order.shipped.note': event('Заказ у перевозчика.', 'The carrier has the order.', [
    'Передан в доставку, без трек-номера',
    'Handed over, no tracking number',
  ]),
  'order.shipped.noteTracking': event('Трек-номер: {tracking}.', 'Tracking number: {tracking}.', [
    'Передан в доставку, с трек-номером',
    'Handed over, with the tracking number',
  ]),
  'order.ready_for_pickup.title': event(
    'Заказ №{number} ждёт вас в пункте выдачи',
    'Order {number} is ready for pickup',
    ['В пункте выдачи: тема и заголовок', 'At the pickup point: subject and heading'],
  ),
  'order.ready_for_pickup.note': event(
    'Возьмите с собой паспорт или номер заказа.',
    'Bring your ID or the order number.',
    ['В пункте выдачи: текст', 'At the pickup point: text'],
  ),
  'order.delivered.title': event('Заказ №{number} доставлен', 'Order {number} is delivered', [
    'Доставлен: тема и заголовок',
    'Delivered: subject and heading',
  ]),
  'order.delivered.note': event('Спасибо, что выбрали нас!', 'Thank you for shopping with us!', [
    'Доставлен: текст',
    'Delivered: text',
  ]),
  'order.cancelled.title': event('Заказ №{number} отменён', 'Order {number} is cancelled', [
    'Отменён: тема и заголовок',
    'Cancelled: subject and heading',
  ]),
  'order.cancelled.note': event(
    'Если заказ был оплачен, деньги вернутся тем же способом.',
    'If it was paid, the money goes back the way it came.',
    ['Отменён: текст', 'Cancelled: text'],
  ),
  'order.refunded.title': event('Деньги за заказ №{number} возвращены', 'Order {number} is refunded', [
    'Деньги возвращены: тема и заголовок',
    'Refunded: subject and heading',
  ]),
  'order.refunded.note': event(
    'Срок зачисления зависит от банка.',
    'How soon you see it depends on your bank.',
    ['Деньги возвращены: текст', 'Refunded: text'],
  ),
  'buyout.payment.title': event('Оплата заказа №{number}', 'Pay for order {number}', [
    'Выкуп после примерки: тема и заголовок',
    'Try-on buyout: subject and heading',
  ]),
  'buyout.payment.note': event(
    'Вы оставили товары на {amount}. Оплатите их по ссылке.',
    'You kept goods for {amount}. Please pay for them by the link.',
    ['Выкуп после примерки: текст', 'Try-on buyout: text'],
  ),
  'buyout.payment.button': event('Оплатить', 'Pay', [
    'Выкуп после примерки: кнопка оплаты',
    'Try-on buyout: the pay button',
  ]),
  'order.payment_link.title': event('Оплата заказа №{number}', 'Pay for order {number}', [
    'Заказ по телефону: тема и заголовок письма со ссылкой на оплату',
    'Phone order: subject and heading of the payment link',
  ]),
  'order.payment_link.note': event(
    'Заказ на {amount} оформлен по телефону. Оплатите его по ссылке: товары отложены для вас до оплаты.',
    'Your order of {amount} was taken by phone. Please pay for it by the link: the goods are held for you until then.',
    ['Заказ по телефону: текст', 'Phone order: text'],
  ),
  'order.payment_link.button': event('Оплатить заказ', 'Pay for the order', [
    'Заказ по телефону: кнопка оплаты',
    'Phone order: the pay button',
  ]),
  'return.requested.title': event(
    'Возврат {return} по заказу №{number} оформлен',
    'Return {return} of order {number} is registered',
    ['Возврат оформлен: тема и заголовок', 'Return asked: subject and heading'],
  ),
  'return.requested.note': event('Мы получили вашу заявку на возврат.', 'We have your return request.', [
    'Возврат оформлен: текст',
    'Return asked: text',
  ]),
  'return.code.title': event('Код возврата {return}', 'The return code of {return}', [
    'Код возврата: тема и заголовок',
    'Return code: subject and heading',
  ]),
  'return.code.note': event(
    'Перевозчик зарегистрировал возврат. Назовите код, когда будете сдавать посылку.',
    'The carrier has registered the return. Give the code when you hand the parcel over.',
    ['Код возврата: текст', 'Return code: text'],
  ),
  'return.exchange_shipped.title': event(
    'Обмен по возврату {return} отправлен',
    'The exchange of return {return} is on its way',
    ['Обмен отправлен: тема и заголовок', 'Exchange sent: subject and heading'],
  ),
  'return.exchange_shipped.note': event(
    'Новый размер передан перевозчику.',
    'The new size is with the carrier.',
    ['Обмен отправлен: текст', 'Exchange sent: text'],
  ),
  'return.received.title': event('Возврат {return} получен', 'Return {return} has arrived', [
    'Возврат получен: тема и заголовок',
    'Return received: subject and heading',
  ]),
  'return.received.note': event(
    'Посылка у нас, проверяем вещи. Сообщим, когда вернём деньги.',
    'The parcel is with us and we are checking the items. We will tell you when the money is sent.',
    ['Возврат получен: текст', 'Return received: text'],
  ),
  'return.received.exchange_note': event(
    'Посылка у нас, проверяем вещи. Сообщим, когда отправим новый размер.',
    'The parcel is with us and we are checking the items. We will tell you when the new size is on its way.',
    ['Обмен получен: текст', 'Exchange received: text'],
  ),
  'return.refunded.title': event(
    'Деньги по возврату {return} отправлены',
    'The refund of return {return} is sent',
    ['Деньги по возврату отправлены: тема и заголовок', 'Return refunded: subject and heading'],
  ),
  'return.refunded.note': event(
    'Вернули {amount}. Срок зачисления зависит от банка.',
    'We have refunded {amount}. How soon you see it depends on your bank.',
    ['Деньги по возврату отправлены: текст', 'Return refunded: text'],
  ),
  'order.statusLink': event('Статус заказа', 'Order status', [
    'Сообщения о заказе: кнопка статуса',
    'Order messages: the status button',
  ]),
  'restock.subject': event('Снова в наличии: {product}', 'Back in stock: {product}', [
    'Снова в наличии: тема',
    'Restock notice: subject',
  ]),
  'restock.note': event(
    'Вы просили сообщить, когда товар появится.',
    'You asked us to tell you when it is back.',
    ['Снова в наличии: текст', 'Restock notice: text'],
  ),
  'restock.confirm.subject': event('Подтвердите: сообщить о {product}', 'Confirm: tell you about {product}', [
    'Подтверждение ожидания товара: тема',
    'Restock sign-up confirmation: subject',
  ]),
  'restock.confirm.note': event(
    'Вы просили сообщить, когда товар появится. Подтвердите адрес, и мы напишем. Если вы не просили, просто не отвечайте.',
    'You asked us to tell you when this is back. Confirm this address and we will. If you did not ask, ignore this mail.',
    ['Подтверждение ожидания товара: текст', 'Restock sign-up confirmation: text'],
  ),
  'newsletter.confirm.subject': event('Подтвердите подписку', 'Confirm your subscription', [
    'Подтверждение подписки: тема',
    'Newsletter confirmation: subject',
  ]),
  'newsletter.confirm.note': event(
    'Чтобы получать наши письма и промокод на скидку, подтвердите адрес. Если вы не подписывались, просто не отвечайте.',
    'To get our letters and your discount code, confirm this address. If you did not sign up, ignore this mail.',
    ['Подтверждение подписки: текст', 'Newsletter confirmation: text'],
  ),
  'newsletter.welcome.subject': event('Ваш промокод на скидку {percent}%', 'Your {percent}% discount code', [
    'Приветствие подписчика: тема',
    'Newsletter welcome: subject',
  ]),
  'newsletter.welcome.note': event(
    'Спасибо за подписку! Код действует на один заказ.',
    'Thank you for subscribing! The code works for one order.',
    ['Приветствие подписчика: текст', 'Newsletter welcome: text'],
  ),
  'cart.subject': event('Вы оставили товары в корзине', 'You left something in your cart', [
    'Напоминание о корзине: тема',
    'Cart reminder: subject',
  ]),
  'cart.note': event(
    'Они ещё ждут вас, но размеры быстро заканчиваются.',
    'They are still waiting for you, but sizes sell out fast.',
    ['Напоминание о корзине: текст', 'Cart reminder: text'],
  ),
  'cart.sms': event('товары ждут в корзине', 'your cart is waiting', [
    'Напоминание о корзине: текст SMS',
    'Cart reminder: SMS text',
  ]),
  unsubscribe: event('Отписаться от рассылок', 'Unsubscribe', [
    'Рекламные письма: ссылка для отписки',
    'Marketing mail: the unsubscribe link',
  ]),
} satisfies Record<string, BuiltIn>;

export type MessageTextKey = keyof typeof messageTextCatalogue;
export const messageTextKeys = Object.keys(messageTextCatalogue) as MessageTextKey[];

export function isMessageTextKey(key: string): key is MessageTextKey {
  return Object.hasOwn(messageTextCatalogue, key);
}

/** Built-in texts of one language, as the staff text check takes them (core/content/texts.rules.ts). */
export function builtInMessageTexts(locale: MessageLocale): Record<string, string> {
  return Object.fromEntries(messageTextKeys.map((k) => [k, messageTextCatalogue[k][locale]]));
}

/** One language's texts: staff wording where given, otherwise built in, with placeholders filled. */
export type MessageTexts = (key: MessageTextKey, params?: Record<string, string | number>) => string;

export function messageTexts(
  locale: MessageLocale,
  overrides: ReadonlyMap<string, string> = new Map(),
): MessageTexts {
  return (key, params = {}) => {
    const text = overrides.get(key) ?? messageTextCatalogue[key][locale];
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  };
}

/** The messages the back office can preview (core/messages/message-texts.ts). */
export const messagePreviewKinds = [
  ...orderMessageEvents.map((e) => `order.${e}` as const),
  'restock',
  'restock.confirm',
  'newsletter.confirm',
  'newsletter.welcome',
  'cart',
] as const;
export type MessagePreviewKind = (typeof messagePreviewKinds)[number];
