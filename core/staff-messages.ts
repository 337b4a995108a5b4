import type { Locale, Localized } from './i18n.ts';
import { catalogueStaffMessages, catalogueStaffPlurals } from './staff-messages-catalogue.ts';
import { deskScreenMessages } from './staff-messages-desk.ts';
import { phoneOrderMessages } from './staff-messages-phone.ts';
import { setupStaffMessages } from './staff-messages-setup.ts';

/**
 * The one catalogue of names staff read in the back office (issue 34: "It speaks Russian"): the
 * shop's code values (statuses, payment methods, delivery methods, roles, refund states, event
 * causes, settings fields) as words, both languages, with `{placeholders}` as in
 * core/shopper-messages.ts. core/staff-messages.test.ts walks every key. Browser-safe: the back
 * office's pages and the staff exports read it alike.
 */
export const staffMessages = {
  // The order desk's screens' own texts (core/staff-messages-desk.ts).
  ...deskScreenMessages,

  // The catalogue screens' own texts (core/staff-messages-catalogue.ts).
  ...catalogueStaffMessages,

  // Orders taken by phone and their payment links (core/staff-messages-phone.ts).
  ...phoneOrderMessages,

  // The first admin's setup page (core/staff-messages-setup.ts).
  ...setupStaffMessages,

  // Order statuses (core/orders/order.rules.ts).
  'order.status.new': { ru: 'Черновик', en: 'Draft' },
  'order.status.awaiting_payment': { ru: 'Ждёт оплаты', en: 'Awaiting payment' },
  'order.status.paid': { ru: 'Оплачен', en: 'Paid' },
  'order.status.confirmed': { ru: 'Подтверждён', en: 'Confirmed' },
  'order.status.shipped': { ru: 'Передан перевозчику', en: 'Shipped' },
  'order.status.ready_for_pickup': { ru: 'Готов к выдаче', en: 'Ready for pickup' },
  'order.status.delivered': { ru: 'Доставлен', en: 'Delivered' },
  'order.status.cancelled': { ru: 'Отменён', en: 'Cancelled' },
  'order.status.payment_failed': { ru: 'Не оплачен', en: 'Payment failed' },

  // Payment methods an order was placed with (core/payments/payment.rules.ts).
  'payment.online': { ru: 'Картой онлайн', en: 'Card online' },
  'payment.online-international': { ru: 'Картой (международная)', en: 'Card (international)' },
  'payment.sbp': { ru: 'СБП', en: 'SBP' },
  'payment.yaPay': { ru: 'Яндекс Пэй', en: 'Yandex Pay' },
  'payment.split': { ru: 'Сплит', en: 'Split' },
  'payment.dolyame': { ru: 'Долями', en: 'Dolyame (pay in parts)' },
  'payment.tinkoff': { ru: 'Рассрочка', en: 'Instalment' },
  'payment.hepay': { ru: 'Оплата по ссылке', en: 'Payment link' },
  'payment.cash': { ru: 'При получении', en: 'On delivery' },

  // How a payment was started (the provider's kind, core/providers/payments/payment-provider.ts).
  'payment_kind.card': { ru: 'картой', en: 'card' },
  'payment_kind.sbp': { ru: 'через СБП', en: 'SBP' },
  'payment_kind.split': { ru: 'Сплитом', en: 'Split' },
  'payment_kind.instalment': { ru: 'в рассрочку', en: 'instalment' },
  'payment_kind.bnpl': { ru: 'частями', en: 'pay in parts' },
  'payment_kind.phone': { ru: 'по ссылке на телефон', en: 'link by phone' },

  // Delivery methods (core/delivery/delivery.rules.ts; `getWay` on the wire).
  'delivery.delivery-sdek': { ru: 'Курьер СДЭК', en: 'CDEK courier' },
  'delivery.self-sdek': { ru: 'Пункт выдачи СДЭК', en: 'CDEK pickup point' },
  'delivery.self-boxberry': { ru: 'Пункт выдачи Boxberry', en: 'Boxberry pickup point' },
  'delivery.moscow': { ru: 'Курьер по Москве', en: 'Moscow courier' },
  'delivery.moscow-try': { ru: 'Курьер по Москве с примеркой', en: 'Moscow courier with fitting' },
  'delivery.self': { ru: 'Самовывоз из магазина', en: 'Shop pickup' },

  // Carriers.
  'carrier.sdek': { ru: 'СДЭК', en: 'CDEK' },
  'carrier.boxberry': { ru: 'Boxberry', en: 'Boxberry' },
  'carrier.dhl': { ru: 'DHL Express', en: 'DHL Express' },

  // Staff roles (DECISIONS 30).
  'role.admin': { ru: 'Администратор', en: 'Administrator' },
  'role.manager': { ru: 'Менеджер', en: 'Manager' },
  'role.editor': { ru: 'Редактор', en: 'Editor' },
  'role.customer': { ru: 'Покупатель', en: 'Customer' },

  // An order refund's state.
  'refund.pending': { ru: 'Отправлен в банк', en: 'Sent to the bank' },
  'refund.started': { ru: 'Отправлен в банк', en: 'Sent to the bank' },
  'refund.succeeded': { ru: 'Проведён', en: 'Done' },
  'refund.refunded': { ru: 'Проведён', en: 'Done' },
  'refund.failed': { ru: 'Банк не принял — повторите', en: 'The bank refused — retry' },
  'refund.manual': { ru: 'Сделано вручную', en: 'Done by hand' },
  'refund.needed': { ru: 'Ждёт отправки в банк', en: 'Waiting to be sent' },
  // Where a refund came from (core/refunds/refund.rules.ts).
  'refund.source.cancellation': { ru: 'Отмена заказа', en: 'Order cancelled' },
  'refund.source.return': { ru: 'Возврат товара', en: 'Return' },
  'refund.source.exchange': { ru: 'Обмен', en: 'Exchange' },
  'refund.source.buyout': { ru: 'Выкуп после примерки', en: 'Try-on buyout' },
  'refund.source.staff': { ru: 'Возврат сотрудником', en: 'Refund by staff' },
  'refund.source.provider-cabinet': { ru: 'В личном кабинете банка', en: 'In the bank’s cabinet' },
  // The order page's refunds panel and the list of refunds that need a hand (app/admin/orders/refunds-panel.tsx).
  'refunds.title': { ru: 'Возвраты денег', en: 'Refunds' },
  'refunds.none': { ru: 'Возвратов денег по заказу нет', en: 'No refunds of this order' },
  'refunds.left': { ru: 'Можно вернуть ещё: {amount}', en: 'Still refundable: {amount}' },
  'refunds.col.date': { ru: 'Когда', en: 'When' },
  'refunds.col.source': { ru: 'Откуда', en: 'Source' },
  'refunds.col.state': { ru: 'Состояние', en: 'State' },
  'refunds.col.amount': { ru: 'Сумма', en: 'Amount' },
  'refunds.col.lines': { ru: 'Что возвращено', en: 'What' },
  'refunds.col.reason': { ru: 'Причина', en: 'Reason' },
  'refunds.delivery': { ru: 'Доставка: {amount}', en: 'Delivery: {amount}' },
  'refunds.receipt': { ru: 'Чек возврата', en: 'Refund receipt' },
  'refunds.receipt_none': { ru: 'Чек не отправлялся', en: 'No receipt sent' },
  'refunds.receipt_item': {
    ru: '{name}: {quantity} шт. × {price} = {amount}',
    en: '{name}: {quantity} pcs × {price} = {amount}',
  },
  'refunds.last_error': { ru: 'Ответ банка: {error}', en: 'The bank said: {error}' },
  'refunds.retry': { ru: 'Отправить в банк ещё раз', en: 'Send to the bank again' },
  'refunds.manual': { ru: 'Сделано вручную', en: 'Done by hand' },
  'refunds.manual_note': {
    ru: 'Как вернули деньги (необязательно)',
    en: 'How the money was returned (optional)',
  },
  'refunds.manual_confirm': {
    ru: 'Отметить, что деньги вернули вручную? В банк этот возврат больше не отправится.',
    en: 'Record that the money was returned by hand? This refund will not be sent to the bank.',
  },
  'refunds.partial.title': { ru: 'Вернуть часть денег', en: 'Refund part of the order' },
  'refunds.partial.by_lines': { ru: 'За товары', en: 'For items' },
  'refunds.partial.by_amount': { ru: 'Суммой', en: 'An amount' },
  'refunds.partial.quantity': { ru: 'Сколько вернуть, шт. (из {left})', en: 'Units to refund (of {left})' },
  'refunds.partial.delivery': {
    ru: 'Вернуть и доставку ({amount})',
    en: 'Refund the delivery too ({amount})',
  },
  'refunds.partial.amount': { ru: 'Сумма, ₽', en: 'Amount, RUB' },
  'refunds.partial.reason': { ru: 'Причина', en: 'Reason' },
  'refunds.partial.submit': { ru: 'Вернуть деньги', en: 'Refund' },
  'refunds.partial.note': {
    ru: 'Сумму за товары считает магазин: по цене в чеке оплаты, со скидкой.',
    en: 'The shop computes the items’ amount: at the price on the payment receipt, after the discount.',
  },
  'refunds.partial.confirm': { ru: 'Вернуть покупателю деньги?', en: 'Refund the buyer?' },
  'refunds.remove.title': { ru: 'Убрать товар из заказа', en: 'Remove an item from the order' },
  'refunds.remove.note': {
    ru: 'Заказ оплачен и ещё не передан: товар вернётся на склад, деньги за него — покупателю.',
    en: 'The order is paid and not shipped: the item goes back to stock and its money to the buyer.',
  },
  'refunds.remove.line': { ru: 'Товар', en: 'Item' },
  'refunds.remove.submit': { ru: 'Убрать и вернуть деньги', en: 'Remove and refund' },
  'refunds.remove.confirm': {
    ru: 'Убрать товар из заказа и вернуть за него деньги?',
    en: 'Remove the item from the order and refund it?',
  },
  'refunds.done': { ru: 'Готово', en: 'Done' },
  'refunds.attention.title': {
    ru: 'Возвраты денег, требующие внимания',
    en: 'Refunds needing attention',
  },
  'refunds.attention.hint': {
    ru: 'Банк не принял возврат, или он ждёт дольше получаса',
    en: 'The bank refused the refund, or it has waited over half an hour',
  },
  'refunds.attention.empty': { ru: 'Всё в порядке: таких возвратов нет', en: 'All clear: none' },
  'refunds.attention.order': { ru: 'Заказ', en: 'Order' },
  'refunds.attention.customer': { ru: 'Покупатель', en: 'Customer' },
  'refund.none': { ru: 'Ещё не решено', en: 'Not decided yet' },
  'refund.nothing': { ru: 'Возвращать нечего', en: 'Nothing to refund' },

  // An order's history (the causes core/orders writes to order_events, as staff read them).
  'event.created': { ru: 'Заказ оформлен', en: 'Order placed' },
  'event.payment_started': { ru: 'Начата оплата {method}', en: 'Payment started ({method})' },
  'event.payment_confirmed': { ru: 'Оплата подтверждена банком', en: 'Payment confirmed by the provider' },
  'event.payment_declined': { ru: 'Банк отклонил оплату', en: 'Payment declined' },
  'event.not_paid_in_time': { ru: 'Не оплачен вовремя', en: 'Not paid in time' },
  'event.payment_mismatch': {
    ru: 'Оплата {amount} не совпадает с суммой заказа {total}',
    en: 'The payment of {amount} does not match the total {total}',
  },
  'event.paid_late': {
    ru: 'Оплачен после отмены или истечения срока: нужен возврат {amount}',
    en: 'Paid after cancellation or expiry: a refund of {amount} is needed',
  },
  'event.hold_confirmed': {
    ru: 'Удержанная оплата списана ({amount})',
    en: 'The held payment was taken ({amount})',
  },
  'event.hold_failed': {
    ru: 'Удержанную оплату не удалось списать',
    en: 'The held payment could not be taken',
  },
  'event.step_by_staff': { ru: '{status}: сотрудник {who}', en: '{status}: by staff {who}' },
  'event.step_by_shop': { ru: '{status}: автоматически', en: '{status}: by the shop' },
  'event.step_by_carrier': {
    ru: '{status}: по данным перевозчика {carrier}',
    en: '{status}: reported by {carrier}',
  },
  'event.refund': { ru: 'Возврат денег {amount}: {state}', en: 'Refund of {amount}: {state}' },
  'event.refund_manual': {
    ru: 'Возврат денег {amount} сделан вручную ({who})',
    en: 'Refund of {amount} done by hand ({who})',
  },
  'event.refund_cabinet': {
    ru: 'Возврат {amount} сделан в личном кабинете банка',
    en: 'Refund of {amount} made in the bank’s cabinet',
  },
  'event.refund_partial': {
    ru: 'Частичный возврат денег {amount} ({who})',
    en: 'Partial refund of {amount} ({who})',
  },
  'event.line_removed': {
    ru: 'Товар убран из заказа ({who}), возвращено {amount}',
    en: 'Item removed from the order ({who}), {amount} refunded',
  },
  'event.try_on_overdue': {
    ru: 'Примерка не передана курьеру вовремя: заказ будет отменён, если его не оставить',
    en: 'The try-on was not handed over in time: it will be cancelled unless kept',
  },
  'event.try_on_kept': { ru: 'Примерку оставил сотрудник {who}', en: 'Try-on kept by staff {who}' },
  'event.buyout_recorded': { ru: 'Выкуп записан сотрудником {who}', en: 'Buyout recorded by staff {who}' },
  'event.buyout_changed': { ru: 'Выкуп изменён сотрудником {who}', en: 'Buyout changed by staff {who}' },
  'event.buyout_paid': { ru: 'Выкуп оплачен ({amount})', en: 'Buyout paid ({amount})' },
  'event.buyout_delivered': {
    ru: 'Доставлен: покупатель оплатил оставленные при примерке вещи',
    en: 'Delivered: the buyer paid for the goods kept at the fitting',
  },
  'event.buyout_link': { ru: 'Ссылка на оплату выкупа ({amount})', en: 'Buyout payment link ({amount})' },
  'event.buyout_link_failed': {
    ru: 'Ссылку на оплату выкупа создать не удалось',
    en: 'The buyout payment link could not be made',
  },
  'event.buyout_refund': {
    ru: 'Возврат за выкуп {amount}: {state}',
    en: 'Buyout refund of {amount}: {state}',
  },
  'event.return_decided': {
    ru: 'Возврат {label} решён сотрудником {who}: к возврату {amount}',
    en: 'Return {label} decided by staff {who}: refund {amount}',
  },
  'event.return_refund': {
    ru: 'Возврат {label}: деньги {amount}, {state}',
    en: 'Return {label}: refund {amount}, {state}',
  },
  'event.personal_data_removed': {
    ru: 'Личные данные удалены по просьбе покупателя',
    en: 'Personal data removed on request',
  },
  'event.other': { ru: 'Изменение статуса', en: 'Status change' },

  // Audit log actions (core/audit: each service's `action`); `order.step` names an order's status step.
  'action.order.step': { ru: 'Заказ: {status}', en: 'Order: {status}' },
  'action.order.comment': { ru: 'Комментарий к заказу', en: 'Order comment' },
  'action.order.note': { ru: 'Заметка к заказу', en: 'Order note' },
  'action.order.tags': { ru: 'Метки заказа', en: 'Order tags' },
  'action.order.refund': { ru: 'Возврат денег по заказу', en: 'Order refund' },
  'action.order.refund_start': { ru: 'Возврат денег по заказу начат', en: 'Order refund started' },
  'action.order.refund_retry': { ru: 'Возврат денег по заказу повторён', en: 'Order refund retried' },
  'action.order.refund_manual': { ru: 'Возврат денег сделан вручную', en: 'Refund done by hand' },
  'action.order.refund_partial': { ru: 'Частичный возврат денег', en: 'Partial refund' },
  'action.order.line_removed': { ru: 'Товар убран из заказа', en: 'Item removed from the order' },
  'action.order.try_on_keep': { ru: 'Примерка оставлена', en: 'Try-on kept' },
  'action.order.buyout': { ru: 'Выкуп записан', en: 'Buyout recorded' },
  'action.order.buyout.change': { ru: 'Выкуп изменён', en: 'Buyout changed' },
  'action.order.buyout.link': { ru: 'Ссылка на оплату выкупа', en: 'Buyout payment link' },
  'action.order.buyout.payment': { ru: 'Оплата выкупа', en: 'Buyout payment' },
  'action.order.buyout.refund': { ru: 'Возврат денег за выкуп', en: 'Buyout refund' },
  'action.order.anonymise': { ru: 'Личные данные заказа удалены', en: 'Order personal data removed' },
  'action.product.create': { ru: 'Товар создан', en: 'Product created' },
  'action.product.update': { ru: 'Товар изменён', en: 'Product changed' },
  'action.product.duplicate': { ru: 'Товар скопирован', en: 'Product copied' },
  'action.product.show': { ru: 'Товар показан на сайте', en: 'Product shown' },
  'action.product.hide': { ru: 'Товар скрыт с сайта', en: 'Product hidden' },
  'action.product.tags.save': { ru: 'Метки товара изменены', en: 'Product tags changed' },
  'action.product.photos.upload': { ru: 'Фото товара загружены', en: 'Product photos uploaded' },
  'action.product.photos.reorder': { ru: 'Порядок фото товара изменён', en: 'Product photos reordered' },
  'action.product.photos.remove': { ru: 'Фото товара удалены', en: 'Product photos removed' },
  'action.product.video.upload': { ru: 'Видео товара загружено', en: 'Product video uploaded' },
  'action.product.video.remove': { ru: 'Видео товара удалено', en: 'Product video removed' },
  'action.product.bulk-stock': { ru: 'Остатки изменены для нескольких товаров', en: 'Stock changed in bulk' },
  'action.product.bulk-stock-set': { ru: 'Остатки заданы для нескольких товаров', en: 'Stock set in bulk' },
  'action.product.bulk-price-set': { ru: 'Цена задана для нескольких товаров', en: 'Price set in bulk' },
  'action.product.bulk-price-percent': {
    ru: 'Цена изменена на процент для нескольких товаров',
    en: 'Price changed by a percentage in bulk',
  },
  'action.product.bulk-flags': { ru: 'Отметки изменены для нескольких товаров', en: 'Flags changed in bulk' },
  'action.product.bulk-published': {
    ru: 'Показ на сайте изменён для нескольких товаров',
    en: 'Shown or hidden in bulk',
  },
  'action.variant.stock': { ru: 'Остаток размера изменён', en: 'Size stock changed' },
  'action.category.create': { ru: 'Категория создана', en: 'Category created' },
  'action.category.update': { ru: 'Категория изменена', en: 'Category changed' },
  'action.category.delete': { ru: 'Категория удалена', en: 'Category deleted' },
  'action.collection.create': { ru: 'Подборка создана', en: 'Collection created' },
  'action.collection.update': { ru: 'Подборка изменена', en: 'Collection changed' },
  'action.collection.delete': { ru: 'Подборка удалена', en: 'Collection deleted' },
  'action.look.create': { ru: 'Образ создан', en: 'Look created' },
  'action.look.update': { ru: 'Образ изменён', en: 'Look changed' },
  'action.look.delete': { ru: 'Образ удалён', en: 'Look deleted' },
  'action.look.reorder': { ru: 'Порядок образов изменён', en: 'Looks reordered' },
  'action.page.create': { ru: 'Страница создана', en: 'Page created' },
  'action.page.update': { ru: 'Страница изменена', en: 'Page changed' },
  'action.page.delete': { ru: 'Страница удалена', en: 'Page deleted' },
  'action.page.reorder': { ru: 'Порядок страниц изменён', en: 'Pages reordered' },
  'action.page-category.create': { ru: 'Раздел страниц создан', en: 'Page section created' },
  'action.page-category.update': { ru: 'Раздел страниц изменён', en: 'Page section changed' },
  'action.page-category.delete': { ru: 'Раздел страниц удалён', en: 'Page section deleted' },
  'action.size-table.create': { ru: 'Таблица размеров создана', en: 'Size table created' },
  'action.size-table.update': { ru: 'Таблица размеров изменена', en: 'Size table changed' },
  'action.size-table.delete': { ru: 'Таблица размеров удалена', en: 'Size table deleted' },
  'action.text.update': { ru: 'Текст сайта изменён', en: 'Site text changed' },
  'action.text.reset': { ru: 'Текст сайта возвращён к исходному', en: 'Site text reset' },
  'action.message-text.update': { ru: 'Текст сообщения покупателю изменён', en: 'Message text changed' },
  'action.message-text.reset': {
    ru: 'Текст сообщения покупателю возвращён к исходному',
    en: 'Message text reset',
  },
  'action.search_synonym.create': { ru: 'Синоним поиска добавлен', en: 'Search synonym added' },
  'action.search_synonym.update': { ru: 'Синоним поиска изменён', en: 'Search synonym changed' },
  'action.search_synonym.delete': { ru: 'Синоним поиска удалён', en: 'Search synonym deleted' },
  'action.settings.update': { ru: 'Настройки изменены', en: 'Settings changed' },
  'action.promo.create': { ru: 'Промокод создан', en: 'Promo code created' },
  'action.promo.update': { ru: 'Промокод изменён', en: 'Promo code changed' },
  'action.promo.disable': { ru: 'Промокод выключен', en: 'Promo code switched off' },
  'action.promo.batch': { ru: 'Партия промокодов создана', en: 'Promo code batch made' },
  'action.return.request': { ru: 'Заявка на возврат', en: 'Return requested' },
  'action.return.parcel': { ru: 'Посылка возврата отправлена', en: 'Return parcel sent' },
  'action.return.receive': { ru: 'Возврат получен на складе', en: 'Return received' },
  'action.return.decide': { ru: 'Решение по возврату', en: 'Return decided' },
  'action.return.refund': { ru: 'Деньги за возврат', en: 'Return refund' },
  'action.return.refund_retry': { ru: 'Деньги за возврат: повтор', en: 'Return refund retried' },
  'action.return.exchange_shipped': { ru: 'Обмен отправлен покупателю', en: 'Exchange shipped' },
  'action.return.cancel': { ru: 'Возврат отменён', en: 'Return cancelled' },
  'action.customer.delete': { ru: 'Покупатель удалён', en: 'Customer deleted' },
  'action.customer.export': { ru: 'Данные покупателя выгружены', en: 'Customer data exported' },
  'action.staff.invited': { ru: 'Сотрудник приглашён', en: 'Staff invited' },
  'action.staff.invitation-accepted': { ru: 'Приглашение принято', en: 'Invitation accepted' },
  'action.staff.role-changed': { ru: 'Роль сотрудника изменена', en: 'Staff role changed' },
  'action.staff.removed': { ru: 'Доступ сотрудника закрыт', en: 'Staff access removed' },
  'action.staff.second-factor-enrolled': {
    ru: 'Подключён вход с кодом из приложения',
    en: 'Second factor enrolled',
  },
  'action.staff.recovery-code-used': { ru: 'Вход по запасному коду', en: 'Recovery code used' },
  'action.staff.admin-granted-from-command-line': {
    ru: 'Администратор назначен на сервере',
    en: 'Administrator granted on the server',
  },
  'action.job.retry': { ru: 'Задача запущена повторно', en: 'Job retried' },
  'action.catalogue.import': { ru: 'Загрузка каталога', en: 'Catalogue import' },
  'action.catalogue.refresh': { ru: 'Каталог обновлён', en: 'Catalogue refreshed' },
  'action.media.image.upload': { ru: 'Картинка загружена', en: 'Image uploaded' },
  'action.other': { ru: 'Изменение', en: 'Change' },

  // What an audit record changed (its `entityType`).
  'entity.order': { ru: 'Заказ', en: 'Order' },
  'entity.customer': { ru: 'Покупатель', en: 'Customer' },
  'entity.staff': { ru: 'Сотрудник', en: 'Staff member' },
  'entity.staff-invite': { ru: 'Приглашение', en: 'Invitation' },
  'entity.product': { ru: 'Товар', en: 'Product' },
  'entity.product_group': { ru: 'Товар', en: 'Product' },
  'entity.settings': { ru: 'Настройки', en: 'Settings' },
  'entity.catalogue': { ru: 'Каталог', en: 'Catalogue' },
  'entity.category': { ru: 'Категория', en: 'Category' },
  'entity.collection': { ru: 'Подборка', en: 'Collection' },
  'entity.import': { ru: 'Загрузка', en: 'Import' },
  'entity.job': { ru: 'Задача', en: 'Job' },
  'entity.look': { ru: 'Образ', en: 'Look' },
  'entity.media': { ru: 'Медиафайл', en: 'Media file' },
  'entity.message-text': { ru: 'Текст сообщения', en: 'Message text' },
  'entity.page': { ru: 'Страница', en: 'Page' },
  'entity.page-category': { ru: 'Раздел страниц', en: 'Page section' },
  'entity.promo_code': { ru: 'Промокод', en: 'Promo code' },
  'entity.promo_batch': { ru: 'Партия промокодов', en: 'Promo code batch' },
  'entity.return': { ru: 'Возврат', en: 'Return' },
  'entity.search_synonym': { ru: 'Синоним поиска', en: 'Search synonym' },
  'entity.size-table': { ru: 'Таблица размеров', en: 'Size table' },
  'entity.text': { ru: 'Текст сайта', en: 'Site text' },
  'entity.other': { ru: 'Запись', en: 'Record' },

  // A payment provider's notice (payment_notifications.outcome) and the providers by name.
  'notice.paid': { ru: 'Оплачено', en: 'Paid' },
  'notice.declined': { ru: 'Отклонено', en: 'Declined' },
  'notice.other': { ru: 'Уведомление банка', en: 'Provider notice' },
  'provider.sandbox': { ru: 'Тестовая оплата', en: 'Test payments' },
  'provider.tbank': { ru: 'Т-Банк', en: 'T-Bank' },
  'provider.forma': { ru: 'Рассрочка Т-Банка', en: 'T-Bank instalment' },
  'provider.dolyame': { ru: 'Долями', en: 'Dolyame' },
  'provider.yandex-pay': { ru: 'Яндекс Пэй', en: 'Yandex Pay' },

  // Background jobs by kind (core/jobs: each `jobs.register`).
  'job.order-message': { ru: 'Письмо или SMS о заказе', en: 'Order message' },
  'job.shop-alert': { ru: 'Оповещение магазина', en: 'Shop alert' },
  'job.cart-reminder': { ru: 'Напоминание о корзине', en: 'Cart reminder' },
  'job.restock-check': { ru: 'Проверка поступлений для подписчиков', en: 'Restock check' },
  'job.restock-mail': { ru: 'Письмо о поступлении товара', en: 'Restock e-mail' },
  'job.restock-confirm': {
    ru: 'Подтверждение подписки на поступление',
    en: 'Restock subscription confirmation',
  },
  'job.newsletter-confirm': { ru: 'Подтверждение подписки на рассылку', en: 'Newsletter confirmation' },
  'job.newsletter-welcome': { ru: 'Приветствие подписчика рассылки', en: 'Newsletter welcome' },
  'job.return-message': { ru: 'Сообщение о возврате', en: 'Return message' },
  'job.buyout-payment-message': { ru: 'Ссылка на оплату выкупа покупателю', en: 'Buyout payment message' },
  'job.buyouts.check-payments': { ru: 'Проверка оплат выкупа', en: 'Buyout payment check' },
  'job.orders.expire': { ru: 'Отмена неоплаченных заказов', en: 'Expiring unpaid orders' },
  'job.orders.expire-try-on': { ru: 'Отмена просроченных примерок', en: 'Expiring try-on holds' },
  'job.crm.retry': { ru: 'Повтор передачи заявок в CRM', en: 'CRM retry' },
  'job.rates.refresh': { ru: 'Обновление курсов валют', en: 'Exchange rates refresh' },
  'job.carriers.poll': { ru: 'Опрос служб доставки', en: 'Carrier status poll' },
  'job.shop.daily-summary': { ru: 'Сводка магазина за день', en: 'Daily shop summary' },
  'job.maintenance.prune': { ru: 'Очистка устаревших записей', en: 'Pruning old records' },
  'job.exchange.import': { ru: 'Загрузка каталога из 1С', en: '1C catalogue import' },
  'job.refunds.send': { ru: 'Отправка возврата денег в банк', en: 'Sending a refund to the bank' },
  'job.other': { ru: 'Фоновая задача', en: 'Background job' },

  // External services by kind (core/providers/index.ts), as the dashboard's failures name them.
  'service.payments': { ru: 'Оплата', en: 'Payments' },
  'service.sms': { ru: 'СМС', en: 'SMS' },
  'service.email': { ru: 'Почта', en: 'E-mail' },
  'service.carriers': { ru: 'Службы доставки', en: 'Carriers' },
  'service.internationalCarrier': { ru: 'Международная доставка', en: 'International carrier' },
  'service.rates': { ru: 'Курсы валют', en: 'Exchange rates' },
  'service.crm': { ru: 'CRM (заявки)', en: 'CRM' },
  'service.mailing': { ru: 'Рассылка', en: 'Mailing' },
  'service.geocoder': { ru: 'Поиск адресов на карте', en: 'Geocoder' },
  'service.addressSuggest': { ru: 'Подсказки адреса', en: 'Address suggestions' },
  'service.telegram': { ru: 'Телеграм', en: 'Telegram' },
  'service.media': { ru: 'Хранилище фото', en: 'Media store' },
  'service.other': { ru: 'Внешний сервис', en: 'External service' },

  // Who made an audit record when it was no staff member.
  'actor.shop': { ru: 'Магазин (автоматически)', en: 'The shop (automatic)' },

  // Settings fields as the audit log names them.
  'field.freeDeliveryMin': { ru: 'Порог бесплатной доставки', en: 'Free delivery from' },
  'field.englishDisabledGetWays': {
    ru: 'Способы доставки, скрытые в английской версии',
    en: 'Delivery methods hidden in English',
  },
  'field.payOnDeliveryGetWays': { ru: 'Оплата при получении', en: 'Pay on delivery' },
  'field.payments.split': { ru: 'Оплата Сплитом', en: 'Split' },
  'field.payments.dolyame': { ru: 'Оплата Долями', en: 'Dolyame' },
  'field.payments.tinkoff': { ru: 'Рассрочка', en: 'Instalment' },
  'field.payments.hepay': { ru: 'Оплата по ссылке', en: 'Payment link' },
  'field.payments.sbp': { ru: 'СБП', en: 'SBP' },
  'field.payments.twoStage': { ru: 'Двухстадийная оплата картой', en: 'Two-stage card payment' },
  'field.orderHoldMinutes.online': {
    ru: 'Держать товар при онлайн-оплате, мин',
    en: 'Hold for online payment, min',
  },
  'field.orderHoldMinutes.decision': {
    ru: 'Держать товар при рассрочке, мин',
    en: 'Hold for instalments, min',
  },
  'field.englishEnabled': { ru: 'Английская версия включена', en: 'English edition on' },
  'field.moscowDeliveryPrice': { ru: 'Курьер по Москве', en: 'Moscow courier' },
  'field.moscowDeliveryOutMkadPrice': { ru: 'Курьер по Москве за МКАД', en: 'Moscow courier outside MKAD' },
  'field.moscowTryDeliveryPrice': { ru: 'Курьер с примеркой', en: 'Courier with fitting' },
  'field.moscowTryDeliveryOutMkadPrice': {
    ru: 'Курьер с примеркой за МКАД',
    en: 'Courier with fitting outside MKAD',
  },
  'field.cartReminderDelayMinutes': {
    ru: 'Напоминание о корзине через, мин',
    en: 'Cart reminder after, min',
  },
  'field.status': { ru: 'Статус', en: 'Status' },
  'field.role': { ru: 'Роль', en: 'Role' },
  'field.price': { ru: 'Цена', en: 'Price' },
  'field.stock': { ru: 'Остаток', en: 'Stock' },
  'field.published': { ru: 'Опубликован', en: 'Published' },
  'field.refund': { ru: 'Возврат денег', en: 'Refund' },
  // An import's record (CSV or 1C): the file, its kind and its counts.
  'field.file': { ru: 'Файл', en: 'File' },
  'field.kind': { ru: 'Вид', en: 'Kind' },
  'field.created.categories': { ru: 'Создано категорий', en: 'Categories created' },
  'field.created.groups': { ru: 'Создано товаров', en: 'Products created' },
  'field.created.variants': { ru: 'Создано размеров', en: 'Sizes created' },
  'field.created.photos': { ru: 'Добавлено фото', en: 'Photos added' },
  'field.changed.categories': { ru: 'Изменено категорий', en: 'Categories changed' },
  'field.changed.groups': { ru: 'Изменено товаров', en: 'Products changed' },
  'field.changed.variants': { ru: 'Изменено размеров', en: 'Sizes changed' },
  'field.changed.stock': { ru: 'Изменено остатков', en: 'Stock changed' },
  'field.changed.prices': { ru: 'Изменено цен', en: 'Prices changed' },
  'field.hidden': { ru: 'Скрыто', en: 'Hidden' },
  'field.shown': { ru: 'Снова показано', en: 'Shown again' },
  'field.refused': { ru: 'Отклонено строк', en: 'Lines refused' },
  'value.importKind.commerceml-import': { ru: '1С: каталог', en: '1C: catalogue' },
  'value.importKind.commerceml-offers': { ru: '1С: цены и остатки', en: '1C: prices and stock' },
  'value.importKind.csv-products': { ru: 'CSV: товары', en: 'CSV: products' },
  'value.importKind.csv-stock': { ru: 'CSV: остатки и цены', en: 'CSV: stock and prices' },
  'field.amount': { ru: 'Сумма', en: 'Amount' },
  'field.detail': { ru: 'Ответ платёжной системы', en: 'Payment provider’s answer' },
  'field.tags': { ru: 'Метки', en: 'Tags' },
  'field.note': { ru: 'Заметка', en: 'Note' },
  'field.added': { ru: 'Добавлена метка', en: 'Tag added' },
  'field.staffComment': { ru: 'Комментарий сотрудника', en: 'Staff comment' },

  // Promo codes (core/orders/promo.rules.ts): what a code gives, refusals, the batch export.
  'promo.kind.percent': { ru: 'Скидка в процентах', en: 'Percent off' },
  'promo.kind.amount': { ru: 'Скидка суммой', en: 'Amount off' },
  'promo.kind.free_delivery': { ru: 'Бесплатная доставка', en: 'Free delivery' },
  'promo.not_found': { ru: 'Промокод не найден', en: 'Promo code not found' },
  'promo.batch_not_found': { ru: 'Партия промокодов не найдена', en: 'Promo code batch not found' },
  'promo.unknown_scope': {
    ru: 'В магазине нет: {names}',
    en: 'The shop has no: {names}',
  },
  'promo.batch_codes_taken': {
    ru: 'Не удалось подобрать свободные коды с этим началом: выберите другое',
    en: 'No free codes with this prefix could be found: choose another',
  },
  'promo.csv.code': { ru: 'Промокод', en: 'Promo code' },
  'promo.csv.kind': { ru: 'Вид', en: 'Kind' },
  'promo.csv.value': { ru: 'Скидка', en: 'Discount' },
  'promo.csv.min_order': { ru: 'Заказ от', en: 'Order from' },
  'promo.csv.valid_until': { ru: 'Действует до', en: 'Valid until' },
  'promo.csv.used': { ru: 'Использован', en: 'Used' },
  'field.percent': { ru: 'Скидка, %', en: 'Discount, %' },
  'field.minOrder': { ru: 'Заказ от', en: 'Order from' },
  'field.limitTo.categories': { ru: 'Только категории', en: 'Categories only' },
  'field.limitTo.collections': { ru: 'Только подборки', en: 'Collections only' },
  'field.limitTo.products': { ru: 'Только товары', en: 'Products only' },
  'field.usageLimit': { ru: 'Лимит заказов всего', en: 'Orders allowed in all' },
  'field.perCustomerLimit': { ru: 'Лимит на покупателя', en: 'Orders per customer' },
  'field.firstOrderOnly': { ru: 'Только на первый заказ', en: 'First order only' },

  // Values.
  'value.yes': { ru: 'да', en: 'yes' },
  'value.no': { ru: 'нет', en: 'no' },
  'value.edition.ru': { ru: 'русская версия', en: 'Russian edition' },
  'value.edition.en': { ru: 'английская версия', en: 'English edition' },

  // The back office's kit (app/admin/ui): tables, pager, filters, dialogs.
  'kit.select_all': { ru: 'Выбрать все на странице', en: 'Select all on the page' },
  'kit.loading': { ru: 'Загрузка…', en: 'Loading…' },
  'kit.empty': { ru: 'Ничего не найдено', en: 'Nothing found' },
  'kit.pages': { ru: 'Страницы', en: 'Pages' },
  'kit.prev': { ru: '← назад', en: '← previous' },
  'kit.next': { ru: 'дальше →', en: 'next →' },
  'kit.page_of': { ru: 'Страница {page} из {pages}', en: 'Page {page} of {pages}' },
  'kit.more': { ru: 'Показать ещё', en: 'Show more' },
  'kit.filters': { ru: 'Фильтры', en: 'Filters' },
  'kit.apply': { ru: 'Найти', en: 'Find' },
  'kit.reset': { ru: 'Сбросить', en: 'Reset' },
  'kit.any': { ru: 'любое', en: 'any' },
  'kit.confirm': { ru: 'Подтвердить', en: 'Confirm' },
  'kit.cancel': { ru: 'Отмена', en: 'Cancel' },
  'kit.close': { ru: 'Закрыть', en: 'Close' },
  'kit.found': { ru: 'Найдено: {count}', en: 'Found: {count}' },
  'kit.selected': { ru: 'Выбрано: {count}', en: 'Selected: {count}' },
  'kit.conflict_kept': {
    ru: 'Ваш ввод сохранён в форме: проверьте и сохраните снова.',
    en: 'What you typed is kept in the form: check it and save again.',
  },

  // The orders list (app/routes/admin/orders.tsx).
  'orders.title': { ru: 'Заказы', en: 'Orders' },
  'orders.col.number': { ru: 'Номер', en: 'Number' },
  'orders.col.date': { ru: 'Дата', en: 'Date' },
  'orders.col.status': { ru: 'Состояние', en: 'State' },
  'orders.col.customer': { ru: 'Покупатель', en: 'Customer' },
  'orders.col.delivery': { ru: 'Получение', en: 'Delivery' },
  'orders.col.payment': { ru: 'Оплата', en: 'Payment' },
  'orders.col.total': { ru: 'Сумма', en: 'Total' },
  'orders.col.tags': { ru: 'Метки и заметки', en: 'Tags and notes' },
  'orders.filter.search': { ru: 'Поиск', en: 'Search' },
  'orders.filter.search_hint': { ru: 'номер, телефон, почта, имя', en: 'number, phone, e-mail, name' },
  'orders.filter.from': { ru: 'С (МСК)', en: 'From (Moscow)' },
  'orders.filter.to': { ru: 'По (МСК)', en: 'To (Moscow)' },
  'orders.filter.tag': { ru: 'Метка', en: 'Tag' },
  'orders.csv': { ru: 'Скачать таблицу', en: 'Download CSV' },
  'orders.select_row': { ru: 'Выбрать заказ {number}', en: 'Select order {number}' },
  'orders.bulk.label': { ru: 'Действие с выбранными', en: 'Action on the selected' },
  'orders.bulk.step': { ru: 'Перевести в состояние', en: 'Move to state' },
  'orders.bulk.apply_step': { ru: 'Перевести', en: 'Move' },
  'orders.bulk.tag': { ru: 'Добавить метку', en: 'Add a tag' },
  'orders.bulk.apply_tag': { ru: 'Добавить', en: 'Add' },
  'orders.bulk.clear': { ru: 'Снять выбор', en: 'Clear the selection' },
  'orders.bulk.confirm_step': {
    ru: 'Перевести выбранные заказы ({count}) в состояние «{status}»?',
    en: 'Move the selected orders ({count}) to “{status}”?',
  },
  'orders.bulk.confirm_step_text': {
    ru: 'Каждый заказ пройдёт по обычным правилам: заказ, который нельзя перевести, останется как есть.',
    en: 'Each order follows the usual rules: an order that cannot move stays as it is.',
  },
  'orders.bulk.done': { ru: 'Готово: {ok} из {count}.', en: 'Done: {ok} of {count}.' },
  'orders.bulk.refused': { ru: 'Заказ {number}: {reason}', en: 'Order {number}: {reason}' },
  'orders.notes.open': { ru: 'Заметки и метки заказа {number}', en: 'Notes and tags of order {number}' },
  'orders.notes.title': { ru: 'Заказ {number}: заметки и метки', en: 'Order {number}: notes and tags' },
  'orders.notes.count': { ru: 'заметок: {count}', en: 'notes: {count}' },
  'orders.notes.heading': { ru: 'Заметки', en: 'Notes' },
  'orders.notes.none': { ru: 'Заметок пока нет.', en: 'No notes yet.' },
  'orders.notes.new': { ru: 'Новая заметка (видят только сотрудники)', en: 'New note (staff only)' },
  'orders.notes.add': { ru: 'Добавить заметку', en: 'Add the note' },
  'orders.notes.added': { ru: 'Заметка добавлена', en: 'Note added' },
  'orders.tags.label': { ru: 'Метки через запятую', en: 'Tags, comma-separated' },
  'orders.tags.save': { ru: 'Сохранить метки', en: 'Save the tags' },
  'orders.tags.saved': { ru: 'Метки сохранены', en: 'Tags saved' },
  'orders.tags.now': { ru: 'Сейчас у заказа метки: {tags}', en: 'The order’s tags now: {tags}' },
  'orders.tags.none': { ru: 'нет меток', en: 'no tags' },

  // The customers list and a guest buyer's page.
  'customers.title': { ru: 'Покупатели', en: 'Customers' },
  'customers.search': { ru: 'Имя, телефон или e-mail', en: 'Name, phone or e-mail' },
  'customers.col.customer': { ru: 'Покупатель', en: 'Customer' },
  'customers.col.contacts': { ru: 'Контакты', en: 'Contacts' },
  'customers.col.orders': { ru: 'Заказы', en: 'Orders' },
  'customers.col.amount': { ru: 'Оплачено', en: 'Paid' },
  'customers.col.returns': { ru: 'Возвраты', en: 'Returns' },
  'customers.col.last': { ru: 'Последний заказ', en: 'Last order' },
  'customers.col.since': { ru: 'С нами с', en: 'Since' },
  'customers.guest': { ru: 'без аккаунта', en: 'no account' },
  'customers.no_name': { ru: 'без имени', en: 'no name' },
  'customers.guest_title': { ru: 'Покупатель без аккаунта', en: 'Customer without an account' },
  'customers.guest_hint': {
    ru: 'Заказы оформлены без входа, с этим телефоном; ни один аккаунт не подтвердил его.',
    en: 'Orders placed without signing in, with this phone; no account has proven it.',
  },
  'customers.back': { ru: '← Все покупатели', en: '← All customers' },
  'customers.names': { ru: 'Имена в заказах', en: 'Names on the orders' },
  'customers.emails': { ru: 'Почта в заказах', en: 'E-mail on the orders' },
  'customers.phone': { ru: 'Телефон', en: 'Phone' },
  'customers.totals': { ru: 'Итоги', en: 'Totals' },
  'customers.orders': { ru: 'Заказы', en: 'Orders' },
  'customers.consents': { ru: 'Согласия', en: 'Consents' },
  'customers.consent.order': {
    ru: 'Заказ {number}: согласие на обработку данных',
    en: 'Order {number}: consent to data processing',
  },
  'customers.consent.version': { ru: 'Версия текста', en: 'Text version' },
  'consent.channel.web': { ru: 'на сайте', en: 'on the website' },
  'consent.channel.app': { ru: 'из приложения', en: 'from the app' },

  // Refused or missing back-office pages.
  'page.forbidden': { ru: 'Нет доступа', en: 'No access' },
  'page.forbidden_hint': {
    ru: 'Этот раздел недоступен для роли «{role}». Если он нужен, попросите администратора.',
    en: 'This section is not open to the role “{role}”. Ask an administrator if you need it.',
  },
  'page.not_found': { ru: 'Не найдено', en: 'Not found' },
  'page.not_found_hint': {
    ru: 'Такой страницы нет: адрес неверен или запись удалена.',
    en: 'There is no such page: the address is wrong or the record was deleted.',
  },
  'page.failed': { ru: 'Страница не открылась', en: 'The page did not open' },
  'page.failed_hint': {
    ru: 'Что-то пошло не так. Обновите страницу или попробуйте позже.',
    en: 'Something went wrong. Reload the page or try again later.',
  },
  'page.back': { ru: 'Вернуться к сводке', en: 'Back to the dashboard' },
  'page.menu': { ru: 'Меню', en: 'Menu' },
  'page.close_menu': { ru: 'Закрыть меню', en: 'Close the menu' },

  // Marking (Честный ЗНАК) at packing and the settlement receipt (docs/product/marking.md, receipts.md).
  'marking.title': { ru: 'Маркировка «Честный ЗНАК»', en: 'Marking (Chestny ZNAK)' },
  'marking.field': { ru: 'Код маркировки', en: 'Mark code' },
  'marking.hint': {
    ru: 'Отсканируйте DataMatrix на бирке каждой вещи: сканер сам нажмёт Enter',
    en: 'Scan the DataMatrix on each unit’s label: the scanner presses Enter itself',
  },
  'marking.add': { ru: 'Добавить', en: 'Add' },
  'marking.camera': { ru: 'Сканировать камерой', en: 'Scan with the camera' },
  'marking.camera_stop': { ru: 'Закрыть камеру', en: 'Close the camera' },
  'marking.camera_aim': { ru: 'Наведите камеру на DataMatrix', en: 'Point the camera at the DataMatrix' },
  'marking.camera_none': {
    ru: 'Этот браузер не читает коды камерой: введите код сканером или вручную',
    en: 'This browser cannot read codes with the camera: type the code or use a scanner',
  },
  'marking.progress': { ru: 'Отсканировано {done} из {total}', en: '{done} of {total} scanned' },
  'marking.remove': { ru: 'Убрать', en: 'Remove' },
  'marking.added': { ru: 'Код добавлен: {name}', en: 'Code added: {name}' },
  'marking.refused.empty': { ru: 'Отсканируйте код маркировки', en: 'Scan a mark code' },
  'marking.refused.not_gs1': {
    ru: 'Это не код маркировки: он начинается с 01, дальше 14 цифр кода товара, 21 и серийный номер',
    en: 'This is not a mark code: it starts with 01, then the 14-digit product code, 21 and the serial',
  },
  'marking.refused.gtin_check': {
    ru: 'Код товара в коде маркировки с ошибкой. Отсканируйте его ещё раз',
    en: 'The product code in the mark code is wrong. Scan it again',
  },
  'marking.refused.serial': {
    ru: 'Серийный номер в коде маркировки не читается. Отсканируйте его ещё раз',
    en: 'The serial in the mark code cannot be read. Scan it again',
  },
  'marking.refused.tail': {
    ru: 'Код маркировки прочитан не полностью. Отсканируйте его ещё раз',
    en: 'The mark code was read only in part. Scan it again',
  },
  'marking.wrong_product': {
    ru: 'Это код другого товара: в заказе нет маркируемой вещи с таким штрихкодом',
    en: 'This code is another product’s: no marked item of the order has this barcode',
  },
  'marking.duplicate_here': {
    ru: 'Этот код уже отсканирован в этом заказе: у каждой вещи свой код',
    en: 'This code is already scanned in this order: each unit has its own code',
  },
  'marking.duplicate_other': {
    ru: 'Этот код уже отдан с заказом №{number}: у каждой вещи свой код',
    en: 'This code already left with order No. {number}: each unit has its own code',
  },
  'marking.all_scanned': {
    ru: 'Коды всех маркируемых вещей заказа уже отсканированы',
    en: 'Every marked unit of the order is scanned already',
  },
  'marking.not_marked': { ru: 'В заказе нет маркируемых товаров', en: 'The order has no marked goods' },
  'marking.wrong_state': {
    ru: 'Коды маркировки вносят при сборке, до передачи заказа. Сейчас заказ: {status}',
    en: 'Mark codes are scanned at packing, before hand-over. The order is now: {status}',
  },
  'marking.missing': {
    ru: 'Заказ нельзя передать: не отсканированы коды маркировки ({list})',
    en: 'The order cannot be handed over: mark codes are missing ({list})',
  },
  'marking.missing_line': { ru: '{name} — ещё {count} шт.', en: '{name}: {count} more' },
  'marking.not_found': { ru: 'Код не найден в этом заказе', en: 'The code is not in this order' },
  'marking.flag': { ru: 'Маркируемый товар', en: 'Marked goods' },
  'marking.flag_inherit': { ru: 'Как у категории', en: 'As the category' },
  'marking.flag_inherit_parent': { ru: 'Как у родителя', en: 'As the parent' },
  'settlement.title': { ru: 'Чек расчёта', en: 'Settlement receipt' },
  'settlement.pending': { ru: 'отправляется в банк', en: 'being sent to the bank' },
  'settlement.sent': { ru: 'отправлен {at}', en: 'sent {at}' },
  'settlement.failed': {
    ru: 'банк не принял чек, попытки кончились: повторите задачу на странице задач',
    en: 'the bank did not take it and the tries ran out: retry the job on the jobs page',
  },
  'settlement.unsupported': {
    ru: 'банк этой оплаты не отправляет чеки: пробейте чек расчёта сами',
    en: 'this payment’s bank sends no receipts: issue the settlement receipt yourself',
  },
  'settlement.items': { ru: 'Позиции чека', en: 'Receipt items' },
  'settlement.list_title': {
    ru: 'Чеки расчёта, которые нужно пробить самим',
    en: 'Settlement receipts to issue yourself',
  },
  'settlement.list_hint': {
    ru: 'Заказы переданы покупателю, но банк их оплаты не отправляет чек расчёта',
    en: 'These orders were handed over, but their payment’s bank sends no settlement receipt',
  },
  'job.receipts.settlement': {
    ru: 'Отправка чека расчёта в банк',
    en: 'Sending a settlement receipt to the bank',
  },

  // Customs data of categories and products (docs/product/shipping-desk.md).
  'customs.hs_code': { ru: 'Код ТН ВЭД', en: 'HS code' },
  'customs.origin_country': { ru: 'Страна производства (код)', en: 'Country of manufacture (code)' },
  'customs.as_category': { ru: 'как у категории: {value}', en: 'as the category: {value}' },
  'customs.as_parent': { ru: 'как у родителя: {value}', en: 'as the parent: {value}' },
  'customs.not_set': { ru: 'не задан', en: 'not set' },

  // Returns' states (core/returns/returns.rules.ts).
  'return.status.requested': { ru: 'Ждём посылку', en: 'Awaiting the parcel' },
  'return.status.received': { ru: 'Получен, ждёт решения', en: 'Received, to decide' },
  'return.status.closed': { ru: 'Закрыт', en: 'Closed' },
  'return.status.cancelled': { ru: 'Отменён', en: 'Cancelled' },

  // A return staff open for a buyer (docs/product/returns.md).
  'returns.open_for_buyer': { ru: 'Оформить возврат за покупателя', en: 'Open a return for the buyer' },
  'returns.open_count': { ru: 'Вернуть: {name}, {size}', en: 'Return: {name}, {size}' },
  'returns.open': { ru: 'Оформить возврат', en: 'Open the return' },
  'returns.opened': { ru: 'Возврат {label} оформлен.', en: 'Return {label} is open.' },
  'returns.open_link': { ru: 'Открыть возврат', en: 'Open the return' },

  // A CDEK courier for the day's parcels (docs/product/shipping-desk.md).
  'pickup.unsupported': {
    ru: 'Этот перевозчик не принимает вызов курьера из магазина',
    en: 'This carrier takes no courier bookings from the shop',
  },
  'pickup.title': { ru: 'Вызвать курьера СДЭК', en: 'Book a CDEK courier' },
  'pickup.date': { ru: 'День', en: 'Day' },
  'pickup.from': { ru: 'С', en: 'From' },
  'pickup.to': { ru: 'До', en: 'To' },
  'pickup.address': { ru: 'Адрес (пусто — адрес магазина)', en: 'Address (empty: the shop’s)' },
  'pickup.contact': { ru: 'Кто передаст', en: 'Who hands them over' },
  'pickup.phone': { ru: 'Телефон (пусто — телефон магазина)', en: 'Phone (empty: the shop’s)' },
  'pickup.parcels': { ru: 'Мест', en: 'Parcels' },
  'pickup.weight': { ru: 'Вес, кг', en: 'Weight, kg' },
  'pickup.comment': { ru: 'Комментарий для курьера', en: 'Note for the courier' },
  'pickup.book': { ru: 'Вызвать курьера', en: 'Book the courier' },
  'pickup.booked': {
    ru: 'Курьер СДЭК вызван на {date}, {from}–{to}. Номер заявки: {number}',
    en: 'A CDEK courier is booked for {date}, {from}–{to}. Booking number: {number}',
  },
  'pickup.number_later': { ru: 'придёт позже', en: 'comes later' },
  'action.carrier.pickup': { ru: 'Вызов курьера перевозчика', en: 'Carrier courier booked' },
  'entity.carrier': { ru: 'Перевозчик', en: 'Carrier' },

  // The shipping desk's printouts (docs/product/shipping-desk.md).
  'shipping.document_missing': {
    ru: 'У этого отправления нет такого документа перевозчика',
    en: 'This parcel has no such carrier document',
  },
  'shipping.document.label': { ru: 'Этикетка', en: 'Label' },
  'shipping.document.invoice': { ru: 'Инвойс для таможни', en: 'Customs invoice' },
  'shipping.document.waybill': { ru: 'Накладная', en: 'Waybill' },
  'orders.hand_over.apply': { ru: 'Передать перевозчикам', en: 'Hand to the carriers' },
  'orders.hand_over.busy': { ru: 'Передаём заказы: {count}…', en: 'Handing over {count} orders…' },
  'orders.hand_over.confirm': {
    ru: 'Передать перевозчикам выбранные заказы: {count}?',
    en: 'Hand {count} selected orders to their carriers?',
  },
  'orders.hand_over.confirm_text': {
    ru: 'Каждый заказ будет зарегистрирован у своего перевозчика и получит трек-номер. Заказы, которые перевозчик не примет, останутся выбранными с причиной.',
    en: 'Each order is registered with its carrier and gets its tracking number. Orders a carrier refuses stay selected, with the reason.',
  },
  'orders.hand_over.documents': { ru: 'Заказ {number}:', en: 'Order {number}:' },
  'shipping.hand_over_failed': {
    ru: 'Не удалось передать перевозчику: попробуйте ещё раз',
    en: 'Could not hand it to the carrier: try again',
  },
  'shipping.slips_none': {
    ru: 'Выберите заказы для печати: ни одного такого заказа нет',
    en: 'Choose orders to print: none of these orders exists',
  },
  'slip.title': { ru: 'Упаковочный лист', en: 'Packing slip' },
  'slip.documents': { ru: 'Документы для отправки', en: 'Shipping documents' },
  'slip.print_selected': { ru: 'Упаковочные листы', en: 'Packing slips' },
  'slip.print_title': { ru: 'Упаковочные листы: {count}', en: 'Packing slips: {count}' },
  'slip.print': { ru: 'Напечатать', en: 'Print' },
  'slip.order': { ru: 'Заказ № {number} от {date}', en: 'Order {number} of {date}' },
  'slip.buyer': { ru: 'Покупатель', en: 'Buyer' },
  'slip.delivery': { ru: 'Доставка', en: 'Delivery' },
  'slip.pickup_point': { ru: 'Пункт выдачи', en: 'Pickup point' },
  'slip.delivery_date': { ru: 'Дата доставки', en: 'Delivery date' },
  'slip.tracking': { ru: 'Трек-номер', en: 'Tracking number' },
  'slip.comment': { ru: 'Комментарий покупателя', en: 'Buyer’s comment' },
  'slip.product': { ru: 'Товар', en: 'Product' },
  'slip.size': { ru: 'Размер', en: 'Size' },
  'slip.barcode': { ru: 'Штрихкод', en: 'Barcode' },
  'slip.count': { ru: 'Кол-во', en: 'Qty' },
  'slip.units': { ru: 'Всего предметов', en: 'Items in total' },
  'slip.packed': { ru: 'Упаковал(а): ____________', en: 'Packed by: ____________' },
} as const satisfies Record<string, Localized>;

export type StaffMessageKey = keyof typeof staffMessages;
export type StaffMessageParams = Readonly<Record<string, string | number>>;

/** Russian plural categories (`Intl.PluralRules('ru')`); English uses one and other. */
export interface PluralForms {
  ru: { one: string; few: string; many: string };
  en: { one: string; other: string };
}

/** Counted nouns of the back office: `{count}` is the number. */
export const staffPlurals = {
  ...catalogueStaffPlurals,
  paidOrders: {
    ru: {
      one: '{count} оплаченный заказ',
      few: '{count} оплаченных заказа',
      many: '{count} оплаченных заказов',
    },
    en: { one: '{count} paid order', other: '{count} paid orders' },
  },
  orders: {
    ru: { one: '{count} заказ', few: '{count} заказа', many: '{count} заказов' },
    en: { one: '{count} order', other: '{count} orders' },
  },
  units: {
    ru: { one: '{count} штука', few: '{count} штуки', many: '{count} штук' },
    en: { one: '{count} unit', other: '{count} units' },
  },
  exchanges: {
    ru: { one: '{count} обмен', few: '{count} обмена', many: '{count} обменов' },
    en: { one: '{count} exchange', other: '{count} exchanges' },
  },
  failures: {
    ru: { one: '{count} сбой', few: '{count} сбоя', many: '{count} сбоев' },
    en: { one: '{count} failure', other: '{count} failures' },
  },
  days: {
    ru: { one: '{count} день', few: '{count} дня', many: '{count} дней' },
    en: { one: '{count} day', other: '{count} days' },
  },
  missingTexts: {
    ru: {
      one: '{count} текст без перевода',
      few: '{count} текста без перевода',
      many: '{count} текстов без перевода',
    },
    en: { one: '{count} untranslated text', other: '{count} untranslated texts' },
  },
} as const satisfies Record<string, PluralForms>;

export type StaffPluralKey = keyof typeof staffPlurals;

/** The names of a text's `{placeholders}`, sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
}

function fill(text: string, params: StaffMessageParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** A catalogue text in `locale`, its `{placeholders}` filled from `params`. */
export function staffMessage(key: StaffMessageKey, locale: Locale, params: StaffMessageParams = {}): string {
  const entry: Localized = staffMessages[key];
  return fill(entry[locale] || entry.ru, params);
}

const pluralRules = { ru: new Intl.PluralRules('ru-RU'), en: new Intl.PluralRules('en-GB') };

/** `count` with its noun in the right form: «1 оплаченный заказ», «2 оплаченных заказа», «5 оплаченных заказов». */
export function staffPlural(key: StaffPluralKey, count: number, locale: Locale): string {
  const forms: PluralForms = staffPlurals[key];
  const number = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU').format(count);
  if (locale === 'en') {
    return fill(pluralRules.en.select(count) === 'one' ? forms.en.one : forms.en.other, { count: number });
  }
  const category = pluralRules.ru.select(count);
  const text = category === 'one' ? forms.ru.one : category === 'few' ? forms.ru.few : forms.ru.many;
  return fill(text, { count: number });
}

/** An amount in kopecks as staff read it: roubles, never kopecks («15 000 ₽», «1 234,50 ₽»). */
export function formatRoubles(minor: number, locale: Locale, currency = 'RUB'): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    style: 'currency',
    currency,
    maximumFractionDigits: minor % 100 === 0 ? 0 : 2,
  }).format(minor / 100);
}

/** A code value's name, from the catalogue under `prefix`, or null for a value it does not know. */
function named(prefix: string, value: string, locale: Locale): string | null {
  const key = `${prefix}.${value}`;
  return Object.hasOwn(staffMessages, key) ? staffMessage(key as StaffMessageKey, locale) : null;
}

/** A return's state by name; an unknown one reads as a change rather than its code. */
export function returnStatusName(status: string, locale: Locale): string {
  return named('return.status', status, locale) ?? staffMessage('event.other', locale);
}

/** An order status's name; an unknown one reads as a status change rather than its code. */
export function orderStatusName(status: string, locale: Locale): string {
  return named('order.status', status, locale) ?? staffMessage('event.other', locale);
}

export function paymentMethodName(payment: string, locale: Locale): string {
  return named('payment', payment, locale) ?? payment;
}

export function deliveryWayName(deliveryMethod: string, locale: Locale): string {
  return named('delivery', deliveryMethod, locale) ?? deliveryMethod;
}

export function carrierName(carrier: string, locale: Locale): string {
  return named('carrier', carrier.toLowerCase(), locale) ?? carrier;
}

export function roleName(role: string, locale: Locale): string {
  return named('role', role, locale) ?? role;
}

export function refundStateName(state: string, locale: Locale): string {
  return named('refund', state, locale) ?? state;
}

/** Where a refund came from (core/refunds/refund.rules.ts `refundSources`) by name. */
export function refundSourceName(source: string, locale: Locale): string {
  return named('refund.source', source, locale) ?? source;
}

/** An edition (an order's `locale`, `ru` or `en`) as staff read it. */
export function editionName(edition: string, locale: Locale): string {
  return named('value.edition', edition, locale) ?? edition;
}

/** The audit log's actions by name, for its filter: every `action.*` entry but the fallbacks. */
export const auditActionCodes: readonly string[] = Object.keys(staffMessages)
  .filter((key) => key.startsWith('action.') && key !== 'action.other' && key !== 'action.order.step')
  .map((key) => key.slice('action.'.length));

/**
 * An audit record's action as staff read it: its catalogue name, an order's status step
 * (`order.confirmed`) as «Заказ: Подтверждён», anything else as «Изменение», never the code.
 */
export function auditActionName(action: string, locale: Locale): string {
  const name = named('action', action, locale);
  if (name) return name;
  const step = /^order\.(\w+)$/.exec(action)?.[1];
  const status = step ? named('order.status', step, locale) : null;
  if (status) return staffMessage('action.order.step', locale, { status });
  return staffMessage('action.other', locale);
}

/** What an audit record changed (`entityType`), by name; an unknown kind reads «Запись». */
export function auditEntityName(entityType: string, locale: Locale): string {
  return named('entity', entityType, locale) ?? staffMessage('entity.other', locale);
}

/** A payment provider's notice outcome (`paid`, `declined`) by name. */
export function paymentNoticeName(outcome: string, locale: Locale): string {
  return named('notice', outcome, locale) ?? staffMessage('notice.other', locale);
}

/** A payment provider (`tbank`, `yandex-pay`) by name; one the catalogue does not know keeps its own. */
export function paymentProviderName(provider: string, locale: Locale): string {
  return named('provider', provider, locale) ?? provider;
}

/** A background job's kind (`order-message`, `orders.expire`) by name; an unknown one reads «Фоновая задача». */
export function jobKindName(kind: string, locale: Locale): string {
  return named('job', kind, locale) ?? staffMessage('job.other', locale);
}

/** An external service's kind (`payments`, `sms`) by name; an unknown one reads «Внешний сервис». */
export function serviceKindName(kind: string, locale: Locale): string {
  return named('service', kind, locale) ?? staffMessage('service.other', locale);
}

/**
 * Who made an audit record, as core/audit stored it (`email (role)`, `shop`, a system's name such
 * as `1C`), with the role and the shop in words.
 */
export function auditActorText(label: string, locale: Locale): string {
  if (label === 'shop') return staffMessage('actor.shop', locale);
  const staff = /^(.*) \((\w+)\)$/.exec(label);
  return staff ? `${staff[1]} (${roleName(staff[2] ?? '', locale)})` : label;
}

/**
 * An order event's cause as staff read it. The causes are stored in English (the shop's queries
 * match them, core/orders/dashboard.service.ts); each known shape is read here into the catalogue's
 * words, amounts in roubles. A cause of no known shape reads as a status change.
 */
export function eventCauseText(cause: string, locale: Locale): string {
  const say = (key: StaffMessageKey, params: StaffMessageParams = {}) => staffMessage(key, locale, params);
  const rub = (kopecks: string | undefined) => formatRoubles(Number(kopecks), locale);
  const status = (code: string | undefined) => orderStatusName(code ?? '', locale);
  const refund = (state: string | undefined) => refundStateName(state ?? '', locale);
  const withReason = (text: string, reason: string | undefined) => (reason ? `${text}: ${reason}` : text);
  const shapes: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^created$/, () => say('event.created')],
    [
      /^payment started \((\w+)\)/,
      (m) => say('event.payment_started', { method: named('payment_kind', m[1] ?? '', locale) ?? '' }).trim(),
    ],
    [/^payment confirmed by the provider$/, () => say('event.payment_confirmed')],
    [/^payment declined$/, () => say('event.payment_declined')],
    [/^not paid in time$/, () => say('event.not_paid_in_time')],
    [
      /^payment of (\d+) does not match the total (\d+)/,
      (m) => say('event.payment_mismatch', { amount: rub(m[1]), total: rub(m[2]) }),
    ],
    [/^paid after \w+: refund needed \((\d+) kopecks/, (m) => say('event.paid_late', { amount: rub(m[1]) })],
    [
      /^the held payment was confirmed \((\d+) kopecks\)/,
      (m) => say('event.hold_confirmed', { amount: rub(m[1]) }),
    ],
    [/^the payment could not be committed/, () => say('event.hold_failed')],
    [/^taken by phone by staff \(([^)]+)\)$/, (m) => say('event.phone_taken', { who: m[1] ?? '' })],
    [
      /^payment link sent by staff \(([^)]+)\): (.+)$/,
      (m) => {
        const both = (m[2] ?? '').includes(',');
        const channels = say(
          both
            ? 'phone_order.channel.both'
            : m[2] === 'email'
              ? 'phone_order.channel.email'
              : 'phone_order.channel.sms',
        );
        return say('event.payment_link_sent', { channels, who: m[1] ?? '' });
      },
    ],
    [/^try-on not handed over/, () => say('event.try_on_overdue')],
    [/^try-on kept by staff \((.+)\)$/, (m) => say('event.try_on_kept', { who: m[1] ?? '' })],
    [/^buyout recorded by staff \(([^)]+)\)/, (m) => say('event.buyout_recorded', { who: m[1] ?? '' })],
    [/^buyout changed by staff \(([^)]+)\)/, (m) => say('event.buyout_changed', { who: m[1] ?? '' })],
    [/^buyout paid \((\d+) kopecks/, (m) => say('event.buyout_paid', { amount: rub(m[1]) })],
    [/^delivered: the buyer paid/, () => say('event.buyout_delivered')],
    [/^buyout payment link made \((\d+) kopecks/, (m) => say('event.buyout_link', { amount: rub(m[1]) })],
    [/^buyout payment link not made/, () => say('event.buyout_link_failed')],
    [
      /^buyout refund (\w+) \((\d+) kopecks/,
      (m) => say('event.buyout_refund', { amount: rub(m[2]), state: refund(m[1]) }),
    ],
    [
      /^return (R\d+) decided by staff \(([^)]+)\): refund (\d+) kopecks/,
      (m) => say('event.return_decided', { label: m[1] ?? '', who: m[2] ?? '', amount: rub(m[3]) }),
    ],
    [
      /^return (R\d+) refund (\w+) \((\d+) kopecks/,
      (m) => say('event.return_refund', { label: m[1] ?? '', state: refund(m[2]), amount: rub(m[3]) }),
    ],
    [/^refund (\w+) \((\d+) kopecks/, (m) => say('event.refund', { amount: rub(m[2]), state: refund(m[1]) })],
    [
      /^refund done by hand by staff \(([^)]+)\) \((\d+) kopecks/,
      (m) => say('event.refund_manual', { amount: rub(m[2]), who: m[1] ?? '' }),
    ],
    [
      /^refund made in the payment provider’s cabinet recorded \((\d+) kopecks/,
      (m) => say('event.refund_cabinet', { amount: rub(m[1]) }),
    ],
    [
      /^partial refund by staff \(([^)]+)\): (\d+) kopecks: (.*)$/,
      (m) => withReason(say('event.refund_partial', { amount: rub(m[2]), who: m[1] ?? '' }), m[3]),
    ],
    [
      /^line removed by staff \(([^)]+)\): .*, (\d+) kopecks refunded$/,
      (m) => say('event.line_removed', { amount: rub(m[2]), who: m[1] ?? '' }),
    ],
    [/^personal data removed/, () => say('event.personal_data_removed')],
    [
      /^(\w+) by staff \(([^)]+)\)(?:: (.*))?$/,
      (m) => withReason(say('event.step_by_staff', { status: status(m[1]), who: m[2] ?? '' }), m[3]),
    ],
    [
      /^(\w+) by the shop(?:: (.*))?$/,
      (m) => withReason(say('event.step_by_shop', { status: status(m[1]) }), m[2]),
    ],
    [
      /^(\w+) by (\w+) status/,
      (m) => say('event.step_by_carrier', { status: status(m[1]), carrier: carrierName(m[2] ?? '', locale) }),
    ],
  ];
  for (const [pattern, read] of shapes) {
    const match = cause.match(pattern);
    if (match) return read(match);
  }
  return say('event.other');
}

/** Settings fields whose values are amounts in kopecks. */
const moneyFields = new Set([
  'freeDeliveryMin',
  'moscowDeliveryPrice',
  'moscowDeliveryOutMkadPrice',
  'moscowTryDeliveryPrice',
  'moscowTryDeliveryOutMkadPrice',
  'price',
  'oldPrice',
  // A refund's, a buyout's or a return's sum, kept in kopecks like every amount.
  'amount',
]);
const deliveryListFields = new Set(['englishDisabledGetWays', 'payOnDeliveryGetWays', 'payments.twoStage']);

/** An audit record's field (a path such as `payments.sbp`) as staff read it. */
export function auditFieldName(field: string, locale: Locale): string {
  return auditFieldNamed(field, locale) ?? field;
}

/**
 * The staff name of an audit record's field, or null when the catalogue has none: the whole path
 * first (`changed.stock` is a count of changes, not the stock), then its last part.
 */
export function auditFieldNamed(field: string, locale: Locale): string | null {
  return named('field', field, locale) ?? named('field', field.split('.').at(-1) ?? field, locale);
}

/** An audit record's value of `field` as staff read it: money in roubles, codes as names. */
export function auditValue(field: string, value: unknown, locale: Locale): string {
  const last = field.split('.').at(-1) ?? field;
  if (typeof value === 'number' && moneyFields.has(last)) return formatRoubles(value, locale);
  if (typeof value === 'boolean') return staffMessage(value ? 'value.yes' : 'value.no', locale);
  if (Array.isArray(value) && deliveryListFields.has(field))
    return value.map((v) => deliveryWayName(String(v), locale)).join(', ');
  if (Array.isArray(value) && field === 'payments.sbp')
    return value.map((v) => named('value.edition', String(v), locale) ?? String(v)).join(', ');
  if (typeof value === 'string' && last === 'status') return named('order.status', value, locale) ?? value;
  if (typeof value === 'string' && last === 'role') return roleName(value, locale);
  if (typeof value === 'string' && last === 'refund') return named('refund', value, locale) ?? value;
  if (typeof value === 'string' && field === 'kind') return named('value.importKind', value, locale) ?? value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.join(', ');
  return JSON.stringify(value);
}
