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
  'payment.sbp_unavailable': {
    ru: 'Не удалось начать оплату через СБП. Выберите другой способ или попробуйте позже',
    en: 'The SBP payment could not be started. Choose another method or try again later',
  },
  'payment.paying_or_closed': {
    ru: 'Заказ уже оплачивается или закрыт',
    en: 'The order is already being paid or closed',
  },

  // Placing an order (core/orders/place-order/).
  'order.email_required': { ru: 'Неверное значение поля «email»', en: 'Invalid value of email: required' },
  'order.too_many': {
    ru: 'Слишком много заказов подряд. Попробуйте позже',
    en: 'Too many orders in a row. Please try later',
  },
  'order.idempotency_key_reused': {
    ru: 'Этот Idempotency-Key уже использован для другого заказа. Для нового заказа нужен новый ключ',
    en: 'This Idempotency-Key was already used for a different order. A new order needs a new key',
  },
  'order.payer_phone_required': { ru: 'Укажите телефон плательщика', en: "Enter the payer's phone" },
  'order.product_gone': {
    ru: 'Товар не найден: обновите корзину',
    en: 'A product was not found: refresh the cart',
  },
  'order.try_on_items': {
    ru: 'В заказ с примеркой можно положить не больше {cap} вещей',
    en: 'A try-on order may hold at most {cap} items',
  },
  'order.sold_out': {
    ru: '«{name}» закончился. Удалите его из корзины',
    en: '«{name}» has sold out. Remove it from the cart',
  },
  'order.sold_out_size': {
    ru: '«{name}», размер {size} закончился. Удалите его из корзины',
    en: '«{name}», size {size} has sold out. Remove it from the cart',
  },
  'order.only_left': { ru: '«{name}»: осталось {left} шт.', en: '«{name}»: only {left} left' },
  'order.only_left_size': {
    ru: '«{name}», размер {size}: осталось {left} шт.',
    en: '«{name}», size {size}: only {left} left',
  },
  'order.hold_orders_device': {
    ru: 'Уже есть {cap} неоплаченных заказа с этого устройства. Оплатите или отмените один из них, чтобы оформить новый',
    en: 'There are already {cap} unpaid orders from this device. Pay or cancel one of them to place a new one',
  },
  'order.hold_orders_phone': {
    ru: 'Уже есть {cap} неоплаченных заказа на этот телефон. Оплатите или отмените один из них, чтобы оформить новый',
    en: 'There are already {cap} unpaid orders for this phone. Pay or cancel one of them to place a new one',
  },
  'order.hold_orders_address': {
    ru: 'Уже есть {cap} неоплаченных заказа с этого адреса. Оплатите или отмените один из них, чтобы оформить новый',
    en: 'There are already {cap} unpaid orders from this address. Pay or cancel one of them to place a new one',
  },
  'order.hold_units_device': {
    ru: '«{name}»: в неоплаченных заказах с этого устройства можно держать не больше {cap} шт. одного размера, осталось {left}',
    en: '«{name}»: unpaid orders from this device may hold at most {cap} of one size; {left} left',
  },
  'order.hold_units_phone': {
    ru: '«{name}»: в неоплаченных заказах на этот телефон можно держать не больше {cap} шт. одного размера, осталось {left}',
    en: '«{name}»: unpaid orders for this phone may hold at most {cap} of one size; {left} left',
  },
  'order.hold_units_address': {
    ru: '«{name}»: в неоплаченных заказах с этого адреса можно держать не больше {cap} шт. одного размера, осталось {left}',
    en: '«{name}»: unpaid orders from this address may hold at most {cap} of one size; {left} left',
  },
  'order.hold_units_network': {
    ru: '«{name}»: неоплаченные заказы из вашей сети уже держат много этого размера (не больше {cap} шт., осталось {left}). Оплатите или отмените один из них или повторите позже',
    en: '«{name}»: unpaid orders from your network already hold much of this size (at most {cap}, {left} left). Pay or cancel one of them, or try again later',
  },
  'order.hold_total_network': {
    ru: 'Неоплаченные заказы из вашей сети уже держат много товаров (не больше {cap} шт., осталось {left}). Оплатите или отмените один из них или повторите позже',
    en: 'Unpaid orders from your network already hold many items (at most {cap}, {left} left). Pay or cancel one of them, or try again later',
  },
  'delivery.way_unavailable': {
    ru: 'Этот способ доставки недоступен',
    en: 'This delivery method is not available',
  },
  'delivery.address_required': { ru: 'Укажите адрес', en: 'Enter the address' },
  'delivery.room_required': { ru: 'Укажите квартиру', en: 'Enter the apartment' },
  'delivery.date_from_tomorrow': {
    ru: 'Выберите дату не раньше завтрашнего дня',
    en: 'Choose a date from tomorrow on',
  },
  'delivery.time_required': { ru: 'Выберите время', en: 'Choose a time' },
  'delivery.pickup_point_required': { ru: 'Выберите пункт выдачи', en: 'Choose a pickup point' },
  'delivery.pickup_point_not_found': {
    ru: 'Пункт выдачи не найден',
    en: 'The pickup point was not found',
  },
  'delivery.city_from_list': { ru: 'Город нужно выбрать из списка', en: 'Choose the city from the list' },

  // Promo codes: one neutral refusal for every invalid code (docs/decisions/0018).
  'promo.applied': { ru: 'Промокод успешно применен', en: 'The promo code is applied' },
  'promo.refused': { ru: 'Промокод недействителен', en: 'The promo code is not valid' },
  'promo.prove_phone': {
    ru: 'Этот промокод привязан к номеру телефона. Чтобы применить его, войдите в личный кабинет по этому номеру',
    en: 'This promo code is bound to a phone number. To use it, sign in to your account with that number',
  },
  // A valid code that does not fit the cart: the shopper holds the code, so naming why tells nothing new.
  'promo.below_minimum': {
    ru: 'Промокод действует на заказ от {sum}',
    en: 'This promo code applies to orders of {sum} or more',
  },
  'promo.no_eligible_items': {
    ru: 'Промокод не действует на товары в корзине',
    en: 'This promo code does not apply to the items in your cart',
  },
  'promo.too_many': {
    ru: 'Слишком много попыток ввести промокод. Попробуйте позже',
    en: 'Too many promo code attempts. Please try later',
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
  // Restock and pre-order notices, double opt-in (core/catalogue/restock.service.ts).
  'restock.signed_up': {
    ru: 'Спасибо! Мы напишем вам, как только товар появится.',
    en: 'Thank you! We will e-mail you as soon as it arrives.',
  },
  'restock.confirm_sent': {
    ru: 'Проверьте почту: мы отправили ссылку, подтвердите по ней, что ждёте этот товар.',
    en: 'Check your mail: confirm by the link we sent that you want to hear when it arrives.',
  },
  'restock.confirmed': {
    ru: 'Готово: мы напишем вам, как только товар появится.',
    en: 'Done: we will e-mail you as soon as it arrives.',
  },
  'restock.bad_link': {
    ru: 'Ссылка подтверждения недействительна',
    en: 'This confirmation link is not valid',
  },
  'newsletter.refused': {
    ru: 'Сервис рассылки не принял этот адрес. Проверьте его или попробуйте позже',
    en: 'The newsletter service did not accept this address. Check it or try again later',
  },

  // Returns and size exchanges (core/returns/returns.service.ts, docs/product/returns.md).
  'returns.not_found': {
    ru: 'Заказ с таким номером и телефоном или e-mail не найден',
    en: 'No order with this number and phone or e-mail was found',
  },
  'returns.too_many': {
    ru: 'Слишком много попыток. Попробуйте позже',
    en: 'Too many attempts. Please try later',
  },
  'returns.not_received': {
    ru: 'Вернуть можно только полученный заказ',
    en: 'Only a received order can be returned',
  },
  'returns.try_on': {
    ru: 'Заказ с примеркой возвращается курьеру при примерке. Напишите нам, если нужна помощь',
    en: 'A try-on order is returned to the courier at the fitting. Write to us if you need help',
  },
  'returns.window_closed': {
    ru: 'Срок возврата — {days} дн. после получения — прошёл',
    en: 'The return window of {days} days after receipt has passed',
  },
  'returns.line_twice': { ru: 'Строка заказа указана дважды', en: 'An order line is named twice' },
  'returns.showroom_only': {
    ru: 'Этот заказ можно вернуть только в шоурум',
    en: 'This order can only be returned to the showroom',
  },
  'returns.no_such_line': { ru: 'Такой строки нет в заказе', en: 'No such line in the order' },
  'returns.already_returned': { ru: '«{name}» уже в возврате', en: '«{name}» is already being returned' },
  'returns.at_most': {
    ru: '«{name}»: вернуть можно не больше {left} шт.',
    en: '«{name}»: at most {left} can be returned',
  },
  'returns.no_such_point': {
    ru: 'Выберите пункт СДЭК из списка пунктов вашего города',
    en: 'Choose a CDEK point from the list of your city’s points',
  },
  'returns.no_such_size': { ru: 'Такого размера у этой модели нет', en: 'This product has no such size' },
  'returns.size_sold_out': {
    ru: 'Размера {size} «{name}» уже нет в наличии',
    en: 'Size {size} of «{name}» is out of stock',
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
