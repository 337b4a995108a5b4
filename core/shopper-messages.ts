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

  // Signing in and the account.
  'auth.too_many_attempts': {
    ru: 'Слишком много попыток. Попробуйте позже',
    en: 'Too many attempts. Please try later',
  },
  'auth.reload_page': {
    ru: 'Обновите страницу и попробуйте снова',
    en: 'Please reload the page and try again',
  },
  'auth.phone_country_not_served': {
    ru: 'Коды входа отправляются только на телефоны стран, где работает магазин',
    en: 'Sign-in codes go only to phones in the countries the shop serves',
  },
  'auth.code_resend_wait': {
    ru: 'Новый код можно запросить через {seconds} с',
    en: 'You can request a new code in {seconds} s',
  },
  'auth.code_not_sent': {
    ru: 'Не удалось отправить код. Попробуйте позже',
    en: 'Could not send the code. Please try later',
  },
  'auth.code_expired': {
    ru: 'Код устарел или попытки закончились. Запросите новый код',
    en: 'The code has expired or has no tries left. Please request a new one',
  },
  'auth.password_reset_sent': {
    ru: 'Пароль сброшен и отправлен на ваш email',
    en: 'A new password has been sent to your e-mail',
  },
  'auth.wrong_code': { ru: 'Неверный код', en: 'Wrong code' },
  'auth.email_not_sent': {
    ru: 'Не удалось отправить письмо на этот адрес',
    en: 'Could not send an e-mail to this address',
  },
  'auth.email_registered': {
    ru: 'Этот email уже зарегистрирован. Войдите с паролем',
    en: 'This e-mail is registered. Sign in with your password',
  },
  'auth.wrong_credentials': { ru: 'Неверный email или пароль', en: 'Wrong e-mail or password' },
  'mail.password_subject': { ru: 'Ваш пароль', en: 'Your password' },
  'mail.new_password_subject': { ru: 'Новый пароль', en: 'Your new password' },
  'mail.password_text': {
    ru: 'Ваш пароль для входа в магазин: {password}',
    en: 'Your password for signing in to the shop: {password}',
  },
  'account.email_fixed': { ru: 'Email нельзя изменить', en: 'The e-mail cannot be changed' },
  'account.phone_fixed': { ru: 'Телефон нельзя изменить', en: 'The phone cannot be changed' },
  'account.confirm_phone': { ru: 'Подтвердите телефон кодом', en: 'Confirm the phone with a code' },
  'account.contacts_set': { ru: 'Контакты уже заполнены', en: 'The contacts are already set' },
  'account.phone_taken': {
    ru: 'Этот телефон уже привязан к другому аккаунту',
    en: 'This phone belongs to another account',
  },
  'account.email_taken': {
    ru: 'Этот email уже привязан к другому аккаунту',
    en: 'This e-mail belongs to another account',
  },
  'account.city_from_list': {
    ru: 'Пожалуйста, выберите город из списка',
    en: 'Please choose the city from the list',
  },
  'account.confirm_contact_for_marketing': {
    ru: 'Подтвердите телефон или email, чтобы получать напоминания и предложения',
    en: 'Confirm your phone or e-mail to get reminders and offers',
  },
  'account.confirm_email_first': {
    ru: 'Сначала войдите с паролем из письма: так вы подтвердите email',
    en: 'First sign in with the password from the e-mail to confirm the address',
  },
  'account.addresses_limit': {
    ru: 'Можно сохранить не больше {limit} адресов',
    en: 'At most {limit} addresses',
  },
  'account.sign_in': { ru: 'Войдите в личный кабинет', en: 'Please sign in' },
  'account.address_not_found': { ru: 'Адрес не найден', en: 'Address not found' },

  // Catalogue, orders and payments.
  'product.not_found': { ru: 'Товар не найден', en: 'Product not found' },
  'order_status.not_found': {
    ru: 'Заказ с таким номером и телефоном или e-mail не найден',
    en: 'No order with this number and phone or e-mail was found',
  },
  'order_status.too_many': {
    ru: 'Слишком много попыток узнать статус заказа. Попробуйте позже',
    en: 'Too many order status lookups. Please try later',
  },
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
  'payment.time_ran_out': { ru: 'Время на оплату истекло', en: 'The time to pay has run out' },
  'payment.method_unavailable': {
    ru: 'Этот способ оплаты недоступен',
    en: 'This payment method is not available',
  },

  // The newsletter.
  'mail.unsubscribe_link_invalid': {
    ru: 'Ссылка для отписки недействительна',
    en: 'This unsubscribe link is not valid',
  },
  'mail.unsubscribed': {
    ru: 'Вы отписаны от рассылок',
    en: 'You will get no more marketing e-mail from us',
  },
  'engagement.crm_thanks': {
    ru: 'Спасибо! Мы свяжемся с вами в ближайшее время.',
    en: 'Thank you! We will get back to you shortly.',
  },
  'newsletter.subscribed': { ru: 'Вы подписались на рассылку.', en: 'You are subscribed to our newsletter.' },
  'newsletter.confirm_sent': {
    ru: 'Проверьте почту: мы отправили ссылку для подтверждения подписки.',
    en: 'Check your mail: we sent a link to confirm the subscription.',
  },
  'newsletter.bad_link': {
    ru: 'Ссылка подтверждения недействительна',
    en: 'This confirmation link is not valid',
  },
  'newsletter.already': {
    ru: 'Этот адрес уже подписан на рассылку.',
    en: 'This address is already subscribed.',
  },
  'forms.too_many': {
    ru: 'Слишком много запросов. Попробуйте через час.',
    en: 'Too many requests. Please try again in an hour.',
  },
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
