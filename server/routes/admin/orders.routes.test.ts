import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orderEvents,
  orderRefunds,
  orders,
  paymentNotifications,
  sandboxPayments,
  variantProducts,
} from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../../tests/factories/orders.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('back-office orders API on %s', (engine) => {
  const t = useStaffApp(engine, ['manager'], {
    settings: true,
    seed: async () => {
      category = (await insertCategory(t.database.db)).slug;
    },
  });
  let category: string;

  /** A fresh variant with 10 units, so tests never share stock. */
  const variant = async () => {
    const g = await insertProductGroup(t.database.db, { categorySlug: category }, [{ size: 'S', stock: 10 }]);
    return { variantId: `${g.id}-S`, groupId: g.id };
  };
  const stock = async (id: string) =>
    (await t.database.db.select().from(variantProducts).where(eq(variantProducts.id, id)))[0]?.stock;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.manager.headers, ...(payload ? { payload } : {}) });
  const step = (number: number, body: object, lang = '') =>
    api('POST', `/api/admin/orders/${number}/steps${lang}`, body);
  const auditOf = (number: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(number)))
      .orderBy(auditLog.id);

  describe('the list', () => {
    let anna: number;
    let boris: number;
    let clara: number;
    beforeAll(async () => {
      const v = await variant();
      anna = (
        await insertPlacedOrder(t.database.db, {
          lines: [v],
          phone: '79161234567',
          email: 'Anna.List@Example.ru',
          fullName: 'Анна Спискова',
          payment: 'online',
          getWay: 'self-sdek',
          promoCode: 'WELCOME10',
          createdAt: new Date('2026-11-10T21:30:00Z'), // 11 November, 00:30 in Moscow
        })
      ).order.number;
      boris = (
        await insertPlacedOrder(t.database.db, {
          lines: [v],
          phone: '79167654321',
          fullName: 'Борис Спискин',
          locale: 'en',
          displayCurrency: 'USD',
          status: 'awaiting_payment',
          createdAt: new Date('2026-11-11T20:30:00Z'), // 11 November, 23:30 in Moscow
        })
      ).order.number;
      clara = (
        await insertPlacedOrder(t.database.db, {
          lines: [v],
          phone: '79031112233',
          fullName: 'Клара Спискова',
          payment: 'dolyame',
          createdAt: new Date('2026-11-11T21:30:00Z'), // 12 November, 00:30 in Moscow
        })
      ).order.number;
    });
    const numbers = async (query: string) => {
      const res = await api('GET', `/api/admin/orders?${query}`);
      expect(res.statusCode).toBe(200);
      return (res.json().rows as { number: number }[]).map((r) => r.number);
    };

    it('finds an order by its phone typed in any format', async () => {
      for (const q of ['+7 (916) 123-45-67', '8 916 123 45 67', '9161234567', '79161234567']) {
        expect(await numbers(`q=${encodeURIComponent(q)}`)).toEqual([anna]);
      }
      expect(await numbers(`q=${encodeURIComponent('123-45-67')}`)).toContain(anna);
    });

    it('finds an order by number, e-mail in any case and a part of the name', async () => {
      expect(await numbers(`q=${anna}`)).toEqual([anna]);
      expect(await numbers(`q=${encodeURIComponent('anna.list@example.ru')}`)).toEqual([anna]);
      expect(await numbers(`q=${encodeURIComponent('Спискова')}`)).toEqual([clara, anna]);
    });

    it('filters by state, Moscow calendar days, delivery, payment, promo code, edition and currency', async () => {
      const mine = (list: number[]) => list.filter((n) => [anna, boris, clara].includes(n));
      expect(mine(await numbers('from=2026-11-11&to=2026-11-11'))).toEqual([boris, anna]);
      expect(mine(await numbers('from=2026-11-12&to=2026-11-12'))).toEqual([clara]);
      expect(mine(await numbers('status=awaiting_payment'))).toEqual([boris]);
      expect(mine(await numbers('getWay=self-sdek'))).toEqual([anna]);
      expect(mine(await numbers('payment=dolyame'))).toEqual([clara]);
      expect(mine(await numbers('promo=welcome10'))).toEqual([anna]);
      expect(mine(await numbers('locale=en&currency=USD'))).toEqual([boris]);
      expect(mine(await numbers('status=&q=&payment='))).toEqual([clara, boris, anna]);
    });

    it('pages newest first on the server and counts the filtered total', async () => {
      const first = (await api('GET', '/api/admin/orders?q=%D0%A1%D0%BF%D0%B8%D1%81%D0%BA&limit=2')).json();
      expect(first.rows.map((r: { number: number }) => r.number)).toEqual([clara, boris]);
      expect(first).toMatchObject({ total: 3, totalCapped: false, next: boris });
      const second = (
        await api('GET', `/api/admin/orders?q=%D0%A1%D0%BF%D0%B8%D1%81%D0%BA&limit=2&before=${first.next}`)
      ).json();
      expect(second.rows.map((r: { number: number }) => r.number)).toEqual([anna]);
      expect(second.next).toBeNull();
    });

    it('refuses a bad filter with a 400 naming the field, in the request’s language', async () => {
      const bad = await api('GET', '/api/admin/orders?status=lost');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'status', message: expect.stringContaining('status') });
      const backwards = await api('GET', '/api/admin/orders?from=2026-11-12&to=2026-11-11&lang=en');
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toMatchObject({
        field: 'to',
        message: expect.stringMatching(/^Invalid value of to/),
      });
      expect((await api('GET', '/api/admin/orders?limit=1000')).json()).toMatchObject({ field: 'limit' });
    });

    it('exports the filtered list as CSV for Russian Excel: BOM, semicolons, comma decimals', async () => {
      const res = await api('GET', `/api/admin/orders/export.csv?q=${encodeURIComponent('Спискова')}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const text = res.body;
      expect(text.startsWith('\uFEFFНомер;Дата (МСК);')).toBe(true);
      const lines = text.trim().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[2]).toContain(`${anna};2026-11-11 00:30;Оплачен;Анна Спискова;79161234567;`);
      expect(lines[2]).toContain(';5000,00;0,00;0,00;5000,00;');
    });

    it('names status, delivery, payment and edition in the export’s language, money in roubles', async () => {
      const q = `q=${encodeURIComponent('Спискова')}`;
      const cells = (text: string) =>
        text
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n')
          .map((l) => l.split(';'));
      const [header, claraRow, annaRow] = cells((await api('GET', `/api/admin/orders/export.csv?${q}`)).body);
      const col = (name: string) => header?.indexOf(name) ?? -1;
      expect(annaRow?.[col('Состояние')]).toBe('Оплачен');
      expect(annaRow?.[col('Способ получения')]).toBe('Пункт выдачи СДЭК');
      expect(annaRow?.[col('Оплата')]).toBe('Картой онлайн');
      expect(annaRow?.[col('Издание')]).toBe('русская версия');
      expect(annaRow?.[col('Итого, ₽')]).toBe('5000,00');
      expect(claraRow?.[col('Оплата')]).toBe('Долями');
      // No code value of ours in a Russian row: statuses, methods and editions are words.
      for (const row of [annaRow, claraRow])
        for (const code of ['paid', 'online', 'self-sdek', 'dolyame', 'ru'])
          expect(row, code).not.toContain(code);
      const [enHeader, , enAnna] = cells(
        (await api('GET', `/api/admin/orders/export.csv?${q}&lang=en`)).body,
      );
      const enCol = (name: string) => enHeader?.indexOf(name) ?? -1;
      expect(enAnna?.[enCol('State')]).toBe('Paid');
      expect(enAnna?.[enCol('Delivery')]).toBe('CDEK pickup point');
      expect(enAnna?.[enCol('Edition')]).toBe('Russian edition');
    });
  });

  describe('the order page', () => {
    it('shows lines, events and steps, never the shopper’s access key; an unknown order is 404', async () => {
      const v = await variant();
      const { order } = await insertPlacedOrder(t.database.db, { lines: [v] });
      const res = await api('GET', `/api/admin/orders/${order.number}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.order).toMatchObject({ number: order.number, status: 'paid', version: 0 });
      expect(body.order.accessKey).toBeUndefined();
      expect(body.lines).toHaveLength(1);
      expect(body.events.map((e: { toStatus: string }) => e.toStatus)).toEqual(['paid']);
      expect(body.steps).toEqual(['confirmed', 'shipped', 'cancelled']);
      expect((await api('GET', '/api/admin/orders/99999999')).statusCode).toBe(404);
      const step404 = await step(99_999_999, { version: 0, from: 'paid', to: 'confirmed' }, '?lang=en');
      expect(step404.statusCode).toBe(404);
      expect(step404.json().message).toBe('Order not found');
      expect(
        (await api('PUT', '/api/admin/orders/99999999/comment', { version: 0, staffComment: '' })).statusCode,
      ).toBe(404);
      expect((await api('POST', '/api/admin/orders/99999999/refund', { version: 0 })).statusCode).toBe(404);
      expect((await api('GET', '/api/admin/orders/abc')).json()).toMatchObject({ field: 'number' });
    });

    it('saves the staff comment over the version shown; a stale save is 409 and changes nothing', async () => {
      const { order } = await insertPlacedOrder(t.database.db, { lines: [await variant()] });
      const url = `/api/admin/orders/${order.number}/comment`;
      const saved = await api('PUT', url, { version: 0, staffComment: 'Позвонить до 18:00' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().order).toMatchObject({ staffComment: 'Позвонить до 18:00', version: 1 });
      const stale = await api('PUT', url, { version: 0, staffComment: 'Другое' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/Заказ изменился/);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.number, order.number));
      expect(row).toMatchObject({ staffComment: 'Позвонить до 18:00', version: 1 });
      const entries = await auditOf(order.number);
      expect(entries.map((e) => e.action)).toEqual(['order.comment']);
      expect(entries[0]).toMatchObject({
        actorId: t.manager.userId,
        before: { staffComment: '', version: 0 },
        after: { staffComment: 'Позвонить до 18:00', version: 1 },
      });
      expect((await api('PUT', url, { version: 1 })).json()).toMatchObject({ field: 'staffComment' });
    });
  });

  describe('steps through the transition table', () => {
    it('confirms, hands to the carrier with a tracking number, and marks delivered, each audited', async () => {
      const { order } = await insertPlacedOrder(t.database.db, { lines: [await variant()] });
      const n = order.number;
      expect((await step(n, { version: 0, from: 'paid', to: 'confirmed' })).statusCode).toBe(200);
      const noTrack = await step(n, { version: 1, from: 'confirmed', to: 'shipped' });
      expect(noTrack.statusCode).toBe(400);
      expect(noTrack.json()).toMatchObject({ field: 'trackingNumber' });
      const shipped = await step(n, {
        version: 1,
        from: 'confirmed',
        to: 'shipped',
        trackingNumber: 'CDEK-1234567',
      });
      expect(shipped.statusCode).toBe(200);
      expect(shipped.json().order).toMatchObject({
        status: 'shipped',
        trackingNumber: 'CDEK-1234567',
        version: 2,
      });
      expect((await step(n, { version: 2, from: 'shipped', to: 'delivered' })).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.number, n));
      expect(row).toMatchObject({ status: 'delivered', version: 3 });
      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, n));
      expect(events.map((e) => e.toStatus)).toEqual(['paid', 'confirmed', 'shipped', 'delivered']);
      expect(events[1]?.cause).toContain(t.manager.email);
      const entries = await auditOf(n);
      expect(entries.map((e) => e.action)).toEqual(['order.confirmed', 'order.shipped', 'order.delivered']);
      expect(entries[1]).toMatchObject({
        before: { status: 'confirmed', trackingNumber: null },
        after: { status: 'shipped', trackingNumber: 'CDEK-1234567' },
      });
    });

    it('refuses a step the table or the delivery does not allow with 409, changing nothing', async () => {
      const unpaid = (
        await insertPlacedOrder(t.database.db, { lines: [await variant()], status: 'awaiting_payment' })
      ).order;
      const res = await step(
        unpaid.number,
        { version: 0, from: 'awaiting_payment', to: 'delivered' },
        '?lang=en',
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('An order in awaiting_payment cannot move to delivered');
      const courier = (await insertPlacedOrder(t.database.db, { lines: [await variant()], getWay: 'moscow' }))
        .order;
      expect(
        (await step(courier.number, { version: 0, from: 'paid', to: 'ready_for_pickup' })).statusCode,
      ).toBe(409);
      // A Moscow courier needs no tracking number; a pickup point order may be marked ready.
      expect((await step(courier.number, { version: 0, from: 'paid', to: 'shipped' })).statusCode).toBe(200);
      const pickup = (await insertPlacedOrder(t.database.db, { lines: [await variant()], getWay: 'self' }))
        .order;
      expect((await step(pickup.number, { version: 0, from: 'paid', to: 'shipped' })).statusCode).toBe(409);
      expect(
        (await step(pickup.number, { version: 0, from: 'paid', to: 'ready_for_pickup' })).statusCode,
      ).toBe(200);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.number, unpaid.number));
      expect(row).toMatchObject({ status: 'awaiting_payment', version: 0 });
      expect(await auditOf(unpaid.number)).toEqual([]);
      expect(
        (await step(unpaid.number, { version: 0, from: 'awaiting_payment', to: 'lost' })).json(),
      ).toMatchObject({
        field: 'to',
      });
    });

    it('refuses a step over a stale version or a state that changed meanwhile (409)', async () => {
      const { order } = await insertPlacedOrder(t.database.db, { lines: [await variant()] });
      expect((await step(order.number, { version: 0, from: 'paid', to: 'confirmed' })).statusCode).toBe(200);
      expect((await step(order.number, { version: 0, from: 'paid', to: 'cancelled' })).statusCode).toBe(409);
      expect((await step(order.number, { version: 1, from: 'paid', to: 'cancelled' })).statusCode).toBe(409);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.number, order.number));
      expect(row).toMatchObject({ status: 'confirmed', version: 1 });
    });

    it('cancels a paid order: stock back once and one refund, even for two cancels at once', async () => {
      const v = await variant();
      const { order, token } = await insertPlacedOrder(t.database.db, { lines: [{ ...v, count: 3 }] });
      expect(await stock(v.variantId)).toBe(7);
      const answers = await Promise.all([
        step(order.number, { version: 0, from: 'paid', to: 'cancelled', reason: 'покупатель передумал' }),
        step(order.number, { version: 0, from: 'paid', to: 'cancelled' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await stock(v.variantId)).toBe(10);
      const refundRows = await t.database.db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderNumber, order.number));
      expect(refundRows).toHaveLength(1);
      expect(refundRows[0]).toMatchObject({
        amount: order.total,
        state: 'succeeded',
        source: 'cancellation',
        createdBy: t.manager.userId,
      });
      const [session] = await t.database.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.token, token));
      expect(session?.refunds).toHaveLength(1);
      expect(session?.refunds[0]?.amount).toBe(order.total);
      const page = (await api('GET', `/api/admin/orders/${order.number}`)).json();
      expect(page.order.status).toBe('cancelled');
      expect(page.refunds).toHaveLength(1);
      expect(page.refunds[0]).toMatchObject({ state: 'succeeded', amount: order.total });
      expect(page.canRefund).toBe(false);
      expect(page.events.map((e: { cause: string }) => e.cause).join('\n')).toMatch(/refund succeeded/);
      expect(page.audit.map((e: { action: string }) => e.action).sort()).toEqual([
        'order.cancelled',
        'order.refund',
      ]);
      // Nothing is refunded twice, even on purpose.
      const again = await api('POST', `/api/admin/orders/${order.number}/refund`, { version: 1 });
      expect(again.statusCode).toBe(409);
    });

    it('a payment notice racing a cancel: either the cancel wins and the money is queued for a refund, or the payment wins and the cancel is refused', async () => {
      const v = await variant();
      const { order, token } = await insertPlacedOrder(t.database.db, {
        lines: [{ ...v, count: 2 }],
        status: 'awaiting_payment',
      });
      const [cancel, pay] = await Promise.all([
        step(order.number, { version: 0, from: 'awaiting_payment', to: 'cancelled' }),
        t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${token}`, payload: { decision: 'pay' } }),
      ]);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.number, order.number));
      const due = (await api('GET', '/api/admin/orders/refunds-due')).json().rows as { number: number }[];
      if (cancel.statusCode === 200) {
        expect(row?.status).toBe('cancelled');
        expect(await stock(v.variantId)).toBe(10);
        // The page closed before the payment (409) or the payment came after the cancel: queued.
        if (pay.statusCode === 200) expect(due.map((d) => d.number)).toContain(order.number);
        else expect(pay.statusCode).toBe(409);
      } else {
        expect(cancel.statusCode).toBe(409);
        expect(row?.status).toBe('paid');
        expect(await stock(v.variantId)).toBe(8);
        expect(due.map((d) => d.number)).not.toContain(order.number);
      }
      // Nothing was sent to the provider: money that came after the cancel is owed, never refunded unasked.
      const owed = await t.database.db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderNumber, order.number));
      expect(owed.filter((r) => r.state !== 'needed' || r.attempts !== 0)).toEqual([]);
      expect(owed).toHaveLength(cancel.statusCode === 200 && pay.statusCode === 200 ? 1 : 0);
    });
  });

  describe('refunds due', () => {
    it('lists an order paid after it closed until a refund is started from there, once', async () => {
      const v = await variant();
      const { order, token } = await insertPlacedOrder(t.database.db, {
        lines: [v],
        status: 'awaiting_payment',
      });
      // The sandbox page is paid; then the order expires before the notice is delivered.
      const settled = await t.services.payments.sandboxDecide(token, 'pay');
      if (!settled || settled.expired) throw new Error('the sandbox did not settle');
      await t.database.db
        .update(orders)
        .set({ expiresAt: new Date('2026-11-20T08:00:00Z') })
        .where(eq(orders.number, order.number));
      await t.services.orders.expireOverdue();
      const notice = await t.app.inject({
        method: 'POST',
        url: '/api/payment/notify/sandbox',
        headers: settled.notification.headers,
        payload: JSON.stringify(settled.notification.body),
      });
      expect(notice.statusCode).toBe(200);
      const due = (await api('GET', '/api/admin/orders/refunds-due')).json().rows as {
        number: number;
        total: number;
      }[];
      expect(due.find((d) => d.number === order.number)).toMatchObject({ total: order.total });
      const page = (await api('GET', `/api/admin/orders/${order.number}`)).json();
      expect(page.canRefund).toBe(true);
      const [first, second] = await Promise.all([
        api('POST', `/api/admin/orders/${order.number}/refund`, { version: page.order.version }),
        api('POST', `/api/admin/orders/${order.number}/refund`, { version: page.order.version }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const after = (await api('GET', '/api/admin/orders/refunds-due')).json().rows as { number: number }[];
      expect(after.map((d) => d.number)).not.toContain(order.number);
      const [session] = await t.database.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.token, token));
      expect(session?.refunds).toHaveLength(1);
      expect((await auditOf(order.number)).map((e) => e.action)).toEqual([
        'order.refund_start',
        'order.refund',
      ]);
    });

    it('refuses a refund of an order with nothing to refund (409)', async () => {
      const { order } = await insertPlacedOrder(t.database.db, { lines: [await variant()] });
      const res = await api('POST', `/api/admin/orders/${order.number}/refund`, { version: 0 });
      expect(res.statusCode).toBe(409);
      expect((await api('POST', `/api/admin/orders/${order.number}/refund`, {})).json()).toMatchObject({
        field: 'version',
      });
    });
  });

  it('lists instalment, BNPL and split orders with the provider’s decision', async () => {
    const v = await variant();
    const approved = (
      await insertPlacedOrder(t.database.db, { lines: [v], payment: 'tinkoff', instalmentMonths: 6 })
    ).order;
    const waiting = (
      await insertPlacedOrder(t.database.db, { lines: [v], payment: 'dolyame', status: 'awaiting_payment' })
    ).order;
    await insertPlacedOrder(t.database.db, { lines: [v], payment: 'online' });
    await t.database.db.insert(paymentNotifications).values({
      id: `n-${approved.number}`,
      provider: 'sandbox',
      orderNumber: approved.number,
      outcome: 'paid',
    });
    const res = await api('GET', '/api/admin/orders/instalments');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { number: number; decision: string; payment: string }[];
    expect(rows.every((r) => ['tinkoff', 'dolyame', 'split'].includes(r.payment))).toBe(true);
    expect(rows.find((r) => r.number === approved.number)).toMatchObject({
      decision: 'approved',
      instalmentMonths: 6,
    });
    expect(rows.find((r) => r.number === waiting.number)).toMatchObject({ decision: 'awaiting' });
  });
});
