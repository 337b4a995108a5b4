import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import {
  newsletterSubscriptions,
  orderLines,
  orders,
  productGroups,
  restockSubscriptions,
  users,
  variantProducts,
} from '../db/schema/index.ts';
import { NEWSLETTER_PROMO_PERCENT } from '../engagement/engagement.rules.ts';
import type { JobOutcome, JobRow, JobsService } from '../jobs/jobs.service.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { orderStatusKey } from '../orders/orders.service.ts';
import type { Providers } from '../providers/index.ts';
import { type OrderMessageEvent, orderMessageEvents, sendsBy } from './order-messages.rules.ts';
import {
  ORDER_MESSAGE_JOB,
  RESTOCK_CHECK_JOB,
  RESTOCK_MAIL_JOB,
  SHOP_ALERT_JOB,
} from './order-messages.service.ts';
import {
  type Brand,
  type OrderForMessage,
  renderDailySummary,
  renderNewsletterConfirm,
  renderNewsletterWelcome,
  renderOrderMessage,
  renderRestockMessage,
  renderShopPaidAlert,
} from './templates.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe.ts';

const DEFAULT_COLOUR = '#222222';

/** Sends what the job queue asks for: the buyer's order messages and the shop's alerts. */
export function createMessagesService({
  db,
  providers,
  settings,
  jobs,
  publicUrl,
  clock,
  secret,
}: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  jobs: JobsService;
  /** The shop's address, for links in messages. */
  publicUrl: string;
  clock: () => Date;
  /** Signs unsubscribe links. */
  secret: string;
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

  /** Marks the sign-ups of a variant back in stock as told and queues one notice each, in one transaction. */
  async function checkRestock(job: JobRow): Promise<JobOutcome> {
    const { variantId } = job.payload as { variantId: string };
    const [variant] = await db.select().from(variantProducts).where(eq(variantProducts.id, variantId));
    if (!variant || variant.stock <= 0) return { skipped: 'not in stock' };
    const now = clock();
    const told = await db.transaction(async (tx) => {
      const subs = await tx
        .update(restockSubscriptions)
        .set({ notifiedAt: now })
        .where(
          and(
            isNull(restockSubscriptions.notifiedAt),
            or(
              eq(restockSubscriptions.productId, variantId),
              eq(restockSubscriptions.productId, variant.groupId),
            ),
          ),
        )
        .returning({ id: restockSubscriptions.id });
      for (const sub of subs)
        await enqueueJob(tx, {
          kind: RESTOCK_MAIL_JOB,
          key: `restock-mail:${sub.id}`,
          payload: { subscriptionId: sub.id, variantId },
          runAt: now,
        });
      return subs.length;
    });
    return { done: `${told} sign-ups` };
  }

  async function sendRestockMail(job: JobRow): Promise<JobOutcome> {
    const { subscriptionId, variantId } = job.payload as { subscriptionId: number; variantId: string };
    const [sub] = await db
      .select()
      .from(restockSubscriptions)
      .where(eq(restockSubscriptions.id, subscriptionId));
    // Unsubscribed since (the sign-up is gone): nothing goes out.
    if (!sub) return { skipped: 'unsubscribed' };
    const [product] = await db
      .select({ name: productGroups.name, size: variantProducts.size })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .where(eq(variantProducts.id, variantId));
    if (!product) return { skipped: 'the product is gone' };
    const locale: 'ru' | 'en' = sub.locale === 'en' ? 'en' : 'ru';
    const unsubscribeUrl = `${publicUrl}/api/unsubscribe?token=${unsubscribeToken(sub.email, secret)}`;
    const message = renderRestockMessage(
      {
        productName: product.name[locale] || product.name.ru,
        size: sub.productId === variantId ? product.size : null,
        productUrl: `${publicUrl}${locale === 'en' ? '/en' : ''}/products/${sub.groupId}`,
        unsubscribeUrl,
      },
      locale,
      await brand(locale),
    );
    const result = await providers.email.send({
      to: sub.email,
      ...message,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      idempotencyKey: job.key,
    });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  /**
   * A signed unsubscribe link (or the one-click POST of `List-Unsubscribe`): the address's restock
   * sign-ups and newsletter subscription end, so no marketing mail goes to it. False for a bad token.
   */
  async function unsubscribe(token: string): Promise<boolean> {
    const email = readUnsubscribeToken(token, secret);
    if (!email) return false;
    const variants = [email, email.toLowerCase()];
    await db.transaction(async (tx) => {
      await tx.delete(restockSubscriptions).where(inArray(restockSubscriptions.email, variants));
      await tx.delete(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, variants));
    });
    return true;
  }

  async function newsletterRow(job: JobRow) {
    const { subscriptionId } = job.payload as { subscriptionId: number };
    const [row] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, subscriptionId));
    return row ?? null;
  }

  async function sendNewsletterConfirm(job: JobRow): Promise<JobOutcome> {
    const row = await newsletterRow(job);
    if (!row?.confirmToken) return { skipped: 'unsubscribed' };
    if (row.confirmedAt) return { skipped: 'confirmed already' };
    const locale: 'ru' | 'en' = row.locale === 'en' ? 'en' : 'ru';
    const url = `${publicUrl}/api/newsletter/confirm?token=${row.confirmToken}${locale === 'en' ? '&lang=en' : ''}`;
    const message = renderNewsletterConfirm(url, locale, await brand(locale));
    const result = await providers.email.send({ to: row.email, ...message, idempotencyKey: job.key });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  async function sendNewsletterWelcome(job: JobRow): Promise<JobOutcome> {
    const row = await newsletterRow(job);
    // Unsubscribed since, or never confirmed: no marketing mail.
    if (!row?.confirmedAt || !row.promoCode) return { skipped: 'not a confirmed subscriber' };
    const locale: 'ru' | 'en' = row.locale === 'en' ? 'en' : 'ru';
    const unsubscribeUrl = `${publicUrl}/api/unsubscribe?token=${unsubscribeToken(row.email, secret)}`;
    const message = renderNewsletterWelcome(
      {
        code: row.promoCode,
        percent: NEWSLETTER_PROMO_PERCENT,
        shopUrl: `${publicUrl}${locale === 'en' ? '/en' : '/'}`,
        unsubscribeUrl,
      },
      locale,
      await brand(locale),
    );
    const result = await providers.email.send({
      to: row.email,
      ...message,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      idempotencyKey: job.key,
    });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  jobs.register('newsletter-confirm', sendNewsletterConfirm);
  jobs.register('newsletter-welcome', sendNewsletterWelcome);
  /**
   * The shop's daily summary by e-mail: jobs that failed for good in the last day and orders paid
   * after they closed (a refund is due); nothing is sent on a quiet day.
   */
  async function sendDailySummary(job: JobRow, refundsDue: number[]): Promise<JobOutcome> {
    const now = clock();
    const failed = await jobs.failedSince(new Date(now.getTime() - 86_400_000));
    if (failed.length === 0 && refundsDue.length === 0) return { skipped: 'nothing to report' };
    const to = (await settings.getShopSettings()).contacts.email;
    if (!to.includes('@')) return { skipped: 'the shop has no e-mail address in its contacts' };
    const summary = renderDailySummary({
      day: new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10),
      failed,
      refundsDue,
      adminUrl: publicUrl,
    });
    const result = await providers.email.send({ to, ...summary, idempotencyKey: job.key });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  jobs.register(RESTOCK_CHECK_JOB, checkRestock);
  jobs.register(RESTOCK_MAIL_JOB, sendRestockMail);
  jobs.register(ORDER_MESSAGE_JOB, sendOrderMessage);
  jobs.register(SHOP_ALERT_JOB, sendShopAlert);

  return { sendOrderMessage, sendShopAlert, sendDailySummary, unsubscribe };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
