import { eq } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { crmRequests, newsletterSubscriptions } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import type { Providers } from '../providers/index.ts';
import type { CrmAddInput } from './engagement.schemas.ts';

const texts = {
  ru: {
    crmThanks: 'Спасибо! Мы свяжемся с вами в ближайшее время.',
    subscribed: 'Вы подписались на рассылку.',
    already: 'Этот адрес уже подписан на рассылку.',
    tooMany: 'Слишком много запросов. Попробуйте через час.',
  },
  en: {
    crmThanks: 'Thank you! We will get back to you shortly.',
    subscribed: 'You are subscribed to our newsletter.',
    already: 'This address is already subscribed.',
    tooMany: 'Too many requests. Please try again in an hour.',
  },
} as const;

/** Per IP: a few forms an hour is plenty for a person and little for a spammer. */
const CRM_LIMIT = { limit: 5, windowSeconds: 3600 };
const NEWSLETTER_LIMIT = { limit: 10, windowSeconds: 3600 };

export function createEngagementService(deps: {
  db: Db;
  providers: Providers;
  settings: SettingsService;
  limits: RateLimitService;
  clock: () => Date;
  onDeliveryError?: (error: unknown) => void;
}) {
  const { db, providers, settings, limits, clock } = deps;

  /**
   * Stores a callback or question form, then hands it to the CRM. The shopper's request is kept
   * whatever the CRM answers; an undelivered one stays marked for a later retry.
   */
  async function submitCrmRequest(input: CrmAddInput, context: { ip: string; locale: Locale }) {
    await limits.hit(`crm:${context.ip}`, CRM_LIMIT, texts[context.locale].tooMany);
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
      })
      .returning({ id: crmRequests.id });
    if (!row) throw new Error('insert returned nothing');
    const shop = await settings.getShopSettings();
    try {
      const result = await providers.crm.submitLead({
        formSubject: input.form_subject,
        name: input.name,
        phone: input.phone ?? '',
        question: input.question,
        fields: input.fields,
        adminEmail: shop.contacts.email,
        projectName: shop.main.shopName.ru,
        page: input.page,
      });
      await db
        .update(crmRequests)
        .set(
          result.ok
            ? { deliveredAt: clock(), crmRef: result.ref, lastError: null }
            : { lastError: result.reason },
        )
        .where(eq(crmRequests.id, row.id));
    } catch (error) {
      deps.onDeliveryError?.(error);
      await db
        .update(crmRequests)
        .set({ lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(crmRequests.id, row.id));
    }
    return { result: true as const, message: texts[context.locale].crmThanks, id: row.id };
  }

  /** Newsletter sign-up: stored once per address; a refusal by the list service is the answer. */
  async function subscribe(email: string, context: { ip: string; locale: Locale }) {
    await limits.hit(`newsletter:${context.ip}`, NEWSLETTER_LIMIT, texts[context.locale].tooMany);
    const [existing] = await db
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    if (existing) return { result: true as const, message: texts[context.locale].already };
    const answer = await providers.mailing.subscribe(email, context.locale);
    if (!answer.ok) throw new AppError('invalid_data', answer.reason, { field: 'email' });
    await db.insert(newsletterSubscriptions).values({ email, locale: context.locale }).onConflictDoNothing();
    return { result: true as const, message: texts[context.locale].subscribed };
  }

  return { submitCrmRequest, subscribe };
}
