import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmRequests, newsletterSubscriptions, outbox, promoCodes } from '../../core/db/schema/index.ts';
import { listOutbox } from '../../core/providers/outbox.ts';
import { insertSettings } from '../../tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

describe.each(engines)('callback, question and newsletter forms on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertSettings(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const crm = (payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/crm/add', payload: payload as object, remoteAddress: ip });

  it('stores a callback request and passes it to the CRM with the operator address from settings', async () => {
    const res = await crm({
      form_subject: 'Обратный звонок',
      name: 'Анна',
      phone: '+7 (900) 123-45-67',
      fields: { city: 'Москва' },
      admin_email: 'attacker@evil.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: true,
      message: 'Спасибо! Мы свяжемся с вами в ближайшее время.',
    });
    const [row] = await t.database.db.select().from(crmRequests);
    expect(row).toMatchObject({
      name: 'Анна',
      phone: '79001234567',
      fields: { city: 'Москва' },
      crmRef: 'sandbox-lead-1',
    });
    expect(row?.deliveredAt).not.toBeNull();
    const [sent] = await t.database.db.select().from(outbox);
    expect(sent).toMatchObject({ channel: 'crm', recipient: 'shop@example.test' });
    expect(sent?.payload).toMatchObject({ projectName: 'Тестовый магазин', formSubject: 'Обратный звонок' });
  });

  it('keeps a request the CRM refused, marked undelivered', async () => {
    const res = await crm(
      { form_subject: 'Вопрос', name: 'CRM_DOWN', question: 'Есть ли размер S?' },
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(crmRequests);
    const refused = rows.find((r) => r.name === 'CRM_DOWN');
    expect(refused?.deliveredAt).toBeNull();
    expect(refused?.lastError).toMatch(/refuses/);
  });

  it('refuses a form without phone or question, with the field named', async () => {
    const res = await crm({ form_subject: 'Обратный звонок', name: 'Анна' }, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      result: false,
      field: 'phone',
      message: 'Неверное значение поля «phone»',
    });
    expect((await crm({ form_subject: '', question: 'x' }, '10.0.0.3')).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/crm/add',
      payload: '{"form_subject":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.0.0.3',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().result).toBe(false);
  });

  it('limits one address to 5 forms an hour with 429, storing nothing more', async () => {
    const before = await t.database.db.$count(crmRequests);
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push((await crm({ form_subject: 'Вопрос', question: `q${i}` }, '10.9.9.9')).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await t.database.db.$count(crmRequests)).toBe(before + 5);
  });

  const signup = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/sendpulse/signup?email=${encodeURIComponent(email)}`,
      headers,
      remoteAddress: '10.1.1.1',
    });

  const confirmLink = async (email: string) => {
    await t.services.jobs.runDue();
    const [mail] = await listOutbox(t.database.db, { channel: 'email', recipient: email });
    // The mail links the shopper's page (/newsletter-confirm, one press); its press calls this API.
    const link = new URL(
      String(mail?.payload.text).match(/https?:\/\/\S+\/newsletter-confirm\?\S+/)?.[0] ?? 'http://x/',
    );
    return `/api/newsletter/confirm${link.search}`;
  };

  it('double opt-in: a sign-up mails a confirmation link and sends nothing else; the link subscribes the address once, with its own single-use promo code in the welcome mail', async () => {
    expect((await signup('Olga@Example.com')).json()).toEqual({
      result: true,
      message: 'Проверьте почту: мы отправили ссылку для подтверждения подписки.',
    });
    // A repeat the same day mails nothing more.
    await signup('olga@example.com', { 'accept-language': 'en' });
    const link = await confirmLink('olga@example.com');
    expect(await listOutbox(t.database.db, { channel: 'email', recipient: 'olga@example.com' })).toHaveLength(
      1,
    );
    const [pending] = await t.database.db.select().from(newsletterSubscriptions);
    expect(pending?.confirmedAt).toBeNull();

    expect((await t.app.inject({ method: 'GET', url: link })).json()).toEqual({
      result: true,
      message: 'Вы подписались на рассылку.',
    });
    expect((await t.app.inject({ method: 'GET', url: link })).json()).toMatchObject({ result: true });
    await t.services.jobs.runDue();
    const mails = await listOutbox(t.database.db, { channel: 'email', recipient: 'olga@example.com' });
    expect(mails).toHaveLength(2);
    const welcome = mails[0];
    const [row] = await t.database.db.select().from(newsletterSubscriptions);
    expect(row?.promoCode).toMatch(/^HELLO-[A-Z2-9]{8}$/);
    expect(String(welcome?.payload.text)).toContain(row?.promoCode ?? '?');
    expect((welcome?.payload.headers as Record<string, string> | undefined)?.['List-Unsubscribe']).toMatch(
      /api\/unsubscribe\?token=/,
    );
    const [code] = await t.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, row?.promoCode ?? ''));
    expect(code).toMatchObject({ percent: 10, usageLimit: 1, usedCount: 0 });
    expect((await signup('olga@example.com', { 'accept-language': 'en' })).json()).toEqual({
      result: true,
      message: 'This address is already subscribed.',
    });
    expect(await t.database.db.$count(newsletterSubscriptions)).toBe(1);
  });

  it('a list that refuses the address answers at confirmation with its message; a bad address or link is a 400 naming it', async () => {
    expect((await signup('x@bounce.test')).statusCode).toBe(200);
    // The sandbox e-mail bounces @bounce.test too: the confirmation never arrives, so use the stored key.
    const [row] = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'x@bounce.test'));
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/newsletter/confirm?token=${row?.confirmToken}&lang=en`,
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toMatchObject({
      result: false,
      message: 'The newsletter service did not accept this address. Check it or try again later',
    });
    expect((await signup('not-an-email')).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/newsletter/confirm?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('token');
  });
});
