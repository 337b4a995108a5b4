import { describe, expect, it } from 'vitest';
import { shipments } from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../../tests/factories/orders.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('the shipping desk’s printouts on %s (issue 33)', (engine) => {
  const t = useStaffApp(engine, ['manager', 'editor'], {
    seed: async () => {
      const db = t.database.db;
      const category = (await insertCategory(db)).slug;
      const group = await insertProductGroup(db, { categorySlug: category, price: 4_990_00 }, [
        { size: 'M', stock: 5 },
      ]);
      first = (
        await insertPlacedOrder(db, {
          fullName: 'Иванова Анна',
          phone: '79161234567',
          email: 'anna@example.com',
          getWay: 'self-sdek',
          comment: 'Позвоните за час',
          lines: [{ variantId: `${group.id}-M`, groupId: group.id, price: 4_990_00, count: 2 }],
        })
      ).order.number;
      second = (
        await insertPlacedOrder(db, {
          fullName: 'Jane Doe',
          phone: '4930123456',
          getWay: 'delivery-sdek',
          lines: [{ variantId: `${group.id}-M`, groupId: group.id, price: 4_990_00, count: 1 }],
        })
      ).order.number;
      await db.insert(shipments).values({
        orderNumber: second,
        carrier: 'dhl',
        carrierId: '5000000001',
        trackingNumber: '5000000001',
        documents: [{ kind: 'label', contentType: 'application/pdf', base64: label.toString('base64') }],
      });
    },
  });
  let first: number;
  let second: number;
  const label = Buffer.from('%PDF-1.4\n% DHL label\n%%EOF\n');

  const get = (url: string, staff = t.manager) =>
    t.app.inject({ method: 'GET', url, headers: staff.headers });

  it('gives the carrier’s label as the PDF the carrier sent, and says in Russian when there is none', async () => {
    expect((await get(`/api/admin/orders/${second}/documents`)).json()).toEqual({
      result: true,
      kinds: ['label'],
    });
    expect((await get(`/api/admin/orders/${first}/documents`)).json()).toEqual({ result: true, kinds: [] });
    const res = await get(`/api/admin/orders/${second}/documents/label`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="dhl-label-${second}.pdf"`);
    expect(res.rawPayload.equals(label)).toBe(true);

    const none = await get(`/api/admin/orders/${second}/documents/invoice`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('У этого отправления нет такого документа перевозчика');
    expect((await get(`/api/admin/orders/${first}/documents/label`)).statusCode).toBe(404);
    expect((await get(`/api/admin/orders/${second}/documents/passport`)).statusCode).toBe(400);
    expect((await get(`/api/admin/orders/${second}/documents/label`, t.editor)).statusCode).toBe(403);
  });

  it('prints packing slips for a selection: the buyer, the delivery, each line with its barcode, size and count, in Russian and without prices', async () => {
    const res = await get(`/api/admin/orders/packing-slips?numbers=${first},${second},99999`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.match(/<section class="slip">/g)).toHaveLength(2);
    expect(html).toContain(`Заказ № ${first} от`);
    expect(html).toContain('Иванова Анна');
    expect(html).toContain('+7 916 123-45-67');
    expect(html).toContain('Позвоните за час');
    expect(html).toMatch(
      /<td class="code">[^<]+barcode<\/td><td>Платье<\/td><td>S<\/td><td class="num">2<\/td><td class="tick"><\/td>/,
    );
    expect(html).toContain('Всего предметов');
    // No prices: the parcel may be opened by the recipient or the carrier.
    expect(html).not.toMatch(/₽|4\s990/);
    expect(html).toContain('5000000001');
    // The order of the selection is kept; staff read words, not code values.
    expect(html.indexOf(`№ ${first}`)).toBeLessThan(html.indexOf(`№ ${second}`));
    for (const code of ['self-sdek', 'delivery-sdek', '>online<', 'paid']) expect(html).not.toContain(code);
    // The page's styles carry the response's nonce: the policy lets them, and only them, apply.
    const nonce = /'nonce-([^']+)'/.exec(
      String(res.headers['content-security-policy']).split('style-src')[1] ?? '',
    )?.[1];
    expect(nonce && html.includes(`<style nonce="${nonce}">`)).toBe(true);
  });

  it('refuses a selection of nothing that exists, malformed numbers, and staff who do not pack', async () => {
    const none = await get('/api/admin/orders/packing-slips?numbers=99998,99999');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/^Выберите заказы для печати/);
    expect((await get('/api/admin/orders/packing-slips?numbers=abc')).statusCode).toBe(400);
    expect((await get('/api/admin/orders/packing-slips')).statusCode).toBe(400);
    expect((await get(`/api/admin/orders/packing-slips?numbers=${first}`, t.editor)).statusCode).toBe(403);
  });
});
