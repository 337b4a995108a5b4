import { describe, expect, it } from 'vitest';
import { demoMainSettings } from '../../demo/demo-settings.ts';
import { engagementSettingsSchema, mainSettingsSchema } from './settings.schemas.ts';

describe('engagement settings', () => {
  it('remembers dismissals for the spec periods by default: cookie notice 30 days, marketing 3, app banner 14', () => {
    const settings = engagementSettingsSchema.parse(undefined);
    expect(settings.cookieNotice.dismissDays).toBe(30);
    expect(settings.marketing.dismissDays).toBe(3);
    expect(settings.appBanner.dismissDays).toBe(14);
  });

  it('gives a document stored before the setting existed the default periods', () => {
    const stored = engagementSettingsSchema.parse(undefined);
    const { dismissDays: _c, ...cookieNotice } = stored.cookieNotice;
    const { dismissDays: _m, ...marketing } = stored.marketing;
    const { dismissDays: _a, ...appBanner } = stored.appBanner;
    const parsed = engagementSettingsSchema.parse({ ...stored, cookieNotice, marketing, appBanner });
    expect([
      parsed.cookieNotice.dismissDays,
      parsed.marketing.dismissDays,
      parsed.appBanner.dismissDays,
    ]).toEqual([30, 3, 14]);
  });

  it('takes a configured period and refuses one under a day', () => {
    const stored = engagementSettingsSchema.parse(undefined);
    const parsed = engagementSettingsSchema.parse({
      ...stored,
      marketing: { ...stored.marketing, dismissDays: 7 },
    });
    expect(parsed.marketing.dismissDays).toBe(7);
    const bad = engagementSettingsSchema.safeParse({
      ...stored,
      appBanner: { ...stored.appBanner, dismissDays: 0 },
    });
    expect(bad.success).toBe(false);
  });
});

describe('main settings: seller and analytics', () => {
  const seller = demoMainSettings.seller;
  if (!seller) throw new Error('the demo settings carry the seller');

  it('takes the demo seller and documents without seller or analytics', () => {
    expect(mainSettingsSchema.safeParse(demoMainSettings).success).toBe(true);
    const { seller: _s, analytics: _a, ...bare } = demoMainSettings;
    expect(mainSettingsSchema.safeParse(bare).success).toBe(true);
  });

  it.each([
    ['7701234567', true],
    ['770123456789', true],
    ['77012345678', false],
    ['770123456', false],
    ['77012345a7', false],
  ])('ИНН %s accepted: %s', (inn, ok) => {
    const parsed = mainSettingsSchema.safeParse({ ...demoMainSettings, seller: { ...seller, inn } });
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(['seller', 'inn']);
  });

  it.each([
    ['1027700132195', true],
    ['304770000123456', true],
    ['10277001321951', false],
    ['102770013219', false],
  ])('ОГРН %s accepted: %s', (ogrn, ok) => {
    const parsed = mainSettingsSchema.safeParse({ ...demoMainSettings, seller: { ...seller, ogrn } });
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(['seller', 'ogrn']);
  });

  it('takes either counter alone and refuses malformed ids naming the field', () => {
    expect(
      mainSettingsSchema.safeParse({ ...demoMainSettings, analytics: { gtmId: 'GTM-AB12CD' } }).success,
    ).toBe(true);
    expect(
      mainSettingsSchema.safeParse({ ...demoMainSettings, analytics: { metrikaId: '98765432' } }).success,
    ).toBe(true);
    expect(mainSettingsSchema.safeParse({ ...demoMainSettings, analytics: {} }).success).toBe(true);
    for (const [analytics, field] of [
      [{ gtmId: 'gtm-ab12' }, 'gtmId'],
      [{ gtmId: 'GTM-' }, 'gtmId'],
      [{ metrikaId: '1234' }, 'metrikaId'],
      [{ metrikaId: '12345678901' }, 'metrikaId'],
      [{ metrikaId: '<script>' }, 'metrikaId'],
    ] as const) {
      const parsed = mainSettingsSchema.safeParse({ ...demoMainSettings, analytics });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['analytics', field]);
    }
  });

  it('takes SBP per edition and two-stage delivery methods, never a pay-on-delivery one (docs/decisions/0036)', () => {
    const payments = {
      ...demoMainSettings.payments,
      sbp: ['ru', 'en'],
      twoStage: ['delivery-sdek', 'moscow-try'],
    };
    expect(mainSettingsSchema.safeParse({ ...demoMainSettings, payments }).success).toBe(true);
    expect(
      mainSettingsSchema.safeParse({ ...demoMainSettings, payments: { ...payments, sbp: ['de'] } }).success,
    ).toBe(false);
    const both = mainSettingsSchema.safeParse({
      ...demoMainSettings,
      payments,
      payOnDeliveryGetWays: ['delivery-sdek'],
    });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.path).toEqual(['payments', 'twoStage']);
  });
});
