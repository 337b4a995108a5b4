import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERASED, ERASED_CAUSE } from '../../../core/accounts/customers-admin.service.ts';
import {
  auditLog,
  cartReminders,
  newsletterSubscriptions,
  orderEvents,
  orderLines,
  orders,
  outbox,
  restockSubscriptions,
  sessions,
  userAddresses,
  userCarts,
  users,
} from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { insertCustomer, insertOrder } from '../../../tests/factories/customers.ts';
import { insertStaff } from '../../../tests/factories/staff.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('back office customers on %s', (engine) => {
  const t = useStaffApp(engine, ['manager'], {
    seed: async () => {
      const { slug } = await insertCategory(t.database.db);
      groupId = (await insertProductGroup(t.database.db, { categorySlug: slug }, [{ size: 'S', stock: 3 }]))
        .id;
    },
  });
  let groupId: string;

  const call = t.call;

  /** A customer with everything the shop can hold about a person. */
  async function richCustomer() {
    const db = t.database.db;
    const user = await insertCustomer(db, { name: 'Мария', secondName: 'Соколова' });
    await db.insert(userAddresses).values({
      userId: user.id,
      city: 'Москва',
      cityId: 44,
      street: 'Покровка',
      house: '17',
      room: '4',
    });
    await db.insert(userCarts).values({ userId: user.id, items: [{ _id: `${groupId}-S`, count: 2 }] });
    await db.insert(sessions).values({
      tokenHash: `hash-${user.id}`,
      userId: user.id,
      expiresAt: new Date('2026-12-20T00:00:00Z'),
      ip: '203.0.113.9',
    });
    await db
      .insert(restockSubscriptions)
      .values({ email: user.email ?? '', productId: `${groupId}-S`, groupId });
    await db.insert(newsletterSubscriptions).values({ email: user.email ?? '' });
    await db
      .insert(cartReminders)
      .values({ phone: user.phone ?? '', variantIds: [`${groupId}-S`], locale: 'ru' });
    await db.insert(outbox).values([
      { channel: 'sms', recipient: user.phone ?? '', payload: { code: '1234', text: 'Код 1234' } },
      {
        channel: 'email',
        recipient: user.email ?? '',
        payload: { subject: 'Ваш пароль', text: 'пароль: secret' },
      },
    ]);
    const own = await insertOrder(db, {
      userId: user.id,
      fullName: 'Соколова Мария',
      phone: user.phone ?? '',
      email: user.email ?? '',
      payerPhone: '79995554433',
      status: 'paid',
      lines: [{ price: 7_000_00, count: 2 }],
      deliveryPrice: 500_00,
      total: 14_500_00,
    });
    // A guest order with the account's proven phone is theirs too.
    const guest = await insertOrder(db, {
      fullName: 'Мария С.',
      phone: user.phone ?? '',
      email: 'other@example.ru',
    });
    return { user, own, guest };
  }

  it('lists customers (accounts by their key) newest first, paged on the server, and finds them by name, phone digits or e-mail', async () => {
    const a = await insertCustomer(t.database.db, {
      name: 'Ольга',
      secondName: 'Пескова',
      phone: '79161234567',
    });
    const b = await insertCustomer(t.database.db, { name: 'Ирина', email: 'irina.unique@example.ru' });
    const byName = await call('GET', '/api/admin/customers?q=Пескова');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().customers.map((c: { key: string }) => c.key)).toEqual([a.id]);
    const byPhone = await call('GET', `/api/admin/customers?q=${encodeURIComponent('+7 (916) 123-45')}`);
    expect(byPhone.json().customers.map((c: { key: string }) => c.key)).toEqual([a.id]);
    const byEight = await call('GET', '/api/admin/customers?q=89161234567');
    expect(byEight.json().customers.map((c: { key: string }) => c.key)).toEqual([a.id]);
    const byEmail = await call('GET', '/api/admin/customers?q=IRINA.unique');
    expect(byEmail.json().customers.map((c: { key: string }) => c.key)).toEqual([b.id]);
    const wildcard = await call('GET', '/api/admin/customers?q=%25');
    expect(wildcard.json().total).toBe(0);

    // Staff accounts are not customers (issue 34): the two shoppers above, and none of the staff.
    const page1 = await call('GET', '/api/admin/customers?pageSize=1&page=1');
    const page2 = await call('GET', '/api/admin/customers?pageSize=1&page=2');
    expect(page1.json().total).toBeGreaterThanOrEqual(2);
    expect(page1.json().customers).toHaveLength(1);
    expect(page2.json().customers[0].key).not.toBe(page1.json().customers[0].key);
    expect(page1.headers['cache-control']).toBe('no-store');
  });

  it('refuses a bad page size with a 400 naming the field, in English for English requests', async () => {
    const ru = await call('GET', '/api/admin/customers?pageSize=0');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().message).toContain('pageSize');
    const en = await call('GET', '/api/admin/customers?pageSize=500&lang=en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/Invalid value of pageSize/);
  });

  it('an editor may not read customers', async () => {
    const editor = await insertStaff(t.database.db, { role: 'editor' });
    expect((await call('GET', '/api/admin/customers', undefined, editor)).statusCode).toBe(403);
  });

  it("shows a customer's profile, proven contacts, addresses, orders and consents", async () => {
    const { user, own, guest } = await richCustomer();
    const typed = await insertOrder(t.database.db, { email: 'typed@example.ru', phone: '79990000009' });
    const unproven = await insertCustomer(t.database.db, {
      email: 'typed@example.ru',
      emailVerified: false,
      phoneVerified: false,
    });
    const res = await call('GET', `/api/admin/customers/${user.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({
      email: user.email,
      emailVerified: true,
      phoneVerified: true,
      notificationChannel: 'sms',
    });
    expect(body.addresses).toHaveLength(1);
    expect(body.orders.map((o: { number: number }) => o.number).sort()).toEqual(
      [own.number, guest.number].sort(),
    );
    expect(body.consents[0]).toMatchObject({ source: 'registration', version: '2026-01', ip: '203.0.113.7' });
    expect(body.consents).toHaveLength(3);
    // A contact merely typed into a profile does not bring another person's orders.
    const other = await call('GET', `/api/admin/customers/${unproven.id}`);
    expect(other.json().customer.emailVerified).toBe(false);
    expect(other.json().orders.map((o: { number: number }) => o.number)).not.toContain(typed.number);
  });

  it('answers 404 for an unknown customer and 400 naming the id for a malformed one', async () => {
    const missing = await call('GET', '/api/admin/customers/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const bad = await call('GET', '/api/admin/customers/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
    const exportMissing = await call(
      'POST',
      '/api/admin/customers/00000000-0000-4000-8000-000000000000/export',
    );
    expect(exportMissing.statusCode).toBe(404);
  });

  it('exports everything held about the customer as a JSON download, without codes or passwords, and records it', async () => {
    const { user, own, guest } = await richCustomer();
    const res = await call('POST', `/api/admin/customers/${user.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="customer-${user.id}.json"`);
    const doc = res.json();
    expect(doc.profile).toMatchObject({
      id: user.id,
      name: 'Мария',
      email: user.email,
      phone: user.phone,
      birthDate: '1990-05-01',
    });
    expect(doc.profile.consent).toMatchObject({ version: '2026-01', ip: '203.0.113.7' });
    expect(doc.addresses[0]).toMatchObject({ street: 'Покровка', house: '17' });
    expect(doc.cart.items).toEqual([{ _id: `${groupId}-S`, count: 2 }]);
    expect(doc.sessions).toHaveLength(1);
    expect(doc.orders.map((o: { number: number }) => o.number)).toEqual([own.number, guest.number]);
    expect(doc.orders[0]).toMatchObject({
      fullName: 'Соколова Мария',
      total: 14_500_00,
      payerPhone: '79995554433',
    });
    expect(doc.orders[0].lines).toEqual([expect.objectContaining({ price: 7_000_00, count: 2 })]);
    expect(doc.orders[0].consent.ip).toBe('198.51.100.23');
    expect(doc.restockSubscriptions).toHaveLength(1);
    expect(doc.newsletter).toHaveLength(1);
    expect(doc.cartReminders).toHaveLength(1);
    expect(doc.messages.map((m: { channel: string }) => m.channel)).toEqual(['sms', 'email']);
    expect(JSON.stringify(doc)).not.toContain('1234');
    expect(JSON.stringify(doc)).not.toContain('secret');

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entry).toMatchObject({
      action: 'customer.export',
      entityType: 'customer',
      actorId: t.manager.userId,
    });
    expect(JSON.stringify(entry?.after)).not.toContain(user.email ?? '');
  });

  it('an export needs the shop’s own Origin', async () => {
    const { user } = await richCustomer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${user.id}/export`,
      headers: { cookie: t.manager.headers.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a deletion whose typed confirmation is not the customer’s e-mail or phone, and changes nothing', async () => {
    const { user, own } = await richCustomer();
    const wrong = await call('DELETE', `/api/admin/customers/${user.id}`, { confirm: 'someone@example.ru' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('confirm');
    const empty = await call('DELETE', `/api/admin/customers/${user.id}?lang=en`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('confirm');
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.number, own.number));
    expect(order?.fullName).toBe('Соколова Мария');
  });

  it("refuses to delete a staff member's account: their role goes first", async () => {
    const staff = await insertStaff(t.database.db, { role: 'editor' });
    const res = await call('DELETE', `/api/admin/customers/${staff.userId}`, { confirm: staff.email });
    expect(res.statusCode).toBe(409);
    expect(await t.database.db.select().from(users).where(eq(users.id, staff.userId))).toHaveLength(1);
  });

  it('deletes a customer on request: personal data gone everywhere, orders kept anonymised with their totals, and logged without the data', async () => {
    const db = t.database.db;
    const { user, own, guest } = await richCustomer();
    const stranger = await insertOrder(db, { phone: '79997776655', email: 'stranger@example.ru' });
    const before = await db
      .select()
      .from(orders)
      .where(inArray(orders.number, [own.number, guest.number]));

    const res = await call('DELETE', `/api/admin/customers/${user.id}`, {
      confirm: `+${user.phone?.slice(0, 1)} ${user.phone?.slice(1)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().orders.sort()).toEqual([own.number, guest.number].sort());

    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await db.select().from(userAddresses).where(eq(userAddresses.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(userCarts).where(eq(userCarts.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(restockSubscriptions)
        .where(eq(restockSubscriptions.email, user.email ?? '')),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, user.email ?? '')),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(cartReminders)
        .where(eq(cartReminders.phone, user.phone ?? '')),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(outbox)
        .where(inArray(outbox.recipient, [user.phone ?? '', user.email ?? ''])),
    ).toHaveLength(0);

    const after = await db
      .select()
      .from(orders)
      .where(inArray(orders.number, [own.number, guest.number]));
    expect(after).toHaveLength(2);
    for (const order of after) {
      const was = before.find((o) => o.number === order.number);
      expect(order).toMatchObject({
        fullName: ERASED,
        phone: ERASED,
        email: ERASED,
        consentIp: ERASED,
        comment: '',
        userId: null,
        total: was?.total,
        goodsTotal: was?.goodsTotal,
        status: was?.status,
        createdAt: was?.createdAt,
        version: (was?.version ?? 0) + 1,
      });
      expect(order.delivery).toMatchObject({ address: ERASED, room: '', postal: '', city: 'Москва' });
      const text = JSON.stringify(order);
      for (const value of [user.phone, user.email, 'Мария', 'Тверская', '79995554433']) {
        expect(text).not.toContain(value);
      }
    }
    const ownAfter = after.find((o) => o.number === own.number);
    expect(ownAfter?.payerPhone).toBe(ERASED);
    expect(await db.select().from(orderLines).where(eq(orderLines.orderNumber, own.number))).toHaveLength(1);
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderNumber, own.number));
    expect(events.find((e) => e.cause === ERASED_CAUSE)).toMatchObject({
      fromStatus: 'paid',
      toStatus: 'paid',
    });
    // Another person's order is untouched.
    const [other] = await db.select().from(orders).where(eq(orders.number, stranger.number));
    expect(other?.fullName).toBe('Иванова Анна');

    const entries = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [user.id, String(own.number), String(guest.number)]));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'customer.delete',
      'order.anonymise',
      'order.anonymise',
    ]);
    const logged = JSON.stringify(entries);
    for (const value of [
      user.phone,
      user.email,
      'Мария',
      'Соколова',
      'Покровка',
      '203.0.113.7',
      '1990-05-01',
    ]) {
      expect(logged).not.toContain(value);
    }
    const deletion = entries.find((e) => e.action === 'customer.delete');
    expect(deletion?.after).toMatchObject({
      removed: {
        addresses: 1,
        cart: 1,
        sessions: 1,
        restockSubscriptions: 1,
        cartReminders: 1,
        ordersAnonymised: 2,
      },
    });

    const again = await call('DELETE', `/api/admin/customers/${user.id}`, { confirm: user.email ?? '' });
    expect(again.statusCode).toBe(404);
  });
});
