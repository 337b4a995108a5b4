import type { Localized } from './i18n.ts';

/**
 * The staff catalogue's texts of the first admin's setup page (app/routes/admin/setup.tsx) and of
 * its service's refusals (core/accounts/first-admin.service.ts). core/staff-messages.ts takes them in
 * whole, so they are read with `staffMessage` and checked by core/staff-messages.test.ts.
 */
export const setupStaffMessages = {
  'setup.title': { ru: 'Первый администратор', en: 'The first administrator' },
  'setup.back_office': { ru: 'Панель управления', en: 'Back office' },
  'setup.intro': {
    ru: 'В магазине ещё нет администратора. Укажите e-mail, которым будете входить в панель управления, и подтвердите контакт кодом.',
    en: 'The shop has no administrator yet. Give the e-mail you will sign in to the back office with, and prove a contact with a code.',
  },
  'setup.email': { ru: 'E-mail для входа', en: 'Sign-in e-mail' },
  'setup.name': { ru: 'Имя', en: 'Name' },
  'setup.send_to': { ru: 'Куда прислать код', en: 'Where to send the code' },
  'setup.send_to_email': { ru: 'На e-mail', en: 'To the e-mail' },
  'setup.send_to_phone': { ru: 'По SMS на телефон', en: 'By SMS to a phone' },
  'setup.phone': { ru: 'Телефон', en: 'Phone' },
  'setup.send_code': { ru: 'Прислать код', en: 'Send the code' },
  'setup.code_sent_email': {
    ru: 'Код отправлен на {contact}. Он действует 10 минут.',
    en: 'The code was sent to {contact}. It works for 10 minutes.',
  },
  'setup.code_sent_phone': {
    ru: 'Код отправлен по SMS на +{contact}.',
    en: 'The code was sent by SMS to +{contact}.',
  },
  'setup.code': { ru: 'Код', en: 'Code' },
  'setup.password': {
    ru: 'Пароль панели управления (не короче 12 символов)',
    en: 'Back-office password (12 characters or more)',
  },
  'setup.create': { ru: 'Создать администратора', en: 'Create the administrator' },
  'setup.other_contact': { ru: 'Указать другой контакт', en: 'Use another contact' },
  'setup.done': {
    ru: 'Администратор {email} создан. Войдите и настройте второй фактор: код из приложения-аутентификатора.',
    en: 'The administrator {email} is created. Sign in and set up the second factor: a code from an authenticator app.',
  },
  'setup.sign_in': { ru: 'Войти', en: 'Sign in' },
  'setup.not_found_hint': {
    ru: 'Ссылка недействительна: она устарела, уже использована, или администратор в магазине уже есть.',
    en: 'The link is not valid: it expired, was used, or the shop already has an administrator.',
  },
  'setup.link_dead': {
    ru: 'Ссылка недействительна или устарела',
    en: 'The link is no longer valid',
  },
  'setup.send_first': { ru: 'Сначала запросите код', en: 'Ask for a code first' },
  'setup.code_expired': {
    ru: 'Код устарел или попытки кончились: запросите новый',
    en: 'The code expired or its tries are used up: ask for a new one',
  },
  'setup.wrong_code': { ru: 'Неверный код', en: 'Wrong code' },
  'setup.mail_subject': {
    ru: 'Код для создания администратора магазина',
    en: 'Your code to create the shop’s administrator',
  },
  'setup.mail_text': {
    ru: 'Код для создания администратора магазина: {code}. Он действует 10 минут. Если вы его не запрашивали, ничего не делайте.',
    en: 'Your code to create the shop’s administrator: {code}. It works for 10 minutes. If you did not ask for it, do nothing.',
  },
  'setup.mail_not_sent': { ru: 'Письмо не отправлено', en: 'The e-mail could not be sent' },
  'setup.too_many': {
    ru: 'Слишком много попыток. Попробуйте позже',
    en: 'Too many attempts. Please try again later',
  },
  'setup.two_accounts': {
    ru: 'E-mail и телефон принадлежат двум разным учётным записям',
    en: 'The e-mail and the phone belong to two different accounts',
  },
  'action.staff.first-admin-created': {
    ru: 'Первый администратор создан по ссылке настройки',
    en: 'First administrator created from the setup link',
  },
} satisfies Record<string, Localized>;
