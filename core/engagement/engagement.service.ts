import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { crmRequests, newsletterSubscriptions, promoCodes } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import type { Providers } from '../providers/index.ts';
import { shopperMessage } from '../shopper-messages.ts';
import { NEWSLETTER_PROMO_PERCENT, newsletterPromoCode, nextCrmAttemptAt } from './engagement.rules.ts';
import type { CrmAddInput } from './engagement.schemas.ts';

/** Per IP: a few forms an hour is plenty for a person and little for a spammer. */
const CRM_LIMIT = { limit: 5, windowSeconds: 3600 };
const NEWSLETTER_LIMIT = { limit: 10, windowSeconds: 3600 };
/** An attempt in progress holds its request this long, so a crashed attempt is retried later. */
const ATTEMPT_LEASE_MS = 5 * 60_000;
const RETRY_BATCH = 20;

type CrmRequestRow = typeof crmRequests.$inferSelect;

export function createEngagementService(deps: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  limits: RateLimitService;
  clock: () => Date;
  onDeliveryError?: (error: unknown) => void;
}) {
  const { db, providers, settings, limits, clock } = deps;

  const lease = () => new Date(clock().getTime() + ATTEMPT_LEASE_MS);

  /** Offers one stored request to the CRM and records the outcome (and the next attempt if it failed). */
  async function deliver(row: CrmRequestRow): Promise<boolean> {
    const attempts = row.attempts + 1;
    let failure: string;
    try {
      const shop = await settings.getShopSettings();
      const result = await providers.crm.submitLead({
        formSubject: row.formSubject,
        name: row.name,
        phone: row.phone,
        question: row.question,
        fields: row.fields,
        adminEmail: shop.contacts.email,
        projectName: shop.main.shopName.ru,
        page: row.page,
      });
      if (result.ok) {
        await db
          .update(crmRequests)
          .set({ deliveredAt: clock(), crmRef: result.ref, lastError: null, attempts, nextAttemptAt: null })
          .where(eq(crmRequests.id, row.id));
        return true;
      }
      failure = result.reason;
    } catch (error) {
      deps.onDeliveryError?.(error);
      failure = error instanceof Error ? error.message : String(error);
    }
    await db
      .update(crmRequests)
      .set({ lastError: failure, attempts, nextAttemptAt: nextCrmAttemptAt(attempts, clock()) })
      .where(eq(crmRequests.id, row.id));
    return false;
  }

  /**
   * Stores a callback or question form, then hands it to the CRM. The shopper's request is kept
   * whatever the CRM answers; an undelivered one is tried again by `retryUndelivered`.
   */
  async function submitCrmRequest(input: CrmAddInput, context: { ip: string; locale: Locale }) {
    await limits.hit(`crm:${context.ip}`, CRM_LIMIT, shopperMessage('forms.too_many', context.locale));
    const [row] = await db
      .insert(crmRequests)
      .values({
        formSubject: input.form_subject,
        name: input.name,
        phone: input.phone ?? '',
        question: input.question,
        fields: input.fields,
        page: input.page,
        ip: context.ip,
        // Held by this attempt; should the process die before it ends, the retry job takes it over.
        nextAttemptAt: lease(),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await deliver(row);
    return {
      result: true as const,
      message: shopperMessage('engagement.crm_thanks', context.locale),
      id: row.id,
    };
  }

  /**
   * Offers the CRM again up to `limit` requests whose next attempt is due, oldest due first, with
   * the wait doubling after each failure (`nextCrmAttemptAt`). Each request is claimed with a lease
   * under `SKIP LOCKED`, so several instances running this at once never send one twice.
   */
  async function retryUndelivered(limit = RETRY_BATCH): Promise<{ tried: number; delivered: number }> {
    const due = db
      .select({ id: crmRequests.id })
      .from(crmRequests)
      .where(and(isNull(crmRequests.deliveredAt), lte(crmRequests.nextAttemptAt, clock())))
      .orderBy(asc(crmRequests.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(crmRequests)
      .set({ nextAttemptAt: lease() })
      .where(inArray(crmRequests.id, due))
      .returning();
    let delivered = 0;
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      if (await deliver(row)) delivered += 1;
    }
    return { tried: claimed.length, delivered };
  }

  /**
   * Newsletter sign-up, double opt-in (DECISIONS 37, docs/decisions/0021-durable-jobs-and-messages.md):
   * stored unconfirmed once per address with a random link key; the confirmation mail is queued in
   * the same transaction. A repeat for an unconfirmed address mails the link again (once a day);
   * nothing marketing goes to the address before the link is followed.
   */
  async function subscribe(email: string, context: { ip: string; locale: Locale }) {
    await limits.hit(
      `newsletter:${context.ip}`,
      NEWSLETTER_LIMIT,
      shopperMessage('forms.too_many', context.locale),
    );
    const now = clock();
    return db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
        .for('update');
      if (existing?.confirmedAt)
        return { result: true as const, message: shopperMessage('newsletter.already', context.locale) };
      let id = existing?.id;
      if (!existing) {
        const [row] = await tx
          .insert(newsletterSubscriptions)
          .values({
            email,
            locale: context.locale,
            confirmToken: randomBytes(24).toString('base64url'),
            createdAt: now,
          })
          .returning({ id: newsletterSubscriptions.id });
        id = row?.id;
      }
      await enqueueJob(tx, {
        kind: 'newsletter-confirm',
        key: `newsletter-confirm:${id}:${now.toISOString().slice(0, 10)}`,
        payload: { subscriptionId: id },
        runAt: now,
      });
      return { result: true as const, message: shopperMessage('newsletter.confirm_sent', context.locale) };
    });
  }

  /**
   * The confirmation link: the address joins the mailing list, gets its own single-use promo code
   * (the one the marketing modal promises) and the welcome mail, queued in the same transaction.
   * Following the link again changes nothing.
   */
  async function confirmSubscription(token: string, locale: Locale) {
    const [found] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.confirmToken, token));
    if (!found) throw new AppError('invalid_data', { key: 'newsletter.bad_link' }, { field: 'token' });
    if (found.confirmedAt)
      return { result: true as const, message: shopperMessage('newsletter.already', locale) };
    // The list service first, outside the transaction (its sandbox writes to the outbox).
    const answer = await providers.mailing.subscribe(found.email, found.locale === 'en' ? 'en' : 'ru');
    if (!answer.ok) {
      throw new AppError(
        'invalid_data',
        { key: 'newsletter.refused' },
        { field: 'email', cause: answer.reason },
      );
    }
    const now = clock();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.id, found.id))
        .for('update');
      if (!row) throw new AppError('invalid_data', { key: 'newsletter.bad_link' }, { field: 'token' });
      if (row.confirmedAt)
        return { result: true as const, message: shopperMessage('newsletter.already', locale) };
      const code = newsletterPromoCode(randomBytes(8));
      await tx
        .insert(promoCodes)
        .values({ code, percent: NEWSLETTER_PROMO_PERCENT, usageLimit: 1, createdAt: now });
      await tx
        .update(newsletterSubscriptions)
        .set({ confirmedAt: now, promoCode: code })
        .where(eq(newsletterSubscriptions.id, row.id));
      await enqueueJob(tx, {
        kind: 'newsletter-welcome',
        key: `newsletter-welcome:${row.id}`,
        payload: { subscriptionId: row.id },
        runAt: now,
      });
      return { result: true as const, message: shopperMessage('newsletter.subscribed', locale) };
    });
  }

  return { submitCrmRequest, retryUndelivered, subscribe, confirmSubscription };
}
