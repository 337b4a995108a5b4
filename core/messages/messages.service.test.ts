import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { insertCustomer } from '../../tests/factories/customers.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { insertStaff } from '../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { jobs } from '../db/schema/index.ts';
import { JOB_LEASE_MS } from '../jobs/jobs.rules.ts';
import { createJobsService } from '../jobs/jobs.service.ts';
import type { OrderStatus } from '../orders/order.rules.ts';
import { listOutbox } from '../providers/outbox.ts';

describe.each(engines)('order messages on %s', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:00:00Z');
  let variant = '';
  let groupId = '';
  let shopper = 0;
  let phone = '';
  let email = '';

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db);
    const { slug } = await insertCategory(t.database.db);
    const g = await insertProductGroup(t.database.db, { categorySlug: slug, price: 9_990_00 }, [
      { size: 'S', stock: 50 },
    ]);
    groupId = g.id;
    variant = `${g.id}-S`;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    shopper += 1;
    phone = `7997${String(shopper).padStart(7, '0')}`;
    email = `buyer${shopper}@example.ru`;
  });

  const outbox = (channel: string, recipient: string) =>
    listOutbox(t.database.db, { channel, recipient }).then((rows) => rows.reverse());
  const subjects = async (recipient: string) =>
    (await outbox('email', recipient)).map((m) => String(m.payload.subject));
  const place = async (lang?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: `10.9.0.${shopper}`,
      headers: lang ? { 'accept-language': lang } : {},
      payload: {
        getWay: 'self',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone,
        email,
        products: [{ _id: variant, count: 2 }],
        consent: true,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { order: { orderID: number }; url: string };
  };
  const pay = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${url.split('/').pop()}`,
      payload: { decision: 'pay' },
    });
  const step = (number: number, to: OrderStatus) =>
    t.services.orders.withStockChanges((tx, changed) =>
      t.services.orders.transition(tx, number, to, 'test', changed),
    );

  it('a placed and paid order sends its confirmation and its payment message once each, in Russian, with a working status link, and alerts the shop by e-mail and Telegram', async () => {
    const placed = await place();
    const number = placed.order.orderID;
    await pay(placed.url);
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    expect(await subjects(email)).toEqual([`Заказ №${number} принят`, `Заказ №${number} оплачен`]);
    const [confirmation] = await outbox('email', email);
    const text = String(confirmation?.payload.text);
    expect(text).toContain('× 2 — 19');
    expect(text).toMatch(/Итого: 19\s980 ₽/);
    expect(String(confirmation?.payload.html)).toContain('<table');
    // A guest gets no SMS for these steps.
    expect(await outbox('sms', phone)).toHaveLength(0);
    // The link opens the order's /status page in any browser, signed: nothing to retype.
    const link = new URL(text.match(/https?:\/\/\S+/)?.[0] ?? '');
    expect(link.pathname).toBe('/status');
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/order-status',
      payload: { orderID: Number(link.searchParams.get('orderID')), key: link.searchParams.get('key') },
    });
    expect(status.json()).toMatchObject({ result: true, data: { orderID: number, status: 'paid' } });
    const shop = await subjects('shop@example.test');
    expect(shop.filter((s) => s.startsWith(`Оплачен заказ №${number} `))).toHaveLength(1);
    const chat = (await outbox('telegram', 'shop-chat')).map((m) => String(m.payload.text));
    expect(chat.filter((s) => s.startsWith(`Оплачен заказ №${number} `))).toHaveLength(1);
  });

  it('an English order is told in English', async () => {
    const placed = await place('en');
    await t.services.jobs.runDue();
    expect(await subjects(email)).toEqual([`Order ${placed.order.orderID} received`]);
  });

  it('a guest gets the carrier step by e-mail and SMS with the tracking number, delivery by e-mail only', async () => {
    const { order } = await insertPlacedOrder(t.database.db, {
      status: 'paid',
      phone,
      email,
      trackingNumber: 'CDEK-123456',
      lines: [{ variantId: variant, groupId }],
    });
    await step(order.number, 'shipped');
    await step(order.number, 'delivered');
    await t.services.jobs.runDue();
    expect(await subjects(email)).toEqual([
      `Заказ №${order.number} передан в доставку`,
      `Заказ №${order.number} доставлен`,
    ]);
    const sms = await outbox('sms', phone);
    expect(sms).toHaveLength(1);
    expect(String(sms[0]?.payload.text)).toContain('CDEK-123456');
  });

  it('a signed-in buyer gets SMS as their channel setting says, and none when it says e-mail', async () => {
    const bySms = await insertCustomer(t.database.db, { notificationChannel: 'sms' });
    const byEmail = await insertCustomer(t.database.db, { notificationChannel: 'email' });
    const { order: a } = await insertPlacedOrder(t.database.db, {
      status: 'awaiting_payment',
      userId: bySms.id,
      phone,
      email,
      lines: [{ variantId: variant, groupId }],
    });
    const otherPhone = `7996${String(shopper).padStart(7, '0')}`;
    const { order: b } = await insertPlacedOrder(t.database.db, {
      status: 'awaiting_payment',
      userId: byEmail.id,
      phone: otherPhone,
      email: `other${shopper}@example.ru`,
      lines: [{ variantId: variant, groupId }],
    });
    await step(a.number, 'paid');
    await step(b.number, 'paid');
    await t.services.jobs.runDue();
    expect((await outbox('sms', phone)).map((m) => String(m.payload.text))).toEqual([
      expect.stringContaining(`Заказ №${a.number} оплачен`),
    ]);
    expect(await outbox('sms', otherPhone)).toHaveLength(0);
    expect(await subjects(`other${shopper}@example.ru`)).toEqual([`Заказ №${b.number} оплачен`]);
  });

  it('a paid order cancelled by staff tells the buyer of the cancellation and of the refund, once each, in English', async () => {
    const { order } = await insertPlacedOrder(t.database.db, {
      status: 'paid',
      locale: 'en',
      phone,
      email,
      lines: [{ variantId: variant, groupId }],
    });
    const staff = await insertStaff(t.database.db, { role: 'manager' });
    await t.services.ordersAdmin.takeStep(
      order.number,
      { version: order.version, from: 'paid', to: 'cancelled' },
      { userId: staff.userId, email: staff.email, role: staff.role, ip: '127.0.0.1' },
      'en',
    );
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    expect(await subjects(email)).toEqual([
      `Order ${order.number} is cancelled`,
      `Order ${order.number} is refunded`,
    ]);
  });

  it('a message whose worker died after claiming it is sent by another worker once its lease lapses, never lost and never twice', async () => {
    const { order } = await insertPlacedOrder(t.database.db, {
      status: 'paid',
      phone,
      email,
      lines: [{ variantId: variant, groupId }],
    });
    await step(order.number, 'cancelled');
    const dead = createJobsService({ db: t.database.db, clock: () => now, workerId: 'dead' });
    const claimed = await dead.claim(10, ['order-message']);
    expect(claimed.map((j) => j.key)).toContain(`order-message:${order.number}:cancelled:email`);
    // Within the lease the live worker leaves it alone.
    await t.services.jobs.runDue();
    expect(await subjects(email)).toEqual([]);
    now = new Date(now.getTime() + JOB_LEASE_MS + 1);
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    expect(await subjects(email)).toEqual([`Заказ №${order.number} отменён`]);
    const [row] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `order-message:${order.number}:cancelled:email`));
    expect(row?.status).toBe('done');
  });

  const soldOut = async () => {
    const [category] = await t.database.db.query.categories.findMany({ limit: 1 });
    const g = await insertProductGroup(
      t.database.db,
      { categorySlug: category?.slug ?? '', price: 4_000_00 },
      [{ size: 'M', stock: 1 }],
    );
    const { order } = await insertPlacedOrder(t.database.db, {
      status: 'awaiting_payment',
      phone,
      email,
      lines: [{ variantId: `${g.id}-M`, groupId: g.id }],
    });
    return { groupId: g.id, variantId: `${g.id}-M`, orderNumber: order.number };
  };

  /** The link of the newest confirmation mail to this address, as the shopper's page calls the API. */
  const confirmLink = async (address: string) => {
    await t.services.jobs.runDue({ kinds: ['restock-confirm'] });
    const [mail] = (await outbox('email', address)).reverse();
    const link = new URL(
      String(mail?.payload.text).match(/https?:\/\/\S+\/restock-confirm\?\S+/)?.[0] ?? 'http://x/',
    );
    return { mail, path: link.pathname, token: link.searchParams.get('token') ?? '' };
  };
  const confirmByMail = async (address: string) => {
    const { token } = await confirmLink(address);
    const res = await t.app.inject({ method: 'GET', url: `/api/preorder/confirm?token=${token}` });
    expect(res.json()).toMatchObject({ result: true });
  };
  /** Signs an address up and confirms it by the mailed link. */
  const signUpConfirmed = async (address: string, productId: string, locale: 'ru' | 'en') => {
    await t.services.restock.signUp(address, productId, locale);
    await confirmByMail(address);
  };
  const arrivals = async (address: string) =>
    (await subjects(address)).filter((s) => /^(Снова в наличии|Back in stock)/.test(s));

  it('a variant back in stock tells each sign-up once, in its language, with a signed unsubscribe link and header', async () => {
    const p = await soldOut();
    await signUpConfirmed(`size${shopper}@example.ru`, p.variantId, 'ru');
    await signUpConfirmed(`group${shopper}@example.ru`, p.groupId, 'en');
    await step(p.orderNumber, 'cancelled');
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const [bySize] = (await outbox('email', `size${shopper}@example.ru`)).slice(1);
    expect(String(bySize?.payload.subject)).toMatch(/^Снова в наличии: .*, M$/);
    const headers = bySize?.payload.headers as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(String(bySize?.payload.text)).toContain(`/products/${p.groupId}`);
    expect(await arrivals(`group${shopper}@example.ru`)).toEqual([expect.stringMatching(/^Back in stock: /)]);
    // Sold out and back again: the sign-ups were told already.
    const { order: again } = await insertPlacedOrder(t.database.db, {
      status: 'awaiting_payment',
      phone,
      email,
      lines: [{ variantId: p.variantId, groupId: p.groupId }],
    });
    await step(again.number, 'cancelled');
    await t.services.jobs.runDue();
    expect(await arrivals(`size${shopper}@example.ru`)).toHaveLength(1);
  });

  it('an unconfirmed restock sign-up gets no arrival mail; the one confirmed by its mailed link does', async () => {
    const p = await soldOut();
    const waiting = `unconfirmed${shopper}@example.ru`;
    const confirmed = `confirmed${shopper}@example.ru`;
    await t.services.restock.signUp(waiting, p.variantId, 'ru');
    await signUpConfirmed(confirmed, p.variantId, 'ru');
    await step(p.orderNumber, 'cancelled');
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    expect(await arrivals(confirmed)).toEqual([expect.stringMatching(/^Снова в наличии: /)]);
    expect(await arrivals(waiting)).toEqual([]);
    // The unconfirmed address got its confirmation mail only.
    expect(await subjects(waiting)).toEqual([expect.stringMatching(/^Подтвердите: сообщить о .*, M$/)]);
  });

  it('the restock confirmation mail is in the language of the sign-up, and links the one-press page', async () => {
    const p = await soldOut();
    const address = `english${shopper}@example.ru`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/preorder/sign-up?email=${address}&productID=${p.variantId}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.json()).toEqual({
      result: true,
      message: 'Check your mail: confirm by the link we sent that you want to hear when it arrives.',
    });
    const { mail, path } = await confirmLink(address);
    expect(String(mail?.payload.subject)).toMatch(/^Confirm: tell you about .*, M$/);
    expect(String(mail?.payload.text)).toContain('ignore this mail');
    expect(path).toBe('/en/restock-confirm');
  });

  it('a tampered restock confirmation link, or a signed link of another purpose, is refused naming the field', async () => {
    const p = await soldOut();
    const address = `forged${shopper}@example.ru`;
    await t.services.restock.signUp(address, p.variantId, 'ru');
    const { token } = await confirmLink(address);
    const [encoded = '', signature = ''] = token.split('.');
    const { restockSubscriptions } = await import('../db/schema/index.ts');
    const { signedLinkToken, unsubscribeToken } = await import('./unsubscribe.ts');
    const secret = 'development-auth-signing-key';
    const [row] = await t.database.db
      .select()
      .from(restockSubscriptions)
      .where(eq(restockSubscriptions.email, address));
    const other = await t.services.restock.signUp(`other${shopper}@example.ru`, p.groupId, 'ru');
    expect(other.message).toMatch(/Проверьте почту/);
    const forgeries = [
      // The signature changed.
      `${encoded}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      // Another sign-up's number under this one's signature.
      `${Buffer.from(`${(row?.id ?? 0) + 1}:other${shopper}@example.ru`).toString('base64url')}.${signature}`,
      // The same value signed for another purpose (an unsubscribe link), and the address's unsubscribe link.
      signedLinkToken('unsubscribe', `${row?.id}:${address}`, secret),
      unsubscribeToken(address, secret),
      // The right purpose under another key.
      signedLinkToken('restock-confirm', `${row?.id}:${address}`, 'another-secret-key'),
    ];
    for (const forged of forgeries) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/preorder/confirm?token=${forged}`,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, forged).toBe(400);
      expect(res.json()).toMatchObject({ result: false, field: 'token' });
    }
    const [after] = await t.database.db
      .select()
      .from(restockSubscriptions)
      .where(eq(restockSubscriptions.email, address));
    expect(after?.confirmedAt).toBeNull();
    // The genuine link still works.
    const ok = await t.app.inject({ method: 'GET', url: `/api/preorder/confirm?token=${token}` });
    expect(ok.json()).toEqual({
      result: true,
      message: 'Готово: мы напишем вам, как только товар появится.',
    });
  });

  it('an unsubscribed address gets no restock mail, and a forged or broken link is refused naming the field', async () => {
    const p = await soldOut();
    const address = `gone${shopper}@example.ru`;
    await signUpConfirmed(address, p.variantId, 'ru');
    await signUpConfirmed(`kept${shopper}@example.ru`, p.variantId, 'ru');
    await step(p.orderNumber, 'cancelled');
    // The check runs and queues both notices; before they go, the address unsubscribes by its link.
    await t.services.jobs.runDue({ kinds: ['restock-check'] });
    const { unsubscribeToken } = await import('./unsubscribe.ts');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/unsubscribe?token=${unsubscribeToken(address, 'another-secret')}`,
      headers: { 'accept-language': 'en' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ result: false });
    expect(JSON.stringify(forged.json())).toContain('token');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${unsubscribeToken(address, 'development-auth-signing-key')}`,
    });
    expect(res.statusCode).toBe(200);
    await t.services.jobs.runDue();
    expect(await arrivals(address)).toHaveLength(0);
    expect(await arrivals(`kept${shopper}@example.ru`)).toHaveLength(1);
  });

  it('the shop’s daily summary lists the jobs that failed for good that day, once; a quiet day sends nothing', async () => {
    const summaries = async () =>
      (await subjects('shop@example.test')).filter((x) => x.startsWith('Сводка магазина'));
    const before = (await summaries()).length;
    await t.services.jobs.enqueue({ kind: 'shop.daily-summary', key: `summary-quiet:${shopper}` });
    await t.services.jobs.runDue({ kinds: ['shop.daily-summary'] });
    expect(await summaries()).toHaveLength(before);
    await t.database.db.insert(jobs).values({
      kind: 'order-message',
      key: `failed-for-summary:${shopper}`,
      status: 'failed',
      attempts: 6,
      runAt: now,
      finishedAt: now,
    });
    await t.services.jobs.enqueue({ kind: 'shop.daily-summary', key: `summary-day:${shopper}` });
    await t.services.jobs.enqueue({ kind: 'shop.daily-summary', key: `summary-day:${shopper}` });
    await t.services.jobs.runDue({ kinds: ['shop.daily-summary'] });
    expect(await summaries()).toHaveLength(before + 1);
    const [mail] = await outbox('email', 'shop@example.test').then((rows) => rows.reverse());
    expect(String(mail?.payload.text)).toMatch(/• order-message: \d+/);
    expect(String(mail?.payload.text)).toContain('/admin/jobs');
  });
});
