/**
 * Marketing messages (Russian law 38-FZ, DECISIONS 37; docs/product/marketing-consent.md): who may
 * get a cart reminder, and by which channel. Pure: no I/O.
 */

/** The wording of the consent checkbox shown in the cabinet; stored with each consent given. */
export const MARKETING_CONSENT_VERSION = 'marketing-2026-11';

/** The job that sends one cart reminder when it is due (core/messages/messages.service.ts). */
export const CART_REMINDER_JOB = 'cart-reminder';

/** Minutes after a cart reminder sign-up before it is sent, when the settings name none. */
export const DEFAULT_CART_REMINDER_DELAY_MINUTES = 120;

export type ReminderOutcome = 'sent' | 'no-consent' | 'ordered' | 'daily-limit' | 'no-channel';

export interface MarketingRecipient {
  phone: string | null;
  phoneVerified: boolean;
  email: string | null;
  emailVerified: boolean;
  notificationChannel: 'sms' | 'email' | 'sms-email' | 'none';
  marketingConsentAt: Date | null;
}

/** A consent may be given only by an account with a proven contact: one typed into a form proves nothing. */
export function mayGiveMarketingConsent(
  user: Pick<MarketingRecipient, 'phoneVerified' | 'emailVerified'>,
): boolean {
  return user.phoneVerified || user.emailVerified;
}

/**
 * The channels a marketing message may take to this person: only with a consent on record, only to
 * proven contacts, and only by the channels their setting allows.
 */
export function marketingChannels(user: MarketingRecipient | null): { sms: boolean; email: boolean } {
  if (!user?.marketingConsentAt) return { sms: false, email: false };
  const setting = user.notificationChannel;
  return {
    sms: Boolean(user.phone && user.phoneVerified && (setting === 'sms' || setting === 'sms-email')),
    email: Boolean(user.email && user.emailVerified && (setting === 'email' || setting === 'sms-email')),
  };
}

/**
 * What a due cart reminder does: it goes out only when its phone belongs to a consenting account,
 * no order was placed with that phone since the sign-up, and no reminder went to it in the last day.
 */
export function cartReminderDecision(input: {
  recipient: MarketingRecipient | null;
  orderedSince: boolean;
  sentInLastDay: boolean;
}): { send: { sms: boolean; email: boolean } } | { outcome: Exclude<ReminderOutcome, 'sent'> } {
  if (!input.recipient?.marketingConsentAt) return { outcome: 'no-consent' };
  if (input.orderedSince) return { outcome: 'ordered' };
  if (input.sentInLastDay) return { outcome: 'daily-limit' };
  const channels = marketingChannels(input.recipient);
  if (!channels.sms && !channels.email) return { outcome: 'no-channel' };
  return { send: channels };
}
