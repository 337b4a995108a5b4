import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../../core/db/schema/index.ts';
import { insertOrder } from '../../../tests/factories/customers.ts';
import { insertStaff } from '../../../tests/factories/staff.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

interface Row {
  number: number;
  status: string;
  version: number;
  fullName: string;
  total: number;
  tags: string[];
  notes: number;
}

describe.each(engines)('the back office orders list on %s (issue 34)', (engine) => {
  const t = useStaffApp(engine, ['manager'], {
    seed: async () => {
      const db = t.database.db;
      a = (
        await insertOrder(db, {
          fullName: 'Борисова Вера',
          phone: '79160000001',
          status: 'paid',
          payment: 'online',
          getWay: 'self',
          createdAt: new Date('2026-11-10T09:00:00Z'),
          lines: [{ price: 3_000_00 }],
        })
      ).number;
      b = (
        await insertOrder(db, {
          fullName: 'Алексеева Анна',
          phone: '79160000002',
          status: 'paid',
          payment: 'sbp',
          getWay: 'delivery-sdek',
          createdAt: new Date('2026-11-12T09:00:00Z'),
          lines: [{ price: 9_000_00 }],
        })
      ).number;
      c = (
        await insertOrder(db, {
          fullName: 'Викторова Галина',
          phone: '79160000003',
          status: 'cancelled',
          payment: 'online',
          getWay: 'self',
          createdAt: new Date('2026-11-14T09:00:00Z'),
          lines: [{ price: 1_000_00 }],
        })
      ).number;
    },
  });
  let a: number;
  let b: number;
  let c: number;

  const call = t.call;
  const numbers = (rows: Row[]) => rows.map((r) => r.number).filter((n) => [a, b, c].includes(n));

  it('sorts by any whitelisted column, both ways, and refuses another', async () => {
    const byName = await call('GET', '/api/admin/orders/list?sort=fullName&dir=asc');
    expect(byName.statusCode).toBe(200);
    expect(numbers(byName.json().rows)).toEqual([b, a, c]);
    const byTotal = await call('GET', '/api/admin/orders/list?sort=total&dir=desc');
    expect(numbers(byTotal.json().rows)).toEqual([b, a, c]);
    const byDate = await call('GET', '/api/admin/orders/list?sort=createdAt&dir=asc');
    expect(numbers(byDate.json().rows)).toEqual([a, b, c]);
    const bad = await call('GET', '/api/admin/orders/list?sort=phone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sort');
    const injected = await call(
      'GET',
      `/api/admin/orders/list?sort=${encodeURIComponent('number; drop table orders')}`,
    );
    expect(injected.statusCode).toBe(400);
  });

  it('filters by status, payment, delivery, dates and search, and pages', async () => {
    const paidSelf = await call('GET', '/api/admin/orders/list?status=paid&getWay=self');
    expect(numbers(paidSelf.json().rows)).toEqual([a]);
    const sbp = await call('GET', '/api/admin/orders/list?payment=sbp');
    expect(numbers(sbp.json().rows)).toEqual([b]);
    const days = await call('GET', '/api/admin/orders/list?from=2026-11-11&to=2026-11-13');
    expect(numbers(days.json().rows)).toEqual([b]);
    const search = await call('GET', `/api/admin/orders/list?q=${encodeURIComponent('Викторова')}`);
    expect(numbers(search.json().rows)).toEqual([c]);
    const page1 = await call('GET', '/api/admin/orders/list?sort=number&dir=asc&pageSize=2&page=1');
    const page2 = await call('GET', '/api/admin/orders/list?sort=number&dir=asc&pageSize=2&page=2');
    expect(page1.json().rows).toHaveLength(2);
    expect(page1.json().total).toBeGreaterThanOrEqual(3);
    expect(page2.json().rows[0].number).toBeGreaterThan(page1.json().rows[1].number);
    const backwards = await call('GET', '/api/admin/orders/list?from=2026-11-14&to=2026-11-10');
    expect(backwards.statusCode).toBe(400);
  });

  it('keeps tags and notes: tags filter the list, a stale tag edit is a conflict', async () => {
    const set = await call('PUT', `/api/admin/orders/${a}/tags`, { tags: ['VIP', 'подарок'], before: [] });
    expect(set.statusCode).toBe(200);
    expect(set.json().tags).toEqual(['vip', 'подарок']);
    const stale = await call('PUT', `/api/admin/orders/${a}/tags`, { tags: ['другое'], before: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toEqual({ tags: ['vip', 'подарок'] });
    const bad = await call('PUT', `/api/admin/orders/${a}/tags`, { tags: ['<script>'] });
    expect(bad.statusCode).toBe(400);

    const note = await call('POST', `/api/admin/orders/${a}/notes`, { text: 'Позвонить после 18:00' });
    expect(note.statusCode).toBe(200);
    expect(note.json().notes).toEqual([
      expect.objectContaining({ text: 'Позвонить после 18:00', author: t.manager.email }),
    ]);
    expect((await call('POST', `/api/admin/orders/${a}/notes`, { text: '  ' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/orders/99999/notes', { text: 'x' })).statusCode).toBe(404);

    const tagged = await call('GET', '/api/admin/orders/list?tag=vip');
    expect(tagged.json().rows.map((r: Row) => r.number)).toEqual([a]);
    expect(tagged.json().rows[0]).toMatchObject({ tags: ['vip', 'подарок'], notes: 1 });
    expect(tagged.json().tags).toContain('vip');

    const bulk = await call('POST', '/api/admin/orders/bulk/tag', { numbers: [b, c, 99999], tag: 'Опт' });
    expect(bulk.json().results).toEqual([
      { number: b, ok: true },
      { number: c, ok: true },
      { number: 99999, ok: false },
    ]);
    const opt = await call(
      'GET',
      `/api/admin/orders/list?tag=${encodeURIComponent('опт')}&sort=number&dir=asc`,
    );
    expect(opt.json().rows.map((r: Row) => r.number)).toEqual([b, c]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(a)));
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['order.tags', 'order.note']));
  });

  it('takes one step for a selection through the transition table, reporting each order', async () => {
    const list = (await call('GET', '/api/admin/orders/list?sort=number&dir=asc')).json().rows as Row[];
    const rowA = list.find((r) => r.number === a) as Row;
    const rowB = list.find((r) => r.number === b) as Row;
    const rowC = list.find((r) => r.number === c) as Row;
    const res = await call('POST', '/api/admin/orders/bulk/step', {
      to: 'confirmed',
      orders: [
        { number: a, version: rowA.version, from: rowA.status },
        { number: b, version: rowB.version + 5, from: rowB.status },
        { number: c, version: rowC.version, from: rowC.status },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [ra, rb, rc] = res.json().results;
    expect(ra).toEqual({ number: a, ok: true });
    expect(rb).toMatchObject({ number: b, ok: false, conflict: true });
    expect(rc).toMatchObject({ number: c, ok: false, conflict: false });
    expect(rc.message).toMatch(/[А-Яа-я]/);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.number, a));
    expect(after?.status).toBe('confirmed');
    const [untouched] = await t.database.db.select().from(orders).where(eq(orders.number, b));
    expect(untouched?.status).toBe('paid');
  });

  it('is for managers and admins only', async () => {
    const editor = await insertStaff(t.database.db, { role: 'editor' });
    expect((await call('GET', '/api/admin/orders/list', undefined, editor)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/orders/${a}/notes`, { text: 'x' }, editor)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/orders/bulk/tag', { numbers: [a], tag: 'x' }, editor)).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/orders/list' });
    expect(anonymous.statusCode).toBe(401);
  });
});
