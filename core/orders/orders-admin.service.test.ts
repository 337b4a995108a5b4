import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

describe.each(engines)('back-office order list and export on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    // 1,205 orders in one statement: more than one export batch (1,000).
    await t.database.db.execute(sql`
      insert into orders (status, locale, get_way, payment, full_name, phone, email, delivery, goods_total,
        goods_payable, delivery_price, total, consent_version, consent_at, consent_ip, access_key, created_at, expires_at)
      select case when i % 2 = 0 then 'paid' else 'cancelled' end, 'ru', 'self', 'online',
        case when i = 7 then 'Скидка 100%_off' else 'Покупатель ' || i end,
        '7916' || lpad(i::text, 7, '0'), 'b' || i || '@example.ru', '{}'::jsonb, 100000, 100000, 0, 100050,
        'test', now(), '127.0.0.1', md5(i::text), timestamptz '2026-11-01T00:00:00Z' + i * interval '1 minute',
        timestamptz '2026-11-02T00:00:00Z'
      from generate_series(1, 1205) as i`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports every filtered row across batches, newest first, one header and a BOM', async () => {
    let text = '';
    for await (const chunk of await t.services.ordersAdmin.exportCsv({ status: 'cancelled' }, 'en'))
      text += chunk;
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]?.startsWith('\uFEFFNumber;Date (Moscow);State;')).toBe(true);
    expect(lines).toHaveLength(1 + 603);
    const numbers = lines.slice(1).map((l) => Number(l.split(';')[0]));
    expect(new Set(numbers).size).toBe(603);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(lines[1]).toContain(';1000,00;0,00;0,00;1000,50;');
  });

  it('searches a part of a name literally (% and _ are no wildcards) and a fragment of a phone anywhere', async () => {
    const byName = await t.services.ordersAdmin.list({ q: '100%_' });
    expect(byName.rows.map((r) => r.fullName)).toEqual(['Скидка 100%_off']);
    const byFragment = await t.services.ordersAdmin.list({ q: '000-12-05' });
    expect(byFragment.rows.map((r) => r.phone)).toEqual(['79160001205']);
  });

  it('pages with a cursor without gaps or repeats and counts the filtered total', async () => {
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await t.services.ordersAdmin.list({ status: 'paid', limit: 100, before });
      expect(page.total).toBe(602);
      seen.push(...page.rows.map((r) => r.number));
      if (page.next === null) break;
      before = page.next;
    }
    expect(seen).toHaveLength(602);
    expect(new Set(seen).size).toBe(602);
  });
});
