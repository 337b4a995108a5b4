import { and, eq, gt, gte, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { RESTOCK_CONFIRM_JOB, restockConfirmToken } from '../catalogue/restock.service.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import {
  cartReminders,
  messageTexts as messageTextRows,
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
import { carrierOf, trackingUrl } from '../orders/order-status.rules.ts';
import { orderStatusUrl } from '../orders/orders.service.ts';
import type { Providers } from '../providers/index.ts';
import { CART_REMINDER_JOB, cartReminderDecision } from './marketing.rules.ts';
import { type MessagePreviewKind, type MessageTexts, messageTexts } from './message-texts.ts';
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
  type RenderedMessage,
  renderCartReminder,
  renderDailySummary,
  renderNewsletterConfirm,
  renderNewsletterWelcome,
  renderOrderMessage,
  renderRestockConfirm,
  renderRestockMessage,
  renderShopPaidAlert,
} from './templates.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe.ts';

const DEFAULT_COLOUR = '#222222';

/**
 * The `List-Unsubscribe` address of a mail whose body links the shopper's unsubscribe page: the API's
 * one-click endpoint with the same token (mail clients POST to it without showing a page).
 */
function oneClickUnsubscribe(pageUrl: string): string {
  const url = new URL(pageUrl);
  return `${url.origin}/api/unsubscribe${url.search}`;
}

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

  /** One language's texts with the staff wording saved in the back office (core/messages/message-texts.ts). */
  async function texts(locale: 'ru' | 'en'): Promise<MessageTexts> {
    const rows = await db
      .select({ key: messageTextRows.key, value: messageTextRows.value })
      .from(messageTextRows)
      .where(eq(messageTextRows.locale, locale));
    return messageTexts(locale, new Map(rows.map((r) => [r.key, r.value])));
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
      trackingUrl: o.trackingNumber
        ? trackingUrl(carrierOf(o.getWay, d.countryCode), o.trackingNumber)
        : null,
      statusUrl: orderStatusUrl(publicUrl, o),
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
    const message = renderOrderMessage(event, view, locale, await brand(locale), await texts(locale));
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

  /**
   * Marks the confirmed sign-ups of a variant back in stock as told and queues one notice each, in one
   * transaction. An unconfirmed sign-up is left as it is: no marketing mail before the link is followed.
   */
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
            isNotNull(restockSubscriptions.confirmedAt),
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
    // Unsubscribed since (the sign-up is gone), or never confirmed: nothing goes out.
    if (!sub) return { skipped: 'unsubscribed' };
    if (!sub.confirmedAt) return { skipped: 'not confirmed' };
    const [product] = await db
      .select({ name: productGroups.name, size: variantProducts.size })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .where(eq(variantProducts.id, variantId));
    if (!product) return { skipped: 'the product is gone' };
    const locale: 'ru' | 'en' = sub.locale === 'en' ? 'en' : 'ru';
    const unsubscribeUrl = `${publicUrl}${locale === 'en' ? '/en' : ''}/unsubscribe?token=${unsubscribeToken(sub.email, secret)}`;
    const message = renderRestockMessage(
      {
        productName: product.name[locale] || product.name.ru,
        size: sub.productId === variantId ? product.size : null,
        productUrl: `${publicUrl}${locale === 'en' ? '/en' : ''}/products/${sub.groupId}`,
        unsubscribeUrl,
      },
      locale,
      await brand(locale),
      await texts(locale),
    );
    const result = await providers.email.send({
      to: sub.email,
      ...message,
      headers: {
        'List-Unsubscribe': `<${oneClickUnsubscribe(unsubscribeUrl)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      idempotencyKey: job.key,
    });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  /** The double opt-in mail of a restock sign-up, in its language, with its signed confirmation link. */
  async function sendRestockConfirm(job: JobRow): Promise<JobOutcome> {
    const { subscriptionId } = job.payload as { subscriptionId: number };
    const [row] = await db
      .select({
        sub: restockSubscriptions,
        name: productGroups.name,
        size: variantProducts.size,
      })
      .from(restockSubscriptions)
      .innerJoin(productGroups, eq(productGroups.id, restockSubscriptions.groupId))
      .leftJoin(variantProducts, eq(variantProducts.id, restockSubscriptions.productId))
      .where(eq(restockSubscriptions.id, subscriptionId));
    if (!row) return { skipped: 'unsubscribed' };
    if (row.sub.confirmedAt) return { skipped: 'confirmed already' };
    const locale: 'ru' | 'en' = row.sub.locale === 'en' ? 'en' : 'ru';
    const token = restockConfirmToken(row.sub, secret);
    const message = renderRestockConfirm(
      {
        productName: row.name[locale] || row.name.ru,
        size: row.size,
        confirmUrl: `${publicUrl}${locale === 'en' ? '/en' : ''}/restock-confirm?token=${token}`,
      },
      locale,
      await brand(locale),
      await texts(locale),
    );
    const result = await providers.email.send({ to: row.sub.email, ...message, idempotencyKey: job.key });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  /**
   * A signed unsubscribe link (or the one-click POST of `List-Unsubscribe`): the address's restock
   * sign-ups and newsletter subscription end, so no marketing mail goes to it. False for a bad token.
   */
  async function unsubscribe(token: string): Promise<boolean> {
    const address = readUnsubscribeToken(token, secret);
    if (!address) return false;
    const withdraw = { marketingConsentAt: null, marketingConsentIp: null, marketingConsentVersion: null };
    await db.transaction(async (tx) => {
      if (!address.includes('@')) {
        // An SMS's link: the phone's account withdraws its marketing consent.
        await tx.update(users).set(withdraw).where(eq(users.phone, address));
        return;
      }
      const variants = [address, address.toLowerCase()];
      await tx.delete(restockSubscriptions).where(inArray(restockSubscriptions.email, variants));
      await tx.delete(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, variants));
      await tx.update(users).set(withdraw).where(inArray(users.email, variants));
    });
    return true;
  }

  /**
   * A due cart reminder (`POST /api/notification/add`): sent once, by the account's channels, only
   * when the phone's account consented to marketing, ordered nothing since, and got none in the last
   * day (core/messages/marketing.rules.ts). Sent with the job's key, then recorded: a crash between the
   * two sends again with the same key, which the provider takes once.
   */
  async function sendCartReminder(job: JobRow): Promise<JobOutcome> {
    const { reminderId } = job.payload as { reminderId: number };
    const [reminder] = await db.select().from(cartReminders).where(eq(cartReminders.id, reminderId));
    if (!reminder) return { skipped: 'the reminder is gone' };
    if (reminder.outcome) return { skipped: `already ${reminder.outcome}` };
    const now = clock();
    const [recipient] = await db
      .select()
      .from(users)
      .where(and(eq(users.phone, reminder.phone), eq(users.phoneVerified, true)));
    const [ordered] = await db
      .select({ number: orders.number })
      .from(orders)
      .where(and(eq(orders.phone, reminder.phone), gte(orders.createdAt, reminder.createdAt)))
      .limit(1);
    const [recent] = await db
      .select({ id: cartReminders.id })
      .from(cartReminders)
      .where(
        and(
          eq(cartReminders.phone, reminder.phone),
          eq(cartReminders.outcome, 'sent'),
          gt(cartReminders.sentAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
        ),
      )
      .limit(1);
    const decision = cartReminderDecision({
      recipient: recipient ?? null,
      orderedSince: Boolean(ordered),
      sentInLastDay: Boolean(recent),
    });
    const settle = (outcome: string) =>
      db
        .update(cartReminders)
        .set({ outcome, sentAt: now })
        .where(and(eq(cartReminders.id, reminder.id), isNull(cartReminders.outcome)));
    if ('outcome' in decision) {
      await settle(decision.outcome);
      return { skipped: decision.outcome };
    }
    const locale: 'ru' | 'en' = reminder.locale === 'en' ? 'en' : 'ru';
    const names = reminder.variantIds.length
      ? await db
          .select({ name: productGroups.name, size: variantProducts.size })
          .from(variantProducts)
          .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
          .where(inArray(variantProducts.id, reminder.variantIds.slice(0, 50)))
      : [];
    const items = names.map((n) => [n.name[locale] || n.name.ru, n.size].filter(Boolean).join(', '));
    const base = `${publicUrl}${locale === 'en' ? '/en' : ''}`;
    const sent: string[] = [];
    if (decision.send.email && recipient?.email) {
      const unsubscribeUrl = `${base}/unsubscribe?token=${unsubscribeToken(recipient.email, secret)}`;
      const message = renderCartReminder(
        {
          items: items.slice(0, 5),
          more: Math.max(0, items.length - 5),
          cartUrl: `${base}/?cart=1`,
          unsubscribeUrl,
        },
        locale,
        await brand(locale),
        await texts(locale),
      );
      const result = await providers.email.send({
        to: recipient.email,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: {
          'List-Unsubscribe': `<${publicUrl}/api/unsubscribe?token=${unsubscribeToken(recipient.email, secret)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        idempotencyKey: `${job.key}:email`,
      });
      if (!result.ok) return { retry: result.reason };
      sent.push(`email ${result.ref}`);
    }
    if (decision.send.sms) {
      const message = renderCartReminder(
        {
          items: [],
          more: 0,
          cartUrl: `${base}/?cart=1`,
          unsubscribeUrl: `${base}/unsubscribe?token=${unsubscribeToken(reminder.phone, secret)}`,
        },
        locale,
        await brand(locale),
        await texts(locale),
      );
      const result = await providers.sms.sendMessage({
        phone: reminder.phone,
        text: message.sms,
        idempotencyKey: `${job.key}:sms`,
      });
      if (!result.ok) return { retry: result.reason };
      sent.push(`sms ${result.ref}`);
    }
    await settle('sent');
    return { done: sent.join(', ') };
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
    const url = `${publicUrl}${locale === 'en' ? '/en' : ''}/newsletter-confirm?token=${row.confirmToken}`;
    const message = renderNewsletterConfirm(url, locale, await brand(locale), await texts(locale));
    const result = await providers.email.send({ to: row.email, ...message, idempotencyKey: job.key });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  async function sendNewsletterWelcome(job: JobRow): Promise<JobOutcome> {
    const row = await newsletterRow(job);
    // Unsubscribed since, or never confirmed: no marketing mail.
    if (!row?.confirmedAt || !row.promoCode) return { skipped: 'not a confirmed subscriber' };
    const locale: 'ru' | 'en' = row.locale === 'en' ? 'en' : 'ru';
    const unsubscribeUrl = `${publicUrl}${locale === 'en' ? '/en' : ''}/unsubscribe?token=${unsubscribeToken(row.email, secret)}`;
    const message = renderNewsletterWelcome(
      {
        code: row.promoCode,
        percent: NEWSLETTER_PROMO_PERCENT,
        shopUrl: `${publicUrl}${locale === 'en' ? '/en' : '/'}`,
        unsubscribeUrl,
      },
      locale,
      await brand(locale),
      await texts(locale),
    );
    const result = await providers.email.send({
      to: row.email,
      ...message,
      headers: {
        'List-Unsubscribe': `<${oneClickUnsubscribe(unsubscribeUrl)}>`,
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
  jobs.register(RESTOCK_CONFIRM_JOB, sendRestockConfirm);
  jobs.register(ORDER_MESSAGE_JOB, sendOrderMessage);
  jobs.register(SHOP_ALERT_JOB, sendShopAlert);
  jobs.register(CART_REMINDER_JOB, sendCartReminder);

  /**
   * A sample of one message as it would go out now (the brand and the saved wording), for the
   * back office's text editor: an order of two lines, a restock notice, the newsletter's mails, a
   * cart reminder.
   */
  async function preview(kind: MessagePreviewKind, locale: 'ru' | 'en'): Promise<RenderedMessage> {
    const b = await brand(locale);
    const text = await texts(locale);
    const base = `${publicUrl}${locale === 'en' ? '/en' : ''}`;
    const off = `${base}/unsubscribe?token=sample`;
    if (kind.startsWith('order.')) {
      const event = kind.slice('order.'.length) as OrderMessageEvent;
      const sample: OrderForMessage = {
        number: 10234,
        fullName: locale === 'en' ? 'Anna Smith' : 'Анна Иванова',
        lines: [
          { name: locale === 'en' ? 'Linen dress' : 'Льняное платье', size: 'S', count: 1, price: 12_990_00 },
          { name: locale === 'en' ? 'Wool coat' : 'Шерстяное пальто', size: 'M', count: 1, price: 24_990_00 },
        ],
        goodsTotal: 37_980_00,
        deliveryPrice: 500_00,
        promoDiscount: 0,
        total: 38_480_00,
        deliveryText: locale === 'en' ? 'Moscow, Tverskaya 1' : 'Москва, Тверская, 1',
        trackingNumber: event === 'shipped' ? '1234567890' : null,
        statusUrl: `${base}/status`,
      };
      return renderOrderMessage(event, sample, locale, b, text);
    }
    const plain = (m: { subject: string; text: string; html: string }): RenderedMessage => ({
      ...m,
      sms: '',
    });
    switch (kind) {
      case 'restock':
        return plain(
          renderRestockMessage(
            {
              productName: locale === 'en' ? 'Linen dress' : 'Льняное платье',
              size: 'S',
              productUrl: `${base}/`,
              unsubscribeUrl: off,
            },
            locale,
            b,
            text,
          ),
        );
      case 'restock.confirm':
        return plain(
          renderRestockConfirm(
            {
              productName: locale === 'en' ? 'Linen dress' : 'Льняное платье',
              size: 'S',
              confirmUrl: `${base}/restock-confirm?token=sample`,
            },
            locale,
            b,
            text,
          ),
        );
      case 'newsletter.confirm':
        return plain(renderNewsletterConfirm(`${base}/newsletter-confirm?token=sample`, locale, b, text));
      case 'newsletter.welcome':
        return plain(
          renderNewsletterWelcome(
            {
              code: 'WELCOME-SAMPLE',
              percent: NEWSLETTER_PROMO_PERCENT,
              shopUrl: `${base}/`,
              unsubscribeUrl: off,
            },
            locale,
            b,
            text,
          ),
        );
      default:
        return renderCartReminder(
          {
            items: [locale === 'en' ? 'Linen dress, S' : 'Льняное платье, S'],
            more: 0,
            cartUrl: `${base}/?cart=1`,
            unsubscribeUrl: off,
          },
          locale,
          b,
          text,
        );
    }
  }

  return { sendOrderMessage, sendShopAlert, sendDailySummary, unsubscribe, preview };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
