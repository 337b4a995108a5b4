/**
 * Message templates (docs/decisions/0021-durable-jobs-and-messages.md): each message as an e-mail
 * (responsive HTML and plain text) and a short SMS, in Russian or English, with the brand's name and
 * colour from the settings. Pure: no I/O.
 */
import type { OrderMessageEvent } from './order-messages.rules.ts';

export type MessageLocale = 'ru' | 'en';

export interface Brand {
  name: string;
  /** `#rrggbb` */
  colour: string;
  logoUrl?: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

export interface OrderForMessage {
  number: number;
  fullName: string;
  lines: { name: string; size: string; count: number; price: number }[];
  goodsTotal: number;
  deliveryPrice: number;
  promoDiscount: number;
  total: number;
  deliveryText: string;
  trackingNumber: string | null;
  statusUrl: string;
}

const tr = (locale: MessageLocale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** Kopecks as roubles: `12 345,50 ₽` / `12,345.50 ₽`. */
export function formatRub(kopecks: number, locale: MessageLocale): string {
  const value = kopecks / 100;
  const digits = Number.isInteger(value) ? 0 : 2;
  return `${value.toLocaleString(locale === 'en' ? 'en-US' : 'ru-RU', {
    minimumFractionDigits: digits,
    maximumFractionDigits: 2,
  })} ₽`;
}

export function escapeHtml(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function headline(event: OrderMessageEvent, o: OrderForMessage, locale: MessageLocale): string {
  const n = o.number;
  switch (event) {
    case 'created':
      return tr(locale, `Заказ №${n} принят`, `Order ${n} received`);
    case 'paid':
      return tr(locale, `Заказ №${n} оплачен`, `Order ${n} is paid`);
    case 'shipped':
      return tr(locale, `Заказ №${n} передан в доставку`, `Order ${n} is on its way`);
    case 'ready_for_pickup':
      return tr(locale, `Заказ №${n} ждёт вас в пункте выдачи`, `Order ${n} is ready for pickup`);
    case 'delivered':
      return tr(locale, `Заказ №${n} доставлен`, `Order ${n} is delivered`);
    case 'cancelled':
      return tr(locale, `Заказ №${n} отменён`, `Order ${n} is cancelled`);
    case 'refunded':
      return tr(locale, `Деньги за заказ №${n} возвращены`, `Order ${n} is refunded`);
  }
}

function detail(event: OrderMessageEvent, o: OrderForMessage, locale: MessageLocale): string {
  switch (event) {
    case 'created':
      return tr(
        locale,
        'Спасибо за заказ! Мы сообщим о каждом его шаге.',
        'Thank you! We will tell you about each step.',
      );
    case 'paid':
      return tr(
        locale,
        'Оплата получена, собираем заказ.',
        'We have your payment and are packing the order.',
      );
    case 'shipped':
      return o.trackingNumber
        ? tr(locale, `Трек-номер: ${o.trackingNumber}.`, `Tracking number: ${o.trackingNumber}.`)
        : tr(locale, 'Заказ у перевозчика.', 'The carrier has the order.');
    case 'ready_for_pickup':
      return tr(locale, 'Возьмите с собой паспорт или номер заказа.', 'Bring your ID or the order number.');
    case 'delivered':
      return tr(locale, 'Спасибо, что выбрали нас!', 'Thank you for shopping with us!');
    case 'cancelled':
      return tr(
        locale,
        'Если заказ был оплачен, деньги вернутся тем же способом.',
        'If it was paid, the money goes back the way it came.',
      );
    case 'refunded':
      return tr(locale, 'Срок зачисления зависит от банка.', 'How soon you see it depends on your bank.');
  }
}

/** The buyer's message about `event` of an order. Confirmations list lines, totals and delivery. */
export function renderOrderMessage(
  event: OrderMessageEvent,
  o: OrderForMessage,
  locale: MessageLocale,
  brand: Brand,
): RenderedMessage {
  const title = headline(event, o, locale);
  const note = detail(event, o, locale);
  const statusLabel = tr(locale, 'Статус заказа', 'Order status');
  const full = event === 'created' || event === 'paid';
  const money = (k: number) => formatRub(k, locale);
  const totals: [string, string][] = [
    [tr(locale, 'Товары', 'Goods'), money(o.goodsTotal)],
    ...(o.promoDiscount > 0
      ? ([[tr(locale, 'Скидка', 'Discount'), `−${money(o.promoDiscount)}`]] as [string, string][])
      : []),
    [tr(locale, 'Доставка', 'Delivery'), money(o.deliveryPrice)],
    [tr(locale, 'Итого', 'Total'), money(o.total)],
  ];
  const textParts = [title, '', note];
  if (full) {
    textParts.push(
      '',
      ...o.lines.map((l) => `${l.name}, ${l.size} × ${l.count} — ${money(l.price * l.count)}`),
    );
    textParts.push('', ...totals.map(([k, v]) => `${k}: ${v}`));
    textParts.push('', `${tr(locale, 'Доставка', 'Delivery')}: ${o.deliveryText}`);
  }
  textParts.push('', `${statusLabel}: ${o.statusUrl}`, '', brand.name);
  const rows = full
    ? `<table role="presentation" width="100%" style="border-collapse:collapse;margin:16px 0">${o.lines
        .map(
          (l) =>
            `<tr><td style="padding:6px 0;border-bottom:1px solid #eee">${escapeHtml(l.name)}, ${escapeHtml(l.size)} × ${l.count}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #eee;white-space:nowrap">${escapeHtml(money(l.price * l.count))}</td></tr>`,
        )
        .join('')}${totals
        .map(
          ([k, v], i) =>
            `<tr><td style="padding:4px 0${i === totals.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(k)}</td><td align="right" style="padding:4px 0;white-space:nowrap${i === totals.length - 1 ? ';font-weight:bold' : ''}">${escapeHtml(v)}</td></tr>`,
        )
        .join(
          '',
        )}</table><p>${escapeHtml(tr(locale, 'Доставка', 'Delivery'))}: ${escapeHtml(o.deliveryText)}</p>`
    : '';
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1><p>${escapeHtml(note)}</p>${rows}<p><a href="${escapeHtml(o.statusUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(statusLabel)}</a></p>`;
  const sms = `${brand.name}: ${title}. ${event === 'shipped' && o.trackingNumber ? `${note} ` : ''}${o.statusUrl}`;
  return { subject: title, text: textParts.join('\n'), html: layout(brand, locale, title, body), sms };
}

/** The one responsive frame of every e-mail: the brand's name (or logo) in its colour, the body, a footer. */
export function layout(
  brand: Brand,
  locale: MessageLocale,
  title: string,
  body: string,
  footer = '',
): string {
  const head = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" style="max-height:40px">`
    : `<span style="font-size:22px;font-weight:bold;color:#fff">${escapeHtml(brand.name)}</span>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222"><table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:16px"><table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse;background:#fff"><tr><td style="padding:16px 24px;background:${brand.colour}">${head}</td></tr><tr><td style="padding:24px">${body}</td></tr><tr><td style="padding:16px 24px;font-size:12px;color:#777">${footer}</td></tr></table></td></tr></table></body></html>`;
}

/** The shop's alert about a new paid order (e-mail and Telegram). */
export function renderShopPaidAlert(
  o: OrderForMessage & { phone: string; email: string },
  adminUrl: string,
): { subject: string; text: string } {
  const lines = o.lines.map((l) => `• ${l.name}, ${l.size} × ${l.count}`).join('\n');
  return {
    subject: `Оплачен заказ №${o.number} на ${formatRub(o.total, 'ru')}`,
    text: `Оплачен заказ №${o.number} на ${formatRub(o.total, 'ru')}\n${o.fullName}, +${o.phone}, ${o.email}\n${lines}\nДоставка: ${o.deliveryText}\n${adminUrl}`,
  };
}

/** A restock notice: marketing mail, so it carries its unsubscribe link (the footer and a header). */
export function renderRestockMessage(
  input: { productName: string; size: string | null; productUrl: string; unsubscribeUrl: string },
  locale: MessageLocale,
  brand: Brand,
): { subject: string; text: string; html: string } {
  const what = input.size ? `${input.productName}, ${input.size}` : input.productName;
  const subject = tr(locale, `Снова в наличии: ${what}`, `Back in stock: ${what}`);
  const cta = tr(locale, 'Посмотреть', 'Take a look');
  const off = tr(locale, 'Отписаться от рассылок', 'Unsubscribe');
  const text = [
    subject,
    '',
    tr(locale, 'Вы просили сообщить, когда товар появится.', 'You asked us to tell you when it is back.'),
    input.productUrl,
    '',
    `${off}: ${input.unsubscribeUrl}`,
    brand.name,
  ].join('\n');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(tr(locale, 'Вы просили сообщить, когда товар появится.', 'You asked us to tell you when it is back.'))}</p><p><a href="${escapeHtml(input.productUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(cta)}</a></p>`;
  const footer = `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#777">${escapeHtml(off)}</a>`;
  return { subject, text, html: layout(brand, locale, subject, body, footer) };
}

/** The double opt-in mail: the link that confirms the subscription (not marketing: the address asked). */
export function renderNewsletterConfirm(
  confirmUrl: string,
  locale: MessageLocale,
  brand: Brand,
): { subject: string; text: string; html: string } {
  const subject = tr(locale, 'Подтвердите подписку', 'Confirm your subscription');
  const note = tr(
    locale,
    'Чтобы получать наши письма и промокод на скидку, подтвердите адрес. Если вы не подписывались, просто не отвечайте.',
    'To get our letters and your discount code, confirm this address. If you did not sign up, ignore this mail.',
  );
  const text = [subject, '', note, confirmUrl, '', brand.name].join('\n');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(note)}</p><p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(tr(locale, 'Подтвердить', 'Confirm'))}</a></p>`;
  return { subject, text, html: layout(brand, locale, subject, body) };
}

/** The welcome mail with the subscriber's own single-use promo code; marketing, so it can be unsubscribed. */
export function renderNewsletterWelcome(
  input: { code: string; percent: number; shopUrl: string; unsubscribeUrl: string },
  locale: MessageLocale,
  brand: Brand,
): { subject: string; text: string; html: string } {
  const subject = tr(
    locale,
    `Ваш промокод на скидку ${input.percent}%`,
    `Your ${input.percent}% discount code`,
  );
  const note = tr(
    locale,
    'Спасибо за подписку! Код действует на один заказ.',
    'Thank you for subscribing! The code works for one order.',
  );
  const off = tr(locale, 'Отписаться от рассылок', 'Unsubscribe');
  const text = [
    subject,
    '',
    note,
    input.code,
    input.shopUrl,
    '',
    `${off}: ${input.unsubscribeUrl}`,
    brand.name,
  ].join('\n');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(note)}</p><p style="font-size:24px;font-weight:bold;letter-spacing:2px">${escapeHtml(input.code)}</p><p><a href="${escapeHtml(input.shopUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(tr(locale, 'В магазин', 'Go shopping'))}</a></p>`;
  const footer = `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#777">${escapeHtml(off)}</a>`;
  return { subject, text, html: layout(brand, locale, subject, body, footer) };
}

/** The shop's daily summary: background work that failed for good, and money to refund. */
export function renderDailySummary(input: {
  day: string;
  failed: { kind: string; count: number }[];
  refundsDue: number[];
  adminUrl: string;
}): { subject: string; text: string } {
  const lines = [`Сводка за ${input.day}`, ''];
  if (input.failed.length) {
    lines.push('Не выполнены после всех попыток (письма, SMS, уведомления, фоновые работы):');
    for (const f of input.failed) lines.push(`• ${f.kind}: ${f.count}`);
    lines.push(`${input.adminUrl}/admin/jobs`, '');
  }
  if (input.refundsDue.length) {
    lines.push(`Оплачены после срока, нужен возврат: ${input.refundsDue.map((n) => `№${n}`).join(', ')}`);
    lines.push(`${input.adminUrl}/admin/refunds-due`, '');
  }
  return { subject: `Сводка магазина за ${input.day}: требует внимания`, text: lines.join('\n') };
}
