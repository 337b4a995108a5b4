import { describe, expect, it } from 'vitest';
import { startSmsruFake } from '../../../tests/fakes/smsru-fake.ts';
import { useFake } from '../../../tests/support/use-fake.ts';
import { ProviderTimeoutError, withTimeout } from '../timeout.ts';
import { createSmsruSms } from './smsru-sms.ts';

describe('SMS.ru against its fake (integrations.md §10)', () => {
  const fake = useFake(startSmsruFake, (f) => f.refused.clear());
  const sms = (from: string | null = null) =>
    createSmsruSms({ apiId: fake.apiId, url: fake.url, from, requestTimeoutMs: 1_000 });

  it('sends a sign-in code by SMS in the shopper’s language, from the configured sender', async () => {
    const result = await sms('SHOP').sendCode({
      phone: '79161234567',
      code: '0427',
      channel: 'sms',
      locale: 'ru',
    });
    expect(result).toEqual({ ok: true, ref: expect.stringMatching(/^smsru-000000-\d{6}$/) });
    expect(fake.sent.at(-1)).toMatchObject({ to: '79161234567', msg: 'Код для входа: 0427', from: 'SHOP' });
    await sms().sendCode({ phone: '447700900123', code: '9911', channel: 'sms', locale: 'en' });
    expect(fake.sent.at(-1)).toMatchObject({
      to: '447700900123',
      msg: 'Your sign-in code: 9911',
      from: null,
    });
  });

  it('a code by call is SMS.ru’s call-password: its code comes back in the result', async () => {
    const result = await sms().sendCode({
      phone: '79161234567',
      code: '0427',
      channel: 'call',
      locale: 'ru',
    });
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({ phone: '79161234567', ip: '-1' });
    expect(result).toEqual({ ok: true, ref: `smsru-call-${call?.callId}`, code: call?.code });
    expect(result.ok && result.code).toMatch(/^\d{4}$/);
  });

  it('sends an order message', async () => {
    const result = await sms().sendMessage({
      phone: '79161234567',
      text: 'Заказ №1042 оплачен',
      idempotencyKey: 'k',
    });
    expect(result.ok).toBe(true);
    expect(fake.sent.at(-1)?.msg).toBe('Заказ №1042 оплачен');
  });

  it('a refused number is a result; a wrong api_id, an empty balance, errors and bad bodies are faults', async () => {
    fake.refused.add('79160000000');
    expect(await sms().sendMessage({ phone: '79160000000', text: 'x' })).toEqual({
      ok: false,
      reason: expect.stringContaining('207'),
    });
    expect(await sms().sendCode({ phone: '79160000000', code: '1', channel: 'call', locale: 'ru' })).toEqual({
      ok: false,
      reason: expect.stringContaining('202'),
    });
    const wrongKey = createSmsruSms({ apiId: 'wrong', url: fake.url, from: null });
    await expect(wrongKey.sendMessage({ phone: '79161234567', text: 'x' })).rejects.toThrow(/200/);
    fake.failure = 'balance';
    await expect(sms().sendMessage({ phone: '79161234567', text: 'x' })).rejects.toThrow(/201/);
    fake.failure = 'http500';
    await expect(sms().sendMessage({ phone: '79161234567', text: 'x' })).rejects.toThrow(/HTTP 500/);
    await expect(
      sms().sendCode({ phone: '79161234567', code: '1', channel: 'call', locale: 'ru' }),
    ).rejects.toThrow(/HTTP 500/);
    fake.failure = 'garbage';
    await expect(sms().sendMessage({ phone: '79161234567', text: 'x' })).rejects.toThrow(/unexpected body/);
  });

  it('a slow answer is waited for; a hanging one is cut off', async () => {
    fake.delayMs = 200;
    expect((await sms().sendMessage({ phone: '79161234567', text: 'x' })).ok).toBe(true);
    fake.delayMs = 2_000;
    await expect(
      withTimeout(sms(), 'sms', 300).sendCode({
        phone: '79161234567',
        code: '1',
        channel: 'sms',
        locale: 'ru',
      }),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect(sms().sendMessage({ phone: '79161234567', text: 'x' })).rejects.toThrow(/timeout|aborted/i);
  });
});
