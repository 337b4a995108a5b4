import { describe, expect, it } from 'vitest';
import { startCrmFake } from '../../../tests/fakes/crm-fake.ts';
import { useFake } from '../../../tests/support/use-fake.ts';
import { ProviderTimeoutError, withTimeout } from '../timeout.ts';
import { createAmocrm } from './amocrm-crm.ts';
import { createBitrix24Crm } from './bitrix24-crm.ts';
import type { CrmLead, CrmProvider } from './crm-provider.ts';
import { createWebhookCrm, verifyWebhook, webhookSignature } from './webhook-crm.ts';

const lead: CrmLead = {
  formSubject: 'Обратный звонок',
  name: 'Анна',
  phone: '79161234567',
  question: 'Есть ли платье в размере S?',
  fields: { Товар: 'Платье «Ночь»' },
  adminEmail: 'shop@example.ru',
  projectName: 'Магазин',
  page: 'https://shop.example/product/night-dress',
};

describe('CRM adapters against their fakes', () => {
  const fake = useFake(startCrmFake);

  const systems: [string, () => CrmProvider][] = [
    ['bitrix24', () => createBitrix24Crm({ webhookUrl: fake.bitrix24WebhookUrl, requestTimeoutMs: 1_000 })],
    ['amocrm', () => createAmocrm({ url: fake.amocrmUrl, token: fake.amocrmToken, requestTimeoutMs: 1_000 })],
    [
      'webhook',
      () => createWebhookCrm({ url: fake.webhookUrl, secret: fake.webhookSecret, requestTimeoutMs: 1_000 }),
    ],
  ];

  it('Bitrix24: crm.lead.add with title, name, work phone, comments and the page', async () => {
    const result = await systems[0]?.[1]().submitLead(lead);
    expect(result).toEqual({ ok: true, ref: expect.stringMatching(/^bitrix24-lead-\d+$/) });
    expect(fake.bitrix24Leads.at(-1)).toEqual({
      TITLE: 'Обратный звонок — Магазин',
      NAME: 'Анна',
      PHONE: [{ VALUE: '+79161234567', VALUE_TYPE: 'WORK' }],
      COMMENTS:
        'Есть ли платье в размере S?\nТовар: Платье «Ночь»\nСтраница: https://shop.example/product/night-dress',
      SOURCE_ID: 'WEB',
      SOURCE_DESCRIPTION: 'https://shop.example/product/night-dress',
    });
  });

  it('amoCRM: a complex lead with its contact, then the question as a note', async () => {
    const result = await systems[1]?.[1]().submitLead(lead);
    const made = fake.amocrmLeads.at(-1);
    expect(result).toEqual({ ok: true, ref: `amocrm-lead-${made?.lead.id}` });
    expect(made?.lead).toMatchObject({
      name: 'Обратный звонок — Магазин',
      _embedded: {
        contacts: [
          {
            first_name: 'Анна',
            custom_fields_values: [
              { field_code: 'PHONE', values: [{ value: '+79161234567', enum_code: 'WORK' }] },
            ],
          },
        ],
      },
    });
    expect(made?.notes).toEqual([
      { note_type: 'common', params: { text: expect.stringContaining('Есть ли платье в размере S?') } },
    ]);
  });

  it('webhook: the lead as signed JSON; the receiver refuses a forged or replayed one', async () => {
    const result = await systems[2]?.[1]().submitLead(lead);
    expect(result).toEqual({ ok: true, ref: expect.stringMatching(/^webhook-L-\d+$/) });
    expect(fake.webhookLeads.at(-1)).toEqual({ type: 'lead', lead });
    const forgedBefore = fake.webhookForged;
    const stale = createWebhookCrm({
      url: fake.webhookUrl,
      secret: fake.webhookSecret,
      clock: () => new Date(Date.now() - 3_600_000),
    });
    expect(await stale.submitLead(lead)).toEqual({ ok: false, reason: expect.stringContaining('401') });
    const wrongKey = createWebhookCrm({ url: fake.webhookUrl, secret: 'another-secret-0123456789' });
    expect((await wrongKey.submitLead(lead)).ok).toBe(false);
    expect(fake.webhookForged - forgedBefore).toBe(2);
    // The documented check, as a receiver writes it.
    const body = '{"type":"lead"}';
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = webhookSignature('s3cret-s3cret-s3cret', ts, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhook('s3cret-s3cret-s3cret', { timestamp: ts, signature }, body, new Date())).toBe(true);
    expect(verifyWebhook('s3cret-s3cret-s3cret', { timestamp: ts, signature }, `${body} `, new Date())).toBe(
      false,
    );
    expect(
      verifyWebhook('s3cret-s3cret-s3cret', { timestamp: ts, signature: undefined }, body, new Date()),
    ).toBe(false);
  });

  it.each([0, 1, 2])(
    'system %i: a validation refusal is a result; wrong credentials, errors, bad bodies and hangs are faults',
    async (i) => {
      const [name, make] = systems[i] as [string, () => CrmProvider];
      fake.failure = 'invalid';
      expect(await make().submitLead(lead)).toEqual({ ok: false, reason: expect.any(String) });
      fake.failure = 'http500';
      await expect(make().submitLead(lead)).rejects.toThrow(/HTTP 500/);
      fake.failure = 'garbage';
      if (name === 'webhook') expect((await make().submitLead(lead)).ok).toBe(true);
      else await expect(make().submitLead(lead)).rejects.toThrow(/unexpected body/);
      fake.failure = null;
      if (name === 'bitrix24') {
        await expect(
          createBitrix24Crm({ webhookUrl: `${fake.url}/rest/1/wrong/` }).submitLead(lead),
        ).rejects.toThrow(/HTTP 401/);
      }
      if (name === 'amocrm') {
        await expect(createAmocrm({ url: fake.amocrmUrl, token: 'wrong' }).submitLead(lead)).rejects.toThrow(
          /HTTP 401/,
        );
      }
      fake.delayMs = 200;
      expect((await make().submitLead(lead)).ok).toBe(true);
      fake.delayMs = 2_000;
      await expect(withTimeout(make(), 'crm', 300).submitLead(lead)).rejects.toBeInstanceOf(
        ProviderTimeoutError,
      );
      await expect(make().submitLead(lead)).rejects.toThrow(/timeout|aborted/i);
    },
  );
});
