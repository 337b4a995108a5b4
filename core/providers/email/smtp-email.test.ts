import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderTimeoutError, withTimeout } from '../timeout.ts';
import { createSmtpEmail, type SmtpOptions } from './smtp-email.ts';

/** A local SMTP server (npm smtp-server) that keeps what it receives, refuses @bounce.test, and can stall. */
async function startSmtpServer() {
  const received: {
    envelope: { from: string; to: string[] };
    raw: string;
    mail: ParsedMail;
    user: string | null;
  }[] = [];
  const state = { greetingDelayMs: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 'secret') callback(null, { user: 'shop' });
      else callback(new Error('Invalid username or password'));
    },
    onConnect(_session, callback) {
      if (state.greetingDelayMs > 0) setTimeout(() => callback(), state.greetingDelayMs);
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@bounce.test')) {
        const error = new Error('5.1.1 Mailbox does not exist') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (mail) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              raw,
              mail,
              user: (session.user as string | undefined) ?? null,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('e-mail over SMTP (nodemailer) to a local SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(() => {
    smtp.state.greetingDelayMs = 0;
  });
  const options = (over: Partial<SmtpOptions> = {}): SmtpOptions => ({
    server: { host: '127.0.0.1', port: smtp.port, user: 'shop', password: 'secret' },
    from: 'Магазин <shop@example.ru>',
    dkim: null,
    requestTimeoutMs: 1_000,
    ...over,
  });

  it('delivers a valid message: From, To, Subject, Date, Message-ID, MIME with text and HTML parts', async () => {
    const result = await createSmtpEmail(options()).send({
      to: 'buyer@example.com',
      subject: 'Заказ №1042 оплачен',
      text: 'Спасибо! Заказ №1042 оплачен.',
      html: '<p>Спасибо! Заказ <b>№1042</b> оплачен.</p>',
      idempotencyKey: 'order-paid:1042',
    });
    expect(result.ok).toBe(true);
    const got = smtp.received.at(-1);
    expect(got?.user).toBe('shop');
    expect(got?.envelope).toEqual({ from: 'shop@example.ru', to: ['buyer@example.com'] });
    const mail = got?.mail as ParsedMail;
    expect(mail.from?.value).toEqual([{ address: 'shop@example.ru', name: 'Магазин' }]);
    expect([mail.to].flat()[0]?.value).toEqual([{ address: 'buyer@example.com', name: '' }]);
    expect(mail.subject).toBe('Заказ №1042 оплачен');
    expect(mail.date).toBeInstanceOf(Date);
    expect(Math.abs((mail.date?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@example\.ru>$/);
    expect(result.ok && result.ref).toBe(mail.messageId);
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect(
      String(
        mail.headers.get('content-type') && (mail.headers.get('content-type') as { value: string }).value,
      ),
    ).toBe('multipart/alternative');
    expect(mail.text?.trim()).toBe('Спасибо! Заказ №1042 оплачен.');
    expect(mail.html).toContain('<b>№1042</b>');
  });

  it('the same idempotency key gives the same Message-ID (a repeat is the same message); none gives a fresh one', async () => {
    const email = createSmtpEmail(options());
    const a = await email.send({ to: 'a@example.com', subject: 's', text: 't', idempotencyKey: 'k-1' });
    const b = await email.send({ to: 'a@example.com', subject: 's', text: 't', idempotencyKey: 'k-1' });
    const c = await email.send({ to: 'a@example.com', subject: 's', text: 't' });
    expect(a.ok && b.ok && a.ref === b.ref).toBe(true);
    expect(c.ok && a.ok && c.ref !== a.ref).toBe(true);
    expect(smtp.received.at(-1)?.mail.html).toBe(false);
  });

  it('marketing mail carries List-Unsubscribe and List-Unsubscribe-Post', async () => {
    await createSmtpEmail(options()).send({
      to: 'reader@example.com',
      subject: 'Новая коллекция',
      text: 'Новая коллекция в магазине',
      html: '<p>Новая коллекция</p>',
      headers: {
        'List-Unsubscribe': '<https://shop.example/unsubscribe?t=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const mail = smtp.received.at(-1)?.mail as ParsedMail;
    expect(smtp.received.at(-1)?.raw).toMatch(
      /^List-Unsubscribe: <https:\/\/shop\.example\/unsubscribe\?t=abc>\r$/m,
    );
    expect(smtp.received.at(-1)?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(mail.text?.trim()).toBe('Новая коллекция в магазине');
  });

  it('signs with DKIM when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await createSmtpEmail(
      options({
        dkim: {
          domainName: 'example.ru',
          keySelector: 'mail2026',
          privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
      }),
    ).send({ to: 'buyer@example.com', subject: 'DKIM', text: 'signed' });
    // The header as sent, its folded lines joined.
    const raw = (smtp.received.at(-1)?.raw ?? '').replace(/\r\n[ \t]+/g, ' ');
    const signature = /^DKIM-Signature: (.*)$/m.exec(raw)?.[1] ?? '';
    expect(signature).toMatch(/d=example\.ru/);
    expect(signature).toMatch(/s=mail2026/);
    expect(signature).toMatch(/bh=[A-Za-z0-9+/=]+/);
    expect(signature).toMatch(/b=[A-Za-z0-9+/=\s]{100,}/);
  });

  it('an SMTP URL works as well as host and port', async () => {
    const before = smtp.received.length;
    const result = await createSmtpEmail(
      options({ server: { url: `smtp://shop:secret@127.0.0.1:${smtp.port}` } }),
    ).send({ to: 'buyer@example.com', subject: 'URL', text: 'by url' });
    expect(result.ok).toBe(true);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('a refused mailbox is a result; wrong credentials, no server and a stalled server are faults', async () => {
    expect(
      await createSmtpEmail(options()).send({ to: 'nobody@bounce.test', subject: 's', text: 't' }),
    ).toEqual({
      ok: false,
      reason: expect.stringContaining('550'),
    });
    const wrong = createSmtpEmail(
      options({ server: { host: '127.0.0.1', port: smtp.port, user: 'shop', password: 'x' } }),
    );
    await expect(wrong.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(/Invalid/);
    const closed = createSmtpEmail(
      options({ server: { host: '127.0.0.1', port: 1, user: null, password: null } }),
    );
    await expect(closed.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    smtp.state.greetingDelayMs = 300;
    expect((await createSmtpEmail(options()).send({ to: 'a@example.com', subject: 's', text: 't' })).ok).toBe(
      true,
    );
    smtp.state.greetingDelayMs = 3_000;
    await expect(
      withTimeout(createSmtpEmail(options()), 'email', 300).send({
        to: 'a@example.com',
        subject: 's',
        text: 't',
      }),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect(
      createSmtpEmail(options()).send({ to: 'a@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow(/Greeting never received|timeout/i);
  });
});
