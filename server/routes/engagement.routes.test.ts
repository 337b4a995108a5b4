import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmRequests, newsletterSubscriptions, outbox } from '../../core/db/schema/index.ts';
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

  it('subscribes an address once and says so when it comes again', async () => {
    expect((await signup('Olga@Example.com')).json()).toEqual({
      result: true,
      message: 'Вы подписались на рассылку.',
    });
    expect((await signup('olga@example.com', { 'accept-language': 'en' })).json()).toEqual({
      result: true,
      message: 'This address is already subscribed.',
    });
    expect(await t.database.db.$count(newsletterSubscriptions)).toBe(1);
  });

  it('answers result false with the service message when the list refuses, and 400 for a bad address', async () => {
    const refused = await signup('x@bounce.test');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      result: false,
      message: 'The mailing service refused this address',
    });
    expect((await signup('not-an-email')).statusCode).toBe(400);
    expect(await t.database.db.$count(newsletterSubscriptions)).toBe(1);
  });
});
