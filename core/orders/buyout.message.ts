import type { MessageTextKey, MessageTexts } from '../messages/message-texts.ts';
import {
  type Brand,
  escapeHtml,
  formatRub,
  layout,
  type MessageLocale,
  type RenderedMessage,
} from '../messages/templates.ts';

/** What the buyer's payment-link message shows: the kept goods, the amount and the link. Kopecks. */
export interface BuyoutPaymentForMessage {
  number: number;
  lines: { name: string; size: string; count: number; amount: number }[];
  amount: number;
  payUrl: string;
}

/**
 * The wordings of a payment-link message: the kept goods of a try-on buyout
 * (docs/product/try-on-buyout.md), or a whole order taken by phone (docs/product/phone-orders.md).
 */
export const paymentLinkWordings = {
  buyout: { title: 'buyout.payment.title', note: 'buyout.payment.note', button: 'buyout.payment.button' },
  order: {
    title: 'order.payment_link.title',
    note: 'order.payment_link.note',
    button: 'order.payment_link.button',
  },
} as const satisfies Record<string, Record<'title' | 'note' | 'button', MessageTextKey>>;
export type PaymentLinkWording = keyof typeof paymentLinkWordings;

/**
 * The buyer's message with a payment link (a try-on buyout's by default), in the shop's message
 * frame and the staff's wording (core/messages/message-texts.ts). Pure.
 */
export function renderBuyoutPaymentMessage(
  o: BuyoutPaymentForMessage,
  locale: MessageLocale,
  brand: Brand,
  text: MessageTexts,
  wording: PaymentLinkWording = 'buyout',
): RenderedMessage {
  const keys = paymentLinkWordings[wording];
  const money = (k: number) => formatRub(k, locale);
  const title = text(keys.title, { number: o.number });
  const note = text(keys.note, { amount: money(o.amount) });
  const button = text(keys.button);
  const lines = o.lines.map((l) => `${l.name}, ${l.size} × ${l.count} — ${money(l.amount)}`);
  const textBody = [title, '', note, '', ...lines, '', `${button}: ${o.payUrl}`, '', brand.name].join('\n');
  const rows = o.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0;border-bottom:1px solid #eee">${escapeHtml(l.name)}, ${escapeHtml(l.size)} × ${l.count}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #eee;white-space:nowrap">${escapeHtml(money(l.amount))}</td></tr>`,
    )
    .join('');
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1><p>${escapeHtml(note)}</p><table role="presentation" width="100%" style="border-collapse:collapse;margin:16px 0">${rows}</table><p><a href="${escapeHtml(o.payUrl)}" style="display:inline-block;padding:10px 18px;background:${brand.colour};color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(button)}</a></p>`;
  const sms = `${brand.name}: ${title}. ${note} ${o.payUrl}`;
  return { subject: title, text: textBody, html: layout(brand, locale, title, body), sms };
}
