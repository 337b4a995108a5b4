import type { OutboxWriter } from '../outbox.ts';
import type { TelegramProvider } from './telegram-provider.ts';

/** Offline Telegram: the shop's alerts go to the outbox (channel `telegram`, recipient `shop-chat`). */
export function createSandboxTelegram(outbox: OutboxWriter): TelegramProvider {
  let seq = 0;
  return {
    name: 'sandbox',
    async sendToShop(text) {
      await outbox('telegram', 'shop-chat', { text });
      seq += 1;
      return { ok: true, ref: `sandbox-telegram-${seq}` };
    },
  };
}
