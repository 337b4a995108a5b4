import { and, eq } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  messageTexts as messageTextRows,
  orderLines,
  orders,
  returnLines,
  returns,
  users,
} from '../db/schema/index.ts';
import type { JobOutcome, JobRow } from '../jobs/jobs.service.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { messageTexts } from '../messages/message-texts.ts';
import { escapeHtml, formatRub, layout } from '../messages/templates.ts';
import { orderStatusUrl } from '../orders/order-access.ts';
import { type Carrier, trackingUrl } from '../orders/order-status.rules.ts';
import type { Providers } from '../providers/index.ts';
import { returnInstructions, returnLabel } from './returns.rules.ts';

export const RETURN_MESSAGE_JOB = 'return-message';
/** `code`: the carrier's return code, when it came after the request's message (staff registered it later). */
/** `exchange_shipped`: the exchange's new size handed to the carrier, with its tracking link. */
export const returnMessageEvents = ['requested', 'code', 'received', 'refunded', 'exchange_shipped'] as const;
/** Tries of the request's message that wait for the carrier's code before it goes without one. */
const CODE_WAIT_ATTEMPTS = 2;
export type ReturnMessageEvent = (typeof returnMessageEvents)[number];

/**
 * Queues the buyer's messages about a step of return `number` inside the transaction of the step: a
 * job per channel, keyed so a repeat of the step sends nothing more
 * (docs/decisions/0021-durable-jobs-and-messages.md).
 */
export async function enqueueReturnMessages(
  tx: Tx | Db,
  number: number,
  event: ReturnMessageEvent,
  at: Date,
) {
  for (const channel of ['email', 'sms'] as const) {
    await enqueueJob(tx, {
      kind: RETURN_MESSAGE_JOB,
      key: `return-message:${number}:${event}:${channel}`,
      payload: { returnNumber: number, event, channel },
      runAt: at,
    });
  }
}

const DEFAULT_COLOUR = '#222222';

/**
 * Sends one queued return message: by e-mail when the order has an address, by SMS when a signed-in
 * buyer's channel setting includes SMS. Texts from the message-texts catalogue with staff wording.
 */
export function createReturnMessagesHandler({
  db,
  providers,
  settings,
  publicUrl,
}: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  publicUrl: string;
}) {
  return async function sendReturnMessage(job: JobRow): Promise<JobOutcome> {
    const { returnNumber, event, channel } = job.payload as {
      returnNumber: number;
      event: ReturnMessageEvent;
      channel: 'email' | 'sms';
    };
    if (!returnMessageEvents.includes(event)) return { skipped: `unknown event ${event}` };
    const [found] = await db
      .select({ ret: returns, order: orders, setting: users.notificationChannel })
      .from(returns)
      .innerJoin(orders, eq(orders.number, returns.orderNumber))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(returns.number, returnNumber));
    if (!found) return { skipped: 'the return is gone' };
    const { ret, order } = found;
    // The request's message carries the carrier's code: registered right after the request commits,
    // it is waited for a little (the job's retries), then the message goes saying the code follows.
    if (event === 'requested' && ret.carrier && !ret.carrierId && job.attempts <= CODE_WAIT_ATTEMPTS) {
      return { retry: 'waiting for the carrier’s return code' };
    }
    const locale: 'ru' | 'en' = ret.locale === 'en' ? 'en' : 'ru';
    const setting = order.userId ? (found.setting ?? 'sms-email') : null;
    if (channel === 'email' && !order.email.includes('@')) return { skipped: 'no e-mail' };
    if (channel === 'sms' && setting !== 'sms' && setting !== 'sms-email')
      return { skipped: `no sms for ${event}` };
    const shop = await settings.getShopSettings();
    const rows = await db
      .select({ key: messageTextRows.key, value: messageTextRows.value })
      .from(messageTextRows)
      .where(eq(messageTextRows.locale, locale));
    const text = messageTexts(locale, new Map(rows.map((r) => [r.key, r.value])));
    const label = returnLabel(ret.number);
    const amount = formatRub(ret.refundGoods + ret.refundDelivery, locale);
    const params = { return: label, number: order.number, amount };
    const title = text(`return.${event}.title`, params);
    const lines = await db
      .select({
        name: orderLines.name,
        size: orderLines.size,
        quantity: returnLines.quantity,
        exchange: returnLines.exchangeSize,
      })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(eq(returnLines.returnNumber, ret.number))
      .orderBy(returnLines.id);
    // A return that is only an exchange gives no money back: its messages say so (issue 32).
    const exchangeOnly = lines.length > 0 && lines.every((l) => l.exchange);
    const note = text(
      event === 'received' && exchangeOnly ? 'return.received.exchange_note' : `return.${event}.note`,
      params,
    );
    const lineText = lines.map(
      (l) =>
        `${l.name}, ${l.size} × ${l.quantity}${l.exchange ? (locale === 'en' ? ` → size ${l.exchange}` : ` → размер ${l.exchange}`) : ''}`,
    );
    // The exchange's parcel: its tracking number and the carrier's tracking page, as the order's own
    // hand-over message gives them (DECISIONS 37).
    const exchangeParcel =
      event === 'exchange_shipped'
        ? ((
            await db
              .select({ carrier: returnLines.exchangeCarrier, tracking: returnLines.exchangeTracking })
              .from(returnLines)
              .where(and(eq(returnLines.returnNumber, ret.number), eq(returnLines.exchangeStatus, 'shipped')))
              .orderBy(returnLines.id)
          ).find((l) => l.tracking) ?? null)
        : null;
    const trackNumber = exchangeParcel?.tracking ?? null;
    const track = trackNumber
      ? trackingUrl((exchangeParcel?.carrier as Carrier | null) ?? null, trackNumber)
      : null;
    const trackLabel = locale === 'en' ? 'Track the parcel' : 'Отследить посылку';
    const trackText = trackNumber ? text('order.shipped.noteTracking', { tracking: trackNumber }) : '';
    const showroom = shop.contacts.address[locale] || shop.contacts.address.ru;
    const instructions =
      event === 'requested' || event === 'code'
        ? returnInstructions(locale, {
            label,
            method: ret.method,
            carrier: ret.carrier,
            code: ret.carrierCode,
            showroom,
          })
        : '';
    // The order's own status page, signed, in the language of the return request.
    const statusUrl = orderStatusUrl(publicUrl, { number: order.number, accessKey: order.accessKey, locale });
    const statusLabel = text('order.statusLink');
    const brandName = shop.main.shopName[locale] || shop.main.shopName.ru;
    if (channel === 'sms') {
      const sms = `${brandName}: ${title}.${instructions ? ` ${instructions}` : ''}${trackText ? ` ${trackText}` : ''}${track ? ` ${track}` : ''}`;
      const result = await providers.sms.sendMessage({
        phone: order.phone,
        text: sms,
        idempotencyKey: job.key,
      });
      return result.ok ? { done: result.ref } : { retry: result.reason };
    }
    const plain = [
      title,
      '',
      note,
      ...(instructions ? ['', instructions] : []),
      ...(trackText ? ['', trackText] : []),
      ...(track ? [`${trackLabel}: ${track}`] : []),
      '',
      ...lineText,
      '',
      `${statusLabel}: ${statusUrl}`,
      '',
      brandName,
    ].join('\n');
    const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1><p>${escapeHtml(note)}</p>${instructions ? `<p>${escapeHtml(instructions)}</p>` : ''}${trackText ? `<p>${escapeHtml(trackText)}</p>` : ''}${track ? `<p><a href="${escapeHtml(track)}">${escapeHtml(trackLabel)}</a></p>` : ''}<ul>${lineText.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(statusUrl)}">${escapeHtml(statusLabel)}</a></p>`;
    const brand = {
      name: brandName,
      colour: shop.main.brand?.colour ?? DEFAULT_COLOUR,
      ...(shop.main.brand?.logoUrl ? { logoUrl: shop.main.brand.logoUrl } : {}),
    };
    const result = await providers.email.send({
      to: order.email,
      subject: title,
      text: plain,
      html: layout(brand, locale, title, body),
      idempotencyKey: job.key,
    });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  };
}
