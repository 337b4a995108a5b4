import { eq } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { orderLines, orders, users } from '../db/schema/index.ts';
import type { JobOutcome, JobRow, JobsService } from '../jobs/jobs.service.ts';
import { orderStatusKey } from '../orders/orders.service.ts';
import type { Providers } from '../providers/index.ts';
import { type OrderMessageEvent, orderMessageEvents, sendsBy } from './order-messages.rules.ts';
import { ORDER_MESSAGE_JOB, SHOP_ALERT_JOB } from './order-messages.service.ts';
import { type Brand, type OrderForMessage, renderOrderMessage, renderShopPaidAlert } from './templates.ts';

const DEFAULT_COLOUR = '#222222';

/** Sends what the job queue asks for: the buyer's order messages and the shop's alerts. */
export function createMessagesService({
  db,
  providers,
  settings,
  jobs,
  publicUrl,
}: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  jobs: JobsService;
  /** The shop's address, for links in messages. */
  publicUrl: string;
}) {
  async function brand(locale: 'ru' | 'en'): Promise<Brand> {
    const s = await settings.getShopSettings();
    const b = s.main.brand;
    return {
      name: s.main.shopName[locale] || s.main.shopName.ru,
      colour: b?.colour ?? DEFAULT_COLOUR,
      ...(b?.logoUrl ? { logoUrl: b.logoUrl } : {}),
    };
  }

  async function loadOrder(number: number) {
    const [row] = await db
      .select({ order: orders, setting: users.notificationChannel })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.number, number));
    if (!row) return null;
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, number))
      .orderBy(orderLines.id);
    const o = row.order;
    const locale: 'ru' | 'en' = o.locale === 'en' ? 'en' : 'ru';
    const d = o.delivery;
    const view: OrderForMessage & { phone: string; email: string } = {
      number: o.number,
      fullName: o.fullName,
      phone: o.phone,
      email: o.email,
      lines: lines.map((l) => ({ name: l.name, size: l.size, count: l.count, price: l.price })),
      goodsTotal: o.goodsTotal,
      deliveryPrice: o.deliveryPrice,
      promoDiscount: o.promoDiscount,
      total: o.total,
      deliveryText: [d.city, d.pvz ?? d.address, d.room, d.deliveryDate].filter(Boolean).join(', '),
      trackingNumber: o.trackingNumber,
      statusUrl: `${publicUrl}${locale === 'en' ? '/en' : ''}/payment-result?orderID=${o.number}&key=${orderStatusKey(o.accessKey)}`,
    };
    return { view, locale, userId: o.userId, setting: o.userId ? (row.setting ?? 'sms-email') : null };
  }

  async function sendOrderMessage(job: JobRow): Promise<JobOutcome> {
    const { orderNumber, event, channel } = job.payload as {
      orderNumber: number;
      event: OrderMessageEvent;
      channel: 'email' | 'sms';
    };
    if (!orderMessageEvents.includes(event)) return { skipped: `unknown event ${event}` };
    const found = await loadOrder(orderNumber);
    if (!found) return { skipped: 'the order is gone' };
    const { view, locale, setting } = found;
    if (!sendsBy(channel, event, { email: view.email, setting }))
      return { skipped: `no ${channel} for ${event}` };
    const message = renderOrderMessage(event, view, locale, await brand(locale));
    const result =
      channel === 'email'
        ? await providers.email.send({
            to: view.email,
            subject: message.subject,
            text: message.text,
            html: message.html,
            idempotencyKey: job.key,
          })
        : await providers.sms.sendMessage({ phone: view.phone, text: message.sms, idempotencyKey: job.key });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  async function sendShopAlert(job: JobRow): Promise<JobOutcome> {
    const { orderNumber, channel } = job.payload as { orderNumber: number; channel: 'email' | 'telegram' };
    const found = await loadOrder(orderNumber);
    if (!found) return { skipped: 'the order is gone' };
    if (channel === 'telegram') {
      const alert = renderShopPaidAlert(found.view, `${publicUrl}/admin/orders/${orderNumber}`);
      const sent = await providers.telegram.sendToShop(alert.text);
      return sent.ok ? { done: sent.ref } : { retry: sent.reason };
    }
    const to = (await settings.getShopSettings()).contacts.email;
    if (!to.includes('@')) return { skipped: 'the shop has no e-mail address in its contacts' };
    const alert = renderShopPaidAlert(found.view, `${publicUrl}/admin/orders/${orderNumber}`);
    const result = await providers.email.send({ to, ...alert, idempotencyKey: job.key });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  jobs.register(ORDER_MESSAGE_JOB, sendOrderMessage);
  jobs.register(SHOP_ALERT_JOB, sendShopAlert);

  return { sendOrderMessage, sendShopAlert };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
