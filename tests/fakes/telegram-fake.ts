import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TelegramFake {
  url: string;
  /** Messages the fake accepted, by chat. */
  sent: { chatId: string; text: string }[];
  /** The next answers are this status (500: Telegram down). */
  failWith: number | null;
  close(): Promise<void>;
}

/**
 * Speaks the Telegram Bot API's `sendMessage` on 127.0.0.1: a wrong token is 401 Unauthorized, an
 * unknown chat 400 "chat not found", as Telegram answers (https://core.telegram.org/bots/api).
 */
export async function startTelegramFake({
  token,
  chatId,
}: {
  token: string;
  chatId: string;
}): Promise<TelegramFake> {
  const fake: TelegramFake = {
    url: '',
    sent: [],
    failWith: null,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (fake.failWith)
        return answer(fake.failWith, { ok: false, error_code: fake.failWith, description: 'Internal' });
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
      if (!match || req.method !== 'POST')
        return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const input = JSON.parse(body || '{}') as { chat_id?: string; text?: string };
      if (String(input.chat_id) !== chatId)
        return answer(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      if (!input.text)
        return answer(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
      fake.sent.push({ chatId, text: input.text });
      return answer(200, {
        ok: true,
        result: { message_id: fake.sent.length, chat: { id: Number(chatId) }, text: input.text },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
