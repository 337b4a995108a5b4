import type { Locale, Localized } from './i18n.ts';

/**
 * The one catalogue of server messages a shopper can read (issue 21: "Russian everywhere"). An
 * AppError names a key and its parameters; the HTTP layer renders it in the request's language
 * (server/errors.ts). `{name}` marks a parameter; both languages use the same ones
 * (core/shopper-messages.test.ts walks every key).
 */
export const shopperMessages = {
  // Requests the shop cannot read.
  'request.invalid': { ru: 'Неверный запрос', en: 'Invalid request' },
  'request.invalid_field': { ru: 'Неверное значение поля «{field}»', en: 'Invalid value of {field}' },
  'request.nul_in_address': {
    ru: 'В адресе запроса недопустимый символ',
    en: 'The address contains a NUL character',
  },
  'request.too_large': { ru: 'Слишком большой запрос', en: 'The request is too large' },
  'request.media_type': {
    ru: 'Неподдерживаемый формат запроса',
    en: 'The request’s content type is not supported',
  },
  'request.route_not_found': {
    ru: 'Адрес {method} {url} не найден',
    en: 'Route {method} {url} not found',
  },
  'request.not_found': { ru: 'Не найдено', en: 'Not found' },
  'request.too_many': {
    ru: 'Слишком много запросов. Попробуйте немного позже',
    en: 'Too many requests. Please try again a little later',
  },

  // The shop or a service it depends on is down.
  'server.internal': {
    ru: 'Внутренняя ошибка (запрос {requestId})',
    en: 'Internal error (request {requestId})',
  },
  'server.database_unavailable': {
    ru: 'Магазин временно недоступен. Попробуйте через минуту',
    en: 'The shop is temporarily unavailable. Please try again in a minute',
  },
  'timeout.payments': {
    ru: 'Платёжный сервис не ответил вовремя. Попробуйте ещё раз',
    en: 'The payment service did not answer in time. Please try again',
  },
  'timeout.carriers': {
    ru: 'Служба доставки не ответила вовремя. Попробуйте ещё раз',
    en: 'The delivery service did not answer in time. Please try again',
  },
  'timeout.addresses': {
    ru: 'Сервис адресов не ответил вовремя. Попробуйте ещё раз',
    en: 'The address service did not answer in time. Please try again',
  },
  'timeout.rates': {
    ru: 'Сервис курсов валют не ответил вовремя. Попробуйте ещё раз',
    en: 'The currency-rate service did not answer in time. Please try again',
  },
  'timeout.crm': {
    ru: 'Сервис заявок не ответил вовремя. Попробуйте ещё раз',
    en: 'The request service did not answer in time. Please try again',
  },
  'timeout.mailing': {
    ru: 'Сервис рассылки не ответил вовремя. Попробуйте ещё раз',
    en: 'The newsletter service did not answer in time. Please try again',
  },
  'timeout.sms': {
    ru: 'Сервис SMS не ответил вовремя. Попробуйте ещё раз',
    en: 'The SMS service did not answer in time. Please try again',
  },
  'timeout.email': {
    ru: 'Почтовый сервис не ответил вовремя. Попробуйте ещё раз',
    en: 'The e-mail service did not answer in time. Please try again',
  },
  'timeout.other': {
    ru: 'Внешний сервис не ответил вовремя. Попробуйте ещё раз',
    en: 'An outside service did not answer in time. Please try again',
  },

  // Catalogue, orders and payments.
  'product.not_found': { ru: 'Товар не найден', en: 'Product not found' },
  'order.not_found': { ru: 'Заказ не найден', en: 'Order not found' },
  'order.not_paid_by_dolyame': {
    ru: 'Заказ оплачен не через «Долями»',
    en: 'The order is not paid by Dolyame',
  },
  'order.not_paid_by_instalment': {
    ru: 'Заказ оплачен не в рассрочку',
    en: 'The order is not paid by instalment',
  },
  'payment.not_found': { ru: 'Платёж не найден', en: 'Payment not found' },
  'payment.starting': {
    ru: 'Платёж ещё создаётся, попробуйте ещё раз',
    en: 'The payment is still starting; try again',
  },
  'payment.method_unavailable': {
    ru: 'Этот способ оплаты недоступен',
    en: 'This payment method is not available',
  },

  // The newsletter.
  'newsletter.refused': {
    ru: 'Сервис рассылки не принял этот адрес. Проверьте его или попробуйте позже',
    en: 'The newsletter service did not accept this address. Check it or try again later',
  },
} as const satisfies Record<string, Localized>;

export type ShopperMessageKey = keyof typeof shopperMessages;
export type MessageParams = Readonly<Record<string, string | number>>;

/** The names of a text's `{placeholders}`, sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
}

/** A catalogue message in `locale`, its `{placeholders}` filled from `params` (unknown ones kept). */
export function shopperMessage(key: ShopperMessageKey, locale: Locale, params: MessageParams = {}): string {
  const entry: Localized = shopperMessages[key];
  const text = entry[locale] || entry.ru;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
