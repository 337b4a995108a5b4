import { eq } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { messageTexts as messageTextRows } from '../db/schema/index.ts';
import type { JobOutcome } from '../jobs/jobs.service.ts';
import {
  type BuyoutPaymentForMessage,
  type PaymentLinkWording,
  renderBuyoutPaymentMessage,
} from '../orders/buyout.message.ts';
import type { Providers } from '../providers/index.ts';
import { messageTexts } from './message-texts.ts';

/** One payment-link message to send: to whom, by which channel, with what goods and link. */
export interface PaymentLinkMessage extends BuyoutPaymentForMessage {
  wording: PaymentLinkWording;
  channel: 'email' | 'sms';
  to: { locale: string; email: string; phone: string };
  /** The job's key: the provider sends one message per key. */
  idempotencyKey: string;
}

/**
 * Sends a buyer a payment link by e-mail or SMS, in the shop's brand and the staff's wording: the one
 * sender of the try-on buyout's link (core/buyout/payment-link.service.ts) and of a phone order's
 * (core/orders/phone-order.service.ts). The caller's job decides whether the link is still open.
 */
export function createPaymentLinkSender({
  db,
  providers,
  settings,
}: {
  db: Db;
  providers: Pick<Providers, 'email' | 'sms'>;
  settings: SettingsService;
}) {
  return async function sendPaymentLink(m: PaymentLinkMessage): Promise<JobOutcome> {
    if (m.channel === 'email' && !m.to.email.includes('@')) return { skipped: 'no e-mail' };
    const locale = m.to.locale === 'en' ? 'en' : 'ru';
    const shop = await settings.getShopSettings();
    const rows = await db
      .select({ key: messageTextRows.key, value: messageTextRows.value })
      .from(messageTextRows)
      .where(eq(messageTextRows.locale, locale));
    const message = renderBuyoutPaymentMessage(
      { number: m.number, lines: m.lines, amount: m.amount, payUrl: m.payUrl },
      locale,
      {
        name: shop.main.shopName[locale] || shop.main.shopName.ru,
        colour: shop.main.brand?.colour ?? '#222222',
        ...(shop.main.brand?.logoUrl ? { logoUrl: shop.main.brand.logoUrl } : {}),
      },
      messageTexts(locale, new Map(rows.map((r) => [r.key, r.value]))),
      m.wording,
    );
    const result =
      m.channel === 'email'
        ? await providers.email.send({
            to: m.to.email,
            subject: message.subject,
            text: message.text,
            html: message.html,
            idempotencyKey: m.idempotencyKey,
          })
        : await providers.sms.sendMessage({
            phone: m.to.phone,
            text: message.sms,
            idempotencyKey: m.idempotencyKey,
          });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  };
}
