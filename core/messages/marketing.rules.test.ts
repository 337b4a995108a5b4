import { describe, expect, it } from 'vitest';
import {
  cartReminderDecision,
  type MarketingRecipient,
  marketingChannels,
  mayGiveMarketingConsent,
} from './marketing.rules.ts';

const consenting: MarketingRecipient = {
  phone: '79001234567',
  phoneVerified: true,
  email: 'a@example.com',
  emailVerified: true,
  notificationChannel: 'sms-email',
  marketingConsentAt: new Date('2026-11-01T10:00:00Z'),
};

describe('marketing consent', () => {
  it('is given only by an account with a proven contact', () => {
    expect(mayGiveMarketingConsent({ phoneVerified: false, emailVerified: false })).toBe(false);
    expect(mayGiveMarketingConsent({ phoneVerified: true, emailVerified: false })).toBe(true);
    expect(mayGiveMarketingConsent({ phoneVerified: false, emailVerified: true })).toBe(true);
  });

  it('sends by the channels the setting allows, to proven contacts only', () => {
    expect(marketingChannels(consenting)).toEqual({ sms: true, email: true });
    expect(marketingChannels({ ...consenting, notificationChannel: 'sms' })).toEqual({
      sms: true,
      email: false,
    });
    expect(marketingChannels({ ...consenting, notificationChannel: 'email' })).toEqual({
      sms: false,
      email: true,
    });
    expect(marketingChannels({ ...consenting, notificationChannel: 'none' })).toEqual({
      sms: false,
      email: false,
    });
    expect(marketingChannels({ ...consenting, emailVerified: false })).toEqual({ sms: true, email: false });
    expect(marketingChannels({ ...consenting, phoneVerified: false })).toEqual({ sms: false, email: true });
    expect(marketingChannels({ ...consenting, marketingConsentAt: null })).toEqual({
      sms: false,
      email: false,
    });
    expect(marketingChannels(null)).toEqual({ sms: false, email: false });
  });
});

describe('a due cart reminder', () => {
  it('goes out to a consenting account that did not order and got none today', () => {
    expect(
      cartReminderDecision({ recipient: consenting, orderedSince: false, sentInLastDay: false }),
    ).toEqual({
      send: { sms: true, email: true },
    });
  });

  it('is dropped without consent, after an order, over the daily limit or without a channel', () => {
    const base = { recipient: consenting, orderedSince: false, sentInLastDay: false };
    expect(cartReminderDecision({ ...base, recipient: null })).toEqual({ outcome: 'no-consent' });
    expect(cartReminderDecision({ ...base, recipient: { ...consenting, marketingConsentAt: null } })).toEqual(
      {
        outcome: 'no-consent',
      },
    );
    expect(cartReminderDecision({ ...base, orderedSince: true })).toEqual({ outcome: 'ordered' });
    expect(cartReminderDecision({ ...base, sentInLastDay: true })).toEqual({ outcome: 'daily-limit' });
    expect(
      cartReminderDecision({ ...base, recipient: { ...consenting, notificationChannel: 'none' } }),
    ).toEqual({ outcome: 'no-channel' });
  });
});
