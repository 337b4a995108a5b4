import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { crmRequests } from '../../core/db/schema/index.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox, listOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { insertSettings } from '../../tests/factories/catalogue.ts';
import { type CbrFake, sampleDay, startCbrFake } from '../../tests/fakes/cbr-fake.ts';
import { type CrmFake, startCrmFake } from '../../tests/fakes/crm-fake.ts';
import { type DadataFake, startDadataFake } from '../../tests/fakes/dadata-fake.ts';
import { type SendpulseFake, startSendpulseFake } from '../../tests/fakes/sendpulse-fake.ts';
import { type SmsruFake, startSmsruFake } from '../../tests/fakes/smsru-fake.ts';
import { startYandexGeocoderFake, type YandexGeocoderFake } from '../../tests/fakes/yandex-geocoder-fake.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

async function startMailbox() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(engines)('courier address suggestions with the sandbox on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });
  const suggest = (query: string, ip = '10.20.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/address/suggest?${query}`, remoteAddress: ip });

  it('answers suggestions within the chosen city; short queries and other cities get none', async () => {
    const res = await suggest(`q=${encodeURIComponent('Тверская 7')}&city=${encodeURIComponent('Москва')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(true);
    expect(res.json().data).toContainEqual({
      value: 'Тверская улица, 7',
      full: 'Москва, Тверская улица, 7',
      postalCode: null,
      house: true,
    });
    expect((await suggest('q=тв&city=Москва')).json()).toEqual({ result: true, data: [] });
    expect(
      (await suggest(`q=${encodeURIComponent('Тверская')}&city=${encodeURIComponent('Казань')}`)).json(),
    ).toEqual({
      result: true,
      data: [],
    });
  });

  it('refuses an overlong query naming the field, and limits one client address', async () => {
    const res = await suggest(`q=${'а'.repeat(301)}&city=Москва`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('q');
    const ip = '10.20.0.9';
    for (let i = 0; i < 60; i += 1) {
      expect(
        (await suggest(`q=${encodeURIComponent(`Тверская ${i + 100}`)}&city=Москва`, ip)).statusCode,
      ).toBe(200);
    }
    expect((await suggest(`q=${encodeURIComponent('Тверская 99')}&city=Москва`, ip)).statusCode).toBe(429);
    // A cached answer costs nothing, so it is still served.
    expect((await suggest(`q=${encodeURIComponent('Тверская 7')}&city=Москва`, ip)).statusCode).toBe(200);
  }, 120_000);
});

describe.each(engines)('the shop on its real providers, each against its fake, on %s', (engine) => {
  let database: TestDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let geocoder: YandexGeocoderFake;
  let dadata: DadataFake;
  let smsru: SmsruFake;
  let sendpulse: SendpulseFake;
  let crm: CrmFake;
  let cbr: CbrFake;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let ipSeq = 0;
  const nextIp = () => `10.30.0.${++ipSeq}`;

  beforeAll(async () => {
    [geocoder, dadata, smsru, sendpulse, crm, cbr, mailbox] = await Promise.all([
      startYandexGeocoderFake(),
      startDadataFake(),
      startSmsruFake(),
      startSendpulseFake(),
      startCrmFake(),
      startCbrFake(),
      startMailbox(),
    ]);
    cbr.days.set('20.11.2026', sampleDay());
    database = await createTestDatabase(engine);
    // Configuration only: the same code as with the sandboxes.
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
      LOG_LEVEL: 'silent',
      RATES_PROVIDER: 'cbr',
      CBR_RATES_URL: cbr.url,
      GEOCODER_PROVIDER: 'yandex',
      YANDEX_GEOCODER_API_KEY: geocoder.apiKey,
      YANDEX_GEOCODER_URL: geocoder.url,
      ADDRESS_SUGGEST_PROVIDER: 'dadata',
      DADATA_API_KEY: dadata.apiKey,
      DADATA_SUGGEST_URL: dadata.url,
      SMS_PROVIDER: 'smsru',
      SMSRU_API_ID: smsru.apiId,
      SMSRU_API_URL: smsru.url,
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      EMAIL_FROM: 'Магазин <shop@example.ru>',
      MAILING_PROVIDER: 'sendpulse',
      SENDPULSE_CLIENT_ID: sendpulse.clientId,
      SENDPULSE_CLIENT_SECRET: sendpulse.clientSecret,
      SENDPULSE_ADDRESS_BOOK_ID: sendpulse.addressBookId,
      SENDPULSE_API_URL: sendpulse.url,
      CRM_PROVIDER: 'webhook',
      CRM_WEBHOOK_URL: crm.webhookUrl,
      CRM_WEBHOOK_SECRET: crm.webhookSecret,
    });
    const providers = createProviders(
      config,
      { outbox: createDbOutbox(database.db), db: database.db },
      // The shop's own cut-off (4 s) with room for a loaded machine: a send that timed out would be
      // retried only after a backoff the fixed clock never reaches.
      { timeoutMs: 5_000 },
    );
    services = createServices({ db: database.db, providers, clock: () => new Date('2026-11-20T09:00:00Z') });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    await insertSettings(database.db);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await Promise.all([geocoder, dadata, smsru, sendpulse, crm, cbr, mailbox].map((f) => f.close()));
  });
  beforeEach(() => {
    dadata.delayMs = 0;
    dadata.failure = null;
    geocoder.delayMs = 0;
  });

  it('the courier field’s suggestions come from DaData within the city; a failing or hanging DaData gives none, quickly', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/address/suggest?q=${encodeURIComponent('тверская 7')}&city=${encodeURIComponent('Москва')}`,
      remoteAddress: nextIp(),
    });
    expect(res.json()).toEqual({
      result: true,
      data: [
        {
          value: 'ул Тверская, д 7',
          full: '125009, г Москва, ул Тверская, д 7',
          postalCode: '125009',
          house: true,
        },
      ],
    });
    dadata.failure = 'http500';
    const failed = await app.inject({
      method: 'GET',
      url: `/api/address/suggest?q=${encodeURIComponent('ленинский 30')}&city=Москва`,
      remoteAddress: nextIp(),
    });
    expect(failed.json()).toEqual({ result: true, data: [] });
    dadata.failure = null;
    dadata.delayMs = 8_000;
    const started = Date.now();
    const slow = await app.inject({
      method: 'GET',
      url: `/api/address/suggest?q=${encodeURIComponent('ленинский 3')}&city=Москва`,
      remoteAddress: nextIp(),
    });
    expect(slow.json()).toEqual({ result: true, data: [] });
    // DaData's own 3 s deadline ends it, well before the fake would answer.
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('the Moscow delivery price places the address with Yandex and tests it against our ring road', async () => {
    const inside = await app.inject({
      method: 'GET',
      url: `/api/checkout/moscow-price?address=${encodeURIComponent('Тверская улица, 7')}`,
    });
    expect(inside.json()).toMatchObject({ result: true, data: { outMKAD: false, latitude: 55.761627 } });
    const outside = await app.inject({
      method: 'GET',
      url: `/api/checkout/moscow-price?address=${encodeURIComponent('Зеленоград, корп. 1106')}`,
    });
    expect(outside.json()).toMatchObject({ result: true, data: { outMKAD: true } });
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/checkout/moscow-price?address=${encodeURIComponent('asdf qwerty')}`,
    });
    expect(unknown.json().result).toBe(false);
  });

  it('a code by call is SMS.ru’s call-password: the code SMS.ru returned signs in, the one the shop drew does not matter', async () => {
    const ip = nextIp();
    const init = await app.inject({ method: 'GET', url: '/api/auth/init', remoteAddress: ip });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/get-code?isByCall=true',
      remoteAddress: ip,
      headers: { 'init-token': init.json().data },
      payload: { phone: '+7 (916) 123-45-67' },
    });
    expect(sent.json().data).toEqual({ resendAfter: 60, channel: 'call' });
    const call = smsru.calls.at(-1);
    expect(call?.phone).toBe('79161234567');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/check-code',
      remoteAddress: ip,
      payload: { phone: '79161234567', code: call?.code },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user).toMatchObject({ phone: '79161234567' });
  });

  it('newsletter double opt-in: the confirmation and welcome mails go over SMTP, the confirmed address joins SendPulse', async () => {
    const signup = await app.inject({
      method: 'GET',
      url: '/api/sendpulse/signup?email=reader%40example.com',
      remoteAddress: nextIp(),
    });
    expect(signup.json().result).toBe(true);
    const confirmation = () =>
      mailbox.received.find((m) => m.subject && /подтверд|confirm/i.test(m.subject + (m.text ?? '')));
    await expect
      .poll(
        async () => {
          await services.jobs.runDue();
          return confirmation();
        },
        { timeout: 30_000 },
      )
      .toBeDefined();
    const confirm = confirmation();
    expect(sendpulse.books.get(sendpulse.addressBookId)?.has('reader@example.com')).toBe(false);
    const link = new URL(String(confirm?.text).match(/https?:\/\/\S+confirm\S+/)?.[0] ?? 'http://x/');
    // The mailed page asks the API with the link's key.
    const token = link.searchParams.get('token') ?? '';
    const confirmed = await app.inject({ method: 'GET', url: `/api/newsletter/confirm?token=${token}` });
    expect(confirmed.json(), confirmed.body).toEqual({
      result: true,
      message: 'Вы подписались на рассылку.',
    });
    expect(sendpulse.books.get(sendpulse.addressBookId)?.get('reader@example.com')).toEqual({
      language: 'ru',
    });
    await expect
      .poll(
        async () => {
          await services.jobs.runDue();
          return mailbox.received.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(mailbox.received.indexOf(confirm as ParsedMail) + 1);
    const welcome = mailbox.received.at(-1);
    expect(welcome?.to && [welcome.to].flat()[0]?.value[0]?.address).toBe('reader@example.com');
    expect(welcome?.html).toBeTruthy();
    expect(welcome?.headers.has('list')).toBe(true);
    // Nothing went to the development outbox.
    expect(await listOutbox(database.db, { channel: 'email' })).toEqual([]);
  });

  it('a callback form reaches the CRM webhook signed; the rates come from the Central Bank', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/crm/add',
      remoteAddress: nextIp(),
      payload: { form_subject: 'Обратный звонок', name: 'Анна', phone: '+7 (900) 123-45-67' },
    });
    expect(res.json().result).toBe(true);
    expect(crm.webhookLeads.at(-1)).toMatchObject({
      type: 'lead',
      lead: { name: 'Анна', phone: '79001234567' },
    });
    const [row] = await database.db.select().from(crmRequests);
    expect(row?.crmRef).toMatch(/^webhook-L-\d+$/);
    expect(await services.rates.refreshRates()).toEqual({ refreshed: true });
    expect(await services.rates.getLatestRates()).toEqual({
      date: '2026-11-20',
      rates: { USD: 950_352, EUR: 1_046_898, AED: 258_751 },
    });
  });
});
