import { z } from 'zod';
import type { TelegramProvider } from './telegram-provider.ts';

const answerSchema = z.union([
  z.object({ ok: z.literal(true), result: z.object({ message_id: z.number() }) }),
  z.object({ ok: z.literal(false), error_code: z.number(), description: z.string() }),
]);

/**
 * The Telegram Bot API (`sendMessage`): `apiUrl` is `https://api.telegram.org` in production and a
 * fake on 127.0.0.1 in tests (tests/fakes/telegram-fake.ts).
 */
export function createBotApiTelegram({
  botToken,
  chatId,
  apiUrl,
}: {
  botToken: string;
  chatId: string;
  apiUrl: string;
}): TelegramProvider {
  return {
    name: 'telegram',
    async sendToShop(text) {
      const response = await fetch(`${apiUrl.replace(/\/$/, '')}/bot${botToken}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
      });
      if (response.status >= 500 || response.status === 429)
        throw new Error(`Telegram answered ${response.status}`);
      const answer = answerSchema.safeParse(await response.json().catch(() => null));
      if (!answer.success) throw new Error(`Telegram answered ${response.status} with an unknown body`);
      return answer.data.ok
        ? { ok: true, ref: `telegram-${answer.data.result.message_id}` }
        : { ok: false, reason: `Telegram: ${answer.data.description}` };
    },
  };
}
