import { describe, expect, it } from 'vitest';
import { engagementSettingsSchema } from './settings.schemas.ts';

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
