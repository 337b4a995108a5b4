import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { en } from '../../../app/i18n/en.ts';
import { ru } from '../../../app/i18n/ru.ts';
import { auditLog, textOverrides } from '../../../core/db/schema/index.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('back office interface texts on %s', (engine) => {
  const t = useStaffApp(engine, ['editor', 'manager'], { settings: true });

  const call = t.call;
  const overrides = () => t.database.db.select().from(textOverrides);
  /** The editor's wording of a text, saved as by one who has seen no override of it (updatedAt null). */
  const putText = (locale: string, key: string, value: string) =>
    call('PUT', '/api/admin/texts', { locale, key, value, updatedAt: null });

  it('lists every built-in text of both editions; editors only', async () => {
    expect((await call('GET', '/api/admin/texts', undefined, t.manager)).statusCode).toBe(403);
    const res = await call('GET', '/api/admin/texts');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows;
    expect(rows).toHaveLength(Object.keys(ru).length);
    expect(rows.find((r: { key: string }) => r.key === 'header.cart')).toEqual({
      key: 'header.cart',
      ru: { builtIn: ru['header.cart'], override: null },
      en: { builtIn: en['header.cart'], override: null },
    });
  });

  it('overrides a text; the storefront reads it at once; reset brings the built-in one back', async () => {
    expect(await t.services.texts.getOverrides('ru')).toEqual({});
    const saved = await putText('ru', 'header.cart', 'Сумка');
    expect(saved.statusCode).toBe(200);
    expect(await t.services.texts.getOverrides('ru')).toEqual({ 'header.cart': 'Сумка' });
    expect(await t.services.texts.getOverrides('en')).toEqual({});
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'text'), eq(auditLog.entityId, 'ru:header.cart')));
    expect(entry).toMatchObject({ action: 'text.update', actorId: t.editor.userId });
    expect(entry?.before).toEqual({ value: ru['header.cart'], overridden: false });

    // A second editor who saw the built-in text is refused with the newer one.
    const stale = await putText('ru', 'header.cart', 'Мешок');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.value).toBe('Сумка');

    const reset = await call('POST', '/api/admin/texts/reset', {
      locale: 'ru',
      key: 'header.cart',
      updatedAt: saved.json().text.updatedAt,
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.services.texts.getOverrides('ru')).toEqual({});
    expect(await overrides()).toHaveLength(0);
  });

  it.each([
    [{ key: 'no.such.key', value: 'x' }, 'key'],
    [{ key: 'header.cart', value: '   ' }, 'value'],
    [{ key: 'catalog.count.few', value: 'несколько товаров' }, 'value'],
    [{ key: 'header.cart', value: 'Корзина {count}' }, 'value'],
    [{ key: 'header.cart', value: 'я'.repeat(2001) }, 'value'],
    [{ key: 'header cart!', value: 'x' }, 'key'],
    [{ locale: 'de', key: 'header.cart', value: 'x' }, 'locale'],
  ])('refuses %o naming the field, storing nothing', async (patch, field) => {
    const res = await call('PUT', '/api/admin/texts', { locale: 'ru', updatedAt: null, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await overrides()).toHaveLength(0);
  });

  it('keeps placeholders: a text with {count} is accepted', async () => {
    const res = await putText('en', 'catalog.count.one', '{count} piece');
    expect(res.statusCode).toBe(200);
    expect(await t.services.texts.getOverrides('en')).toEqual({ 'catalog.count.one': '{count} piece' });
  });
});
