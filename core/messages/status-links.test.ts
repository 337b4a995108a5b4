import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { insertCustomer } from '../../tests/factories/customers.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { listOutbox } from '../providers/outbox.ts';
import { messagePreviewKinds } from './message-texts.ts';
import { orderMessageEvents } from './order-messages.rules.ts';
import { enqueueOrderMessages } from './order-messages.service.ts';

/** Every address in a message's bodies (an e-mail's text and HTML, an SMS). */
function linksIn(...bodies: unknown[]): URL[] {
  return bodies
    .flatMap((b) => String(b ?? '').match(/https?:\/\/[^\s"'<>]+/g) ?? [])
    .map((u) => new URL(u.replaceAll('&amp;', '&')));
}

/** A link that names an order or a status page: it must be the order's `/status` page. */
const namesAnOrder = (u: URL) => u.searchParams.has('orderID') || /status|payment-result/.test(u.pathname);

/** The message templates' sources: core/messages and every other file of core/ that builds a message. */
function templateSources(): { file: string; source: string }[] {
  const root = path.resolve(import.meta.dirname, '..');
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => f.startsWith(`messages${path.sep}`) || /messages?\.(service\.)?ts$|-messages?\./.test(f));
  return files.map((file) => ({ file, source: fs.readFileSync(path.join(root, file), 'utf8') }));
}

describe('the message templates', () => {
  it('build no link to the app’s hand-back page (/payment-result): the buyer’s page is /status', () => {
    const sources = templateSources();
    expect(sources.length).toBeGreaterThan(5);
    for (const { file, source } of sources) expect(source, file).not.toContain('payment-result');
  });
});

describe.each(engines)('the status link of every message to the buyer on %s', (engine) => {
  let t: TestApp;
  let variant = '';
  let groupId = '';
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertSettings(t.database.db);
    const { slug } = await insertCategory(t.database.db);
    const g = await insertProductGroup(t.database.db, { categorySlug: slug }, [{ size: 'S', stock: 50 }]);
    groupId = g.id;
    variant = `${g.id}-S`;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['ru', 'en'] as const)(
    'every order message in %s (e-mail and SMS) opens the order’s own /status in its edition, signed, with nothing to retype',
    async (locale) => {
      n += 1;
      const phone = `7995${String(n).padStart(7, '0')}`;
      const email = `links${n}@example.ru`;
      // A buyer whose setting takes SMS too, so every event goes by both channels.
      const buyer = await insertCustomer(t.database.db, { notificationChannel: 'sms-email' });
      const { order } = await insertPlacedOrder(t.database.db, {
        status: 'delivered',
        userId: buyer.id,
        locale,
        phone,
        email,
        trackingNumber: 'CDEK-777',
        lines: [{ variantId: variant, groupId }],
      });
      for (const event of orderMessageEvents)
        await enqueueOrderMessages(t.database.db, order.number, event, new Date('2026-11-20T08:00:00Z'));
      await t.services.jobs.runDue();
      const mails = await listOutbox(t.database.db, { channel: 'email', recipient: email });
      const sms = await listOutbox(t.database.db, { channel: 'sms', recipient: phone });
      expect(mails).toHaveLength(orderMessageEvents.length);
      expect(sms).toHaveLength(orderMessageEvents.length);
      const page = locale === 'en' ? '/en/status' : '/status';
      const keys = new Set<string>();
      for (const message of [...mails, ...sms]) {
        const { text, html } = message.payload;
        const links = linksIn(text, html).filter(namesAnOrder);
        expect(links.length, String(text)).toBeGreaterThan(0);
        for (const link of links) {
          expect(link.pathname, link.href).toBe(page);
          expect(link.searchParams.get('orderID')).toBe(String(order.number));
          keys.add(link.searchParams.get('key') ?? '');
        }
      }
      // The link's key alone opens the order's status: no number or contact to type.
      expect(keys.size).toBe(1);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order-status',
        remoteAddress: `10.8.${n}.1`,
        payload: { orderID: order.number, key: [...keys][0] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ orderID: order.number, status: 'delivered' });
    },
  );

  it('a status key opens only its own order, and a wrong one is the same refusal as a missing order', async () => {
    const { order } = await insertPlacedOrder(t.database.db, { lines: [{ variantId: variant, groupId }] });
    const { order: other } = await insertPlacedOrder(t.database.db, {
      lines: [{ variantId: variant, groupId }],
    });
    await enqueueOrderMessages(t.database.db, order.number, 'paid', new Date('2026-11-20T08:00:00Z'));
    await t.services.jobs.runDue();
    const [mail] = await listOutbox(t.database.db, { channel: 'email', recipient: order.email });
    const key = linksIn(mail?.payload.text).find(namesAnOrder)?.searchParams.get('key');
    const ask = (orderID: number, k: string | null | undefined) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order-status',
        remoteAddress: '10.7.0.9',
        payload: { orderID, key: k },
      });
    expect((await ask(order.number, key)).statusCode).toBe(200);
    const wrong = await ask(other.number, key);
    const missing = await ask(1_999_999_999, key);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(missing.json());
  });

  it.each(messagePreviewKinds)(
    'the back office’s sample of %s links only /status for an order',
    async (kind) => {
      for (const locale of ['ru', 'en'] as const) {
        const m = await t.services.messages.preview(kind, locale);
        for (const link of linksIn(m.text, m.html, m.sms).filter(namesAnOrder))
          expect(link.pathname, `${kind} ${locale}`).toBe(locale === 'en' ? '/en/status' : '/status');
      }
    },
  );
});
