import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramFake, type TelegramFake } from '../../../tests/fakes/telegram-fake.ts';
import { createBotApiTelegram } from './bot-api-telegram.ts';

describe('Telegram Bot API adapter against a protocol fake', () => {
  let fake: TelegramFake;
  beforeAll(async () => {
    fake = await startTelegramFake({ token: '123:ABC', chatId: '-1001' });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('posts the text to the shop’s chat and returns the message id', async () => {
    const tg = createBotApiTelegram({ botToken: '123:ABC', chatId: '-1001', apiUrl: fake.url });
    expect(await tg.sendToShop('Оплачен заказ №10001')).toEqual({ ok: true, ref: 'telegram-1' });
    expect(fake.sent).toEqual([{ chatId: '-1001', text: 'Оплачен заказ №10001' }]);
  });

  it('a wrong token or chat is a refusal with Telegram’s reason, not a throw', async () => {
    const badToken = createBotApiTelegram({ botToken: 'nope', chatId: '-1001', apiUrl: fake.url });
    expect(await badToken.sendToShop('x')).toEqual({ ok: false, reason: 'Telegram: Unauthorized' });
    const badChat = createBotApiTelegram({ botToken: '123:ABC', chatId: '42', apiUrl: fake.url });
    expect(await badChat.sendToShop('x')).toEqual({
      ok: false,
      reason: 'Telegram: Bad Request: chat not found',
    });
  });

  it('Telegram down throws, so the job is tried again', async () => {
    const tg = createBotApiTelegram({ botToken: '123:ABC', chatId: '-1001', apiUrl: fake.url });
    fake.failWith = 502;
    await expect(tg.sendToShop('x')).rejects.toThrow('Telegram answered 502');
    fake.failWith = null;
  });
});
