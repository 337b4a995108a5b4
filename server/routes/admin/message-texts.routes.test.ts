import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, messageTexts } from '../../../core/db/schema/index.ts';
import { listOutbox } from '../../../core/providers/outbox.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('the wording of messages in the back office on %s', (engine) => {
  let variant = '';
  const t = useStaffApp(engine, ['editor', 'manager'], {
    settings: true,
    seed: async ({ database }) => {
      const { slug } = await insertCategory(database.db);
      const g = await insertProductGroup(database.db, { categorySlug: slug, price: 5_000_00 }, [
        { size: 'S', stock: 10 },
      ]);
      variant = `${g.id}-S`;
    },
  });

  const save = (body: object, staff = t.editor) => t.call('PUT', '/api/admin/message-texts', body, staff);
  /** The editor's wording of a text, saved as by one who has seen no override of it (updatedAt null). */
  const saveNew = (locale: string, key: string, value: string) =>
    save({ locale, key, value, updatedAt: null });

  it('an editor sees each text beside its built-in one, saves a wording that keeps its placeholders, and the next order message uses it', async () => {
    const { editor } = t;
    const list = await t.call('GET', '/api/admin/message-texts');
    expect(list.statusCode).toBe(200);
    const row = list.json().rows.find((r: { key: string }) => r.key === 'order.created.title');
    expect(row).toMatchObject({ ru: { builtIn: 'Заказ №{number} принят', override: null } });

    const saved = await saveNew('ru', 'order.created.title', 'Спасибо! Заказ №{number} у нас');
    expect(saved.statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'ru:order.created.title'));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'message-text.update', actorId: editor.userId }),
    ]);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: '10.55.0.1',
      payload: {
        getWay: 'self',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone: '79995550101',
        email: 'wording@example.ru',
        products: [{ _id: variant, count: 1 }],
        consent: true,
      },
    });
    expect(placed.statusCode).toBe(200);
    const number = placed.json().order.orderID;
    await t.services.jobs.runDue();
    const mails = await listOutbox(t.database.db, { channel: 'email', recipient: 'wording@example.ru' });
    expect(mails.map((m) => m.payload.subject)).toContain(`Спасибо! Заказ №${number} у нас`);

    const preview = await t.call('GET', '/api/admin/message-texts/preview?kind=order.created&locale=ru');
    expect(preview.statusCode).toBe(200);
    expect(preview.json().message.subject).toBe('Спасибо! Заказ №10234 у нас');
    expect(preview.json().message.html).toContain('<!doctype html>');

    const reset = await t.call('POST', '/api/admin/message-texts/reset', {
      locale: 'ru',
      key: 'order.created.title',
      updatedAt: saved.json().text.updatedAt,
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.database.db.select().from(messageTexts)).toEqual([]);
  });

  it('refuses a wording that drops or invents a placeholder, an unknown text or an empty one, naming the field, and stores nothing', async () => {
    const cases = [
      [{ key: 'order.paid.title', value: 'Заказ оплачен' }, 'value'],
      [{ key: 'order.paid.note', value: 'Оплачено {amount}' }, 'value'],
      [{ key: 'no.such.text', value: 'Привет' }, 'key'],
      [{ key: 'cart.subject', value: '   ' }, 'value'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await save({ locale: 'ru', updatedAt: null, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await t.database.db.select().from(messageTexts)).toEqual([]);
  });

  it('a stale save gets 409 with the newer wording, never overwriting it', async () => {
    const first = await saveNew('en', 'cart.note', 'Still here for you.');
    expect(first.statusCode).toBe(200);
    const second = await saveNew('en', 'cart.note', 'Come back!');
    expect(second.statusCode).toBe(409);
    expect(second.json().current).toMatchObject({ value: 'Still here for you.' });
    const [row] = await t.database.db.select().from(messageTexts).where(eq(messageTexts.key, 'cart.note'));
    expect(row?.value).toBe('Still here for you.');
  });

  it('managers are refused: the wording is an editor’s work', async () => {
    const res = await save({ locale: 'ru', key: 'cart.note', value: 'x', updatedAt: null }, t.manager);
    expect(res.statusCode).toBe(403);
    const list = await t.call('GET', '/api/admin/message-texts', undefined, t.manager);
    expect(list.statusCode).toBe(403);
  });
});
