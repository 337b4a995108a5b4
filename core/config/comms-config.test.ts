import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const base = { DATA_DIR: '/tmp/shop-test-data' };
const refused = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('real messaging and places providers in the configuration', () => {
  it('the sandboxes stay the default, with no credentials', () => {
    const config = loadConfig(base);
    expect(config.providers).toMatchObject({
      rates: 'sandbox',
      crm: 'sandbox',
      mailing: 'sandbox',
      geocoder: 'sandbox',
      addressSuggest: 'sandbox',
      sms: 'sandbox',
      email: 'sandbox',
    });
    expect(config.comms).toEqual({
      cbr: { url: 'https://www.cbr.ru/scripts/XML_daily.asp' },
      yandexGeocoder: null,
      dadata: null,
      smsru: null,
      smtp: null,
      sendpulse: null,
      crm: null,
    });
  });

  it('a chosen provider without its credentials stops start-up naming each variable', () => {
    expect(refused({ GEOCODER_PROVIDER: 'yandex' })).toMatch(
      /YANDEX_GEOCODER_API_KEY: must be set when GEOCODER_PROVIDER=yandex/,
    );
    expect(refused({ ADDRESS_SUGGEST_PROVIDER: 'dadata' })).toMatch(/DADATA_API_KEY: must be set/);
    expect(refused({ SMS_PROVIDER: 'smsru' })).toMatch(/SMSRU_API_ID: must be set when SMS_PROVIDER=smsru/);
    const smtp = refused({ EMAIL_PROVIDER: 'smtp' });
    expect(smtp).toMatch(/EMAIL_FROM: must be set when EMAIL_PROVIDER=smtp/);
    expect(smtp).toMatch(/SMTP_HOST: must be set when EMAIL_PROVIDER=smtp and SMTP_URL is not/);
    const sendpulse = refused({ MAILING_PROVIDER: 'sendpulse', SENDPULSE_CLIENT_ID: 'id' });
    expect(sendpulse).toMatch(/SENDPULSE_CLIENT_SECRET/);
    expect(sendpulse).toMatch(/SENDPULSE_ADDRESS_BOOK_ID/);
    expect(sendpulse).not.toMatch(/SENDPULSE_CLIENT_ID/);
    expect(refused({ CRM_PROVIDER: 'bitrix24' })).toMatch(
      /BITRIX24_WEBHOOK_URL: must be set when CRM_PROVIDER=bitrix24/,
    );
    expect(refused({ CRM_PROVIDER: 'amocrm', AMOCRM_URL: 'https://shop.amocrm.ru' })).toMatch(/AMOCRM_TOKEN/);
    expect(refused({ CRM_PROVIDER: 'webhook' })).toMatch(/CRM_WEBHOOK_URL[\s\S]*CRM_WEBHOOK_SECRET/);
    expect(
      refused({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://h', EMAIL_FROM: 'a@b.ru', DKIM_DOMAIN: 'b.ru' }),
    ).toMatch(/DKIM_SELECTOR[\s\S]*DKIM_PRIVATE_KEY/);
    expect(refused({ RATES_PROVIDER: 'ecb' })).toMatch(/RATES_PROVIDER: must be sandbox or cbr/);
  });

  it('never echoes a secret it refuses', () => {
    const message = refused({
      CRM_PROVIDER: 'webhook',
      CRM_WEBHOOK_URL: 'https://crm.example/h',
      CRM_WEBHOOK_SECRET: 'short',
    });
    expect(message).toMatch(/CRM_WEBHOOK_SECRET: must be at least 16 characters/);
    expect(message).not.toMatch(/short/);
  });

  it('reads each real provider’s settings', () => {
    const config = loadConfig({
      ...base,
      RATES_PROVIDER: 'cbr',
      GEOCODER_PROVIDER: 'yandex',
      YANDEX_GEOCODER_API_KEY: 'geo-key',
      ADDRESS_SUGGEST_PROVIDER: 'dadata',
      DADATA_API_KEY: 'dd-key',
      SMS_PROVIDER: 'smsru',
      SMSRU_API_ID: 'sms-id',
      SMSRU_FROM: 'SHOP',
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example.ru',
      SMTP_PORT: '465',
      SMTP_USER: 'shop',
      SMTP_PASSWORD: 'pw',
      EMAIL_FROM: 'Магазин <shop@example.ru>',
      DKIM_DOMAIN: 'example.ru',
      DKIM_SELECTOR: 'mail',
      DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----',
      MAILING_PROVIDER: 'sendpulse',
      SENDPULSE_CLIENT_ID: 'cid',
      SENDPULSE_CLIENT_SECRET: 'cs',
      SENDPULSE_ADDRESS_BOOK_ID: '42',
      CRM_PROVIDER: 'bitrix24',
      BITRIX24_WEBHOOK_URL: 'https://shop.bitrix24.ru/rest/1/key/',
    });
    expect(config.comms).toEqual({
      cbr: { url: 'https://www.cbr.ru/scripts/XML_daily.asp' },
      yandexGeocoder: { apiKey: 'geo-key', url: 'https://geocode-maps.yandex.ru/1.x/' },
      dadata: {
        apiKey: 'dd-key',
        url: 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address',
      },
      smsru: { apiId: 'sms-id', url: 'https://sms.ru', from: 'SHOP' },
      smtp: {
        server: { host: 'smtp.example.ru', port: 465, user: 'shop', password: 'pw' },
        from: 'Магазин <shop@example.ru>',
        dkim: {
          domainName: 'example.ru',
          keySelector: 'mail',
          privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
        },
      },
      sendpulse: {
        clientId: 'cid',
        clientSecret: 'cs',
        addressBookId: '42',
        url: 'https://api.sendpulse.com',
      },
      crm: { kind: 'bitrix24', webhookUrl: 'https://shop.bitrix24.ru/rest/1/key/' },
    });
    expect(
      loadConfig({
        ...base,
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtps://u:p@smtp.example.ru',
        EMAIL_FROM: 'a@b.ru',
      }).comms.smtp?.server,
    ).toEqual({
      url: 'smtps://u:p@smtp.example.ru',
    });
  });
});
