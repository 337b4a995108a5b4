/**
 * Message templates (docs/decisions/0021-durable-jobs-and-messages.md): each message as an e-mail
 * (responsive HTML and plain text) and a short SMS, in Russian or English, with the brand's name and
 * colour from the settings. Pure: no I/O.
 */
import { type MessageTexts, messageTexts } from './message-texts.ts';
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
  /** The carrier's tracking page of the parcel, when handed over (docs/decisions/0025-real-carriers.md). */
  trackingUrl?: string | null;
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

function headline(event: OrderMessageEvent, o: OrderForMessage, text: MessageTexts): string {
  return text(`order.${event}.title`, { number: o.number });
}

function detail(event: OrderMessageEvent, o: OrderForMessage, text: MessageTexts): string {
  if (event === 'shipped' && o.trackingNumber)
    return text('order.shipped.noteTracking', { tracking: o.trackingNumber });
  return text(`order.${event}.note`);
}

/** The buyer's message about `event` of an order. Confirmations list lines, totals and delivery. */
export function renderOrderMessage(
  event: OrderMessageEvent,
  o: OrderForMessage,
  locale: MessageLocale,
  brand: Brand,
  text: MessageTexts = messageTexts(locale),
): RenderedMessage {
  const title = headline(event, o, text);
  const note = detail(event, o, text);
  const statusLabel = text('order.statusLink');
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
  // DECISIONS 37: the hand-over message carries the tracking link.
  const track = event === 'shipped' && o.trackingUrl ? o.trackingUrl : null;
  const trackLabel = tr(locale, 'Отследить посылку', 'Track the parcel');
  if (track) textParts.push(`${trackLabel}: ${track}`);
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
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1><p>${escapeHtml(note)}</p>${track ? `<p><a href="${escapeHtml(track)}">${escapeHtml(trackLabel)}</a></p>` : ''}${rows}<p><a href="${escapeHtml(o.statusUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(statusLabel)}</a></p>`;
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
  texts: MessageTexts = messageTexts(locale),
): { subject: string; text: string; html: string } {
  const what = input.size ? `${input.productName}, ${input.size}` : input.productName;
  const subject = texts('restock.subject', { product: what });
  const note = texts('restock.note');
  const cta = tr(locale, 'Посмотреть', 'Take a look');
  const off = texts('unsubscribe');
  const text = [subject, '', note, input.productUrl, '', `${off}: ${input.unsubscribeUrl}`, brand.name].join(
    '\n',
  );
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(note)}</p><p><a href="${escapeHtml(input.productUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(cta)}</a></p>`;
  const footer = `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#777">${escapeHtml(off)}</a>`;
  return { subject, text, html: layout(brand, locale, subject, body, footer) };
}

/** The double opt-in mail of a restock sign-up: the link that confirms it (not marketing: the address asked). */
export function renderRestockConfirm(
  input: { productName: string; size: string | null; confirmUrl: string },
  locale: MessageLocale,
  brand: Brand,
  texts: MessageTexts = messageTexts(locale),
): { subject: string; text: string; html: string } {
  const what = input.size ? `${input.productName}, ${input.size}` : input.productName;
  const subject = texts('restock.confirm.subject', { product: what });
  const note = texts('restock.confirm.note');
  const text = [subject, '', note, input.confirmUrl, '', brand.name].join('\n');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(note)}</p><p><a href="${escapeHtml(input.confirmUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(tr(locale, 'Подтвердить', 'Confirm'))}</a></p>`;
  return { subject, text, html: layout(brand, locale, subject, body) };
}

/** The double opt-in mail: the link that confirms the subscription (not marketing: the address asked). */
export function renderNewsletterConfirm(
  confirmUrl: string,
  locale: MessageLocale,
  brand: Brand,
  texts: MessageTexts = messageTexts(locale),
): { subject: string; text: string; html: string } {
  const subject = texts('newsletter.confirm.subject');
  const note = texts('newsletter.confirm.note');
  const text = [subject, '', note, confirmUrl, '', brand.name].join('\n');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(note)}</p><p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(tr(locale, 'Подтвердить', 'Confirm'))}</a></p>`;
  return { subject, text, html: layout(brand, locale, subject, body) };
}

/** The welcome mail with the subscriber's own single-use promo code; marketing, so it can be unsubscribed. */
export function renderNewsletterWelcome(
  input: { code: string; percent: number; shopUrl: string; unsubscribeUrl: string },
  locale: MessageLocale,
  brand: Brand,
  texts: MessageTexts = messageTexts(locale),
): { subject: string; text: string; html: string } {
  const subject = texts('newsletter.welcome.subject', { percent: input.percent });
  const note = texts('newsletter.welcome.note');
  const off = texts('unsubscribe');
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

/**
 * A cart reminder (marketing, sent only with a consent on record: core/messages/marketing.rules.ts):
 * what was left in the cart, a link that opens it, and the unsubscribe link in the mail and the SMS.
 */
export function renderCartReminder(
  input: { items: string[]; more: number; cartUrl: string; unsubscribeUrl: string },
  locale: MessageLocale,
  brand: Brand,
  texts: MessageTexts = messageTexts(locale),
): RenderedMessage {
  const subject = texts('cart.subject');
  const note = texts('cart.note');
  const list =
    input.more > 0
      ? [...input.items, tr(locale, `и ещё ${input.more}`, `and ${input.more} more`)]
      : input.items;
  const cta = tr(locale, 'Вернуться в корзину', 'Back to the cart');
  const off = texts('unsubscribe');
  const text = [
    subject,
    '',
    note,
    '',
    ...list.map((i) => `• ${i}`),
    '',
    `${cta}: ${input.cartUrl}`,
    '',
    `${off}: ${input.unsubscribeUrl}`,
    brand.name,
  ].join('\n');
  const items = list.map((i) => `<li>${escapeHtml(i)}</li>`).join('');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1><p>${escapeHtml(note)}</p><ul>${items}</ul><p><a href="${escapeHtml(input.cartUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(cta)}</a></p>`;
  const footer = `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#777">${escapeHtml(off)}</a>`;
  const sms = `${brand.name}: ${texts('cart.sms')} ${input.cartUrl} ${tr(locale, 'Отписаться', 'Stop')}: ${input.unsubscribeUrl}`;
  return { subject, text, html: layout(brand, locale, subject, body, footer), sms };
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
