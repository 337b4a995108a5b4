import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { insertCustomer } from '../../tests/factories/customers.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { insertShopperSession, insertStaff } from '../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { cartReminders, users } from '../db/schema/index.ts';
import { listOutbox } from '../providers/outbox.ts';
import { DEFAULT_CART_REMINDER_DELAY_MINUTES, MARKETING_CONSENT_VERSION } from './marketing.rules.ts';

const DELAY_MS = DEFAULT_CART_REMINDER_DELAY_MINUTES * 60_000;

describe.each(engines)('cart reminders (38-FZ consent) on %s', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:00:00Z');
  let variant = '';
  let groupId = '';
  let n = 0;
  let ip = '';

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db);
    const { slug } = await insertCategory(t.database.db);
    const g = await insertProductGroup(t.database.db, { categorySlug: slug, price: 4_990_00 }, [
      { size: 'M', stock: 20 },
    ]);
    variant = `${g.id}-M`;
    groupId = g.id;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    n += 1;
    ip = `10.77.0.${n}`;
  });

  const remind = (phone: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notification/add',
      remoteAddress: ip,
      payload: { phone, products: [variant] },
    });
  const sms = (phone: string) => listOutbox(t.database.db, { channel: 'sms', recipient: phone });
  const mail = (to: string) => listOutbox(t.database.db, { channel: 'email', recipient: to });
  const reminderOf = async (phone: string) =>
    (await t.database.db.select().from(cartReminders).where(eq(cartReminders.phone, phone)))[0];
  const later = async (ms: number) => {
    now = new Date(now.getTime() + ms);
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
  };
  /** A signed-in account with a proven phone, ticking the consent box in the cabinet. */
  const consenting = async (channel: 'sms' | 'email' | 'sms-email' = 'sms') => {
    const session = await insertShopperSession(t.database.db, now);
    const phone = `7911${String(4_000_000 + n * 37).padStart(7, '0')}`;
    await t.database.db
      .update(users)
      .set({ phone, phoneVerified: true, notificationChannel: channel })
      .where(eq(users.id, session.userId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      remoteAddress: ip,
      headers: { cookie: session.cookie },
      payload: { marketingConsent: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.marketingConsent).toBe(true);
    return { ...session, phone };
  };

  it('records the consent with its moment, address and wording, and withdraws it when unticked', async () => {
    const { userId, cookie } = await consenting();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.marketingConsentAt?.toISOString()).toBe(now.toISOString());
    expect(row?.marketingConsentIp).toBe(ip);
    expect(row?.marketingConsentVersion).toBe(MARKETING_CONSENT_VERSION);
    // Staff see it among the customer's consents.
    const manager = await insertStaff(t.database.db, { role: 'manager' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${userId}`,
      headers: manager.headers,
    });
    expect(page.json().consents).toContainEqual({
      source: 'marketing',
      version: MARKETING_CONSENT_VERSION,
      at: now.toISOString(),
      ip,
    });
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: { cookie },
      payload: { marketingConsent: false },
    });
    expect(off.json().data.marketingConsent).toBe(false);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(after?.marketingConsentAt).toBeNull();
    expect(after?.marketingConsentIp).toBeNull();
  });

  it('refuses a consent from an account with no proven contact, naming the field, and stores nothing', async () => {
    const session = await insertShopperSession(t.database.db, now);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, session.userId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: { cookie: session.cookie },
      payload: { marketingConsent: true },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().field).toBe('marketingConsent');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, session.userId));
    expect(row?.marketingConsentAt).toBeNull();
  });

  it('a consenting account gets one SMS reminder once the delay has passed, with the cart and unsubscribe links', async () => {
    const { phone } = await consenting('sms');
    expect((await remind(phone)).statusCode).toBe(200);
    await later(DELAY_MS - 60_000);
    expect(await sms(phone)).toHaveLength(0);
    await later(120_000);
    const sent = await sms(phone);
    expect(sent).toHaveLength(1);
    const text = String(sent[0]?.payload.text);
    expect(text).toContain('/?cart=1');
    expect(text).toMatch(/\/unsubscribe\?token=[\w-]+\.[\w-]+/);
    expect((await reminderOf(phone))?.outcome).toBe('sent');
    // The job is done: running the queue again sends nothing more.
    await later(60_000);
    expect(await sms(phone)).toHaveLength(1);
  });

  it('goes by e-mail too when the channel says so, with List-Unsubscribe and the items left', async () => {
    const { phone, userId } = await consenting('sms-email');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    await remind(phone);
    await later(DELAY_MS + 60_000);
    expect(await sms(phone)).toHaveLength(1);
    const mails = await mail(String(user?.email));
    expect(mails).toHaveLength(1);
    const payload = mails[0]?.payload as { text: string; headers: Record<string, string> };
    expect(payload.text).toContain('M');
    expect(payload.headers['List-Unsubscribe']).toMatch(/^<http.*\/api\/unsubscribe\?token=/);
    expect(payload.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('a phone without a consenting account (a guest, or a number merely typed in) gets nothing', async () => {
    const guest = `7922${String(5_000_000 + n).padStart(7, '0')}`;
    await remind(guest);
    // An account holding the number without proving it does not count either.
    await insertCustomer(t.database.db, {
      phone: `7933${String(5_000_000 + n).padStart(7, '0')}`,
      phoneVerified: false,
      marketingConsentAt: now,
    });
    await remind(`7933${String(5_000_000 + n).padStart(7, '0')}`);
    await later(DELAY_MS + 60_000);
    expect(await sms(guest)).toHaveLength(0);
    expect((await reminderOf(guest))?.outcome).toBe('no-consent');
    expect((await reminderOf(`7933${String(5_000_000 + n).padStart(7, '0')}`))?.outcome).toBe('no-consent');
  });

  it('an order placed with the phone after the sign-up cancels the reminder', async () => {
    const { phone } = await consenting('sms');
    await remind(phone);
    now = new Date(now.getTime() + 10 * 60_000);
    await insertPlacedOrder(t.database.db, {
      phone,
      createdAt: now,
      lines: [{ variantId: variant, groupId }],
    });
    await later(DELAY_MS);
    expect(await sms(phone)).toHaveLength(0);
    expect((await reminderOf(phone))?.outcome).toBe('ordered');
  });

  it('the SMS link withdraws the consent: the next day’s reminder is not sent', async () => {
    const { phone, userId } = await consenting('sms');
    await remind(phone);
    await later(DELAY_MS + 60_000);
    const token = String((await sms(phone))[0]?.payload.text).match(/unsubscribe\?token=([\w.-]+)/)?.[1];
    expect(token).toBeTruthy();
    const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.marketingConsentAt).toBeNull();
    now = new Date(now.getTime() + 25 * 60 * 60_000);
    await remind(phone);
    await later(DELAY_MS + 60_000);
    expect(await sms(phone)).toHaveLength(1);
    const rows = await t.database.db.select().from(cartReminders).where(eq(cartReminders.phone, phone));
    expect(rows.map((r) => r.outcome).sort()).toEqual(['no-consent', 'sent']);
  });
});
