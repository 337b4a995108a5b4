import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bulkChange } from './catalogue/catalogue-admin.schemas.ts';
import { getWays } from './delivery/delivery.rules.ts';
import { locales } from './i18n.ts';
import { orderStatuses } from './orders/order.rules.ts';
import { paymentMethods } from './payments/payment.rules.ts';
import {
  auditActionCodes,
  auditActionName,
  auditActorText,
  auditEntityName,
  auditFieldName,
  auditFieldNamed,
  auditValue,
  deliveryWayName,
  editionName,
  eventCauseText,
  jobKindName,
  orderStatusName,
  paymentMethodName,
  paymentNoticeName,
  paymentProviderName,
  placeholders,
  roleName,
  type StaffMessageKey,
  serviceKindName,
  staffMessages,
  staffPlural,
  staffPlurals,
} from './staff-messages.ts';

const keys = Object.keys(staffMessages) as StaffMessageKey[];
/** Brand names read the same in both languages. */
const brands = new Set(['carrier.boxberry', 'carrier.dhl']);

describe('the staff message catalogue (issue 34: the back office speaks Russian)', () => {
  it.each(keys)('%s has a Russian and an English text with the same placeholders', (key) => {
    const entry = staffMessages[key];
    for (const locale of locales) expect(entry[locale].trim(), `${key} ${locale}`).not.toBe('');
    expect(entry.en, key).not.toMatch(/[а-яё]/i);
    if (!brands.has(key)) {
      expect(entry.ru, key).toMatch(/[а-яё]/i);
      expect(entry.ru, key).not.toBe(entry.en);
    }
    expect(placeholders(entry.ru), key).toEqual(placeholders(entry.en));
  });

  it.each(Object.keys(staffPlurals) as (keyof typeof staffPlurals)[])('%s has every plural form', (key) => {
    const forms = staffPlurals[key];
    for (const text of Object.values(forms.ru)) expect(placeholders(text)).toEqual(['count']);
    for (const text of Object.values(forms.en)) expect(placeholders(text)).toEqual(['count']);
    for (const text of Object.values(forms.ru)) expect(text).toMatch(/[а-яё]/i);
  });

  it('counts in Russian with one, few and many', () => {
    expect(staffPlural('paidOrders', 1, 'ru')).toBe('1 оплаченный заказ');
    expect(staffPlural('paidOrders', 2, 'ru')).toBe('2 оплаченных заказа');
    expect(staffPlural('paidOrders', 5, 'ru')).toBe('5 оплаченных заказов');
    expect(staffPlural('paidOrders', 21, 'ru')).toBe('21 оплаченный заказ');
    expect(staffPlural('paidOrders', 11, 'ru')).toBe('11 оплаченных заказов');
    expect(staffPlural('paidOrders', 0, 'ru')).toBe('0 оплаченных заказов');
    expect(staffPlural('paidOrders', 1, 'en')).toBe('1 paid order');
    expect(staffPlural('paidOrders', 3, 'en')).toBe('3 paid orders');
  });

  it('names every order status, payment method and delivery method, never by its code', () => {
    for (const status of orderStatuses) expect(orderStatusName(status, 'ru')).toMatch(/^[А-ЯЁ][а-яё ]+$/);
    for (const payment of paymentMethods) expect(paymentMethodName(payment, 'ru')).toMatch(/[А-ЯЁа-яё]/);
    for (const way of getWays) expect(deliveryWayName(way, 'ru')).toMatch(/[а-яё]/);
    expect(roleName('manager', 'ru')).toBe('Менеджер');
  });

  it('reads the order history’s causes in Russian with roubles', () => {
    expect(eventCauseText('payment started (card)', 'ru')).toBe('Начата оплата картой');
    expect(eventCauseText('created', 'ru')).toBe('Заказ оформлен');
    expect(eventCauseText('confirmed by staff (m@shop.test): called the buyer', 'ru')).toBe(
      'Подтверждён: сотрудник m@shop.test: called the buyer',
    );
    expect(eventCauseText('shipped by sdek status DELIVERED (webhook)', 'ru')).toBe(
      'Передан перевозчику: по данным перевозчика СДЭК',
    );
    expect(eventCauseText('refund succeeded (1500000 kopecks, r-1)', 'ru')).toBe(
      'Возврат денег 15\u00a0000\u00a0₽: Проведён',
    );
    expect(eventCauseText('return R5001 refund failed (250050 kopecks, bank)', 'ru')).toBe(
      'Возврат R5001: деньги 2\u00a0500,50\u00a0₽, Банк не принял — повторите',
    );
    expect(eventCauseText('something new nobody wrote here', 'ru')).toBe('Изменение статуса');
    for (const cause of ['payment declined', 'not paid in time', 'payment confirmed by the provider'])
      expect(eventCauseText(cause, 'ru')).toMatch(/^[А-ЯЁ]/);
  });

  it('reads an audit change of the free delivery threshold in roubles', () => {
    expect(auditFieldName('freeDeliveryMin', 'ru')).toBe('Порог бесплатной доставки');
    expect(auditValue('freeDeliveryMin', 1500000, 'ru')).toBe('15\u00a0000\u00a0₽');
    expect(auditValue('payments.twoStage', ['delivery-sdek', 'self'], 'ru')).toBe(
      'Курьер СДЭК, Самовывоз из магазина',
    );
    expect(auditValue('payments.hepay', true, 'ru')).toBe('да');
    expect(auditFieldName('payments.hepay', 'ru')).toBe('Оплата по ссылке');
  });

  it('reads an audit record of an order refund: its state by name and its sum in roubles', () => {
    expect(auditFieldName('refund', 'ru')).toBe('Возврат денег');
    expect(auditValue('refund', 'started', 'ru')).toBe('Отправлен в банк');
    expect(auditValue('refund', 'succeeded', 'ru')).toBe('Проведён');
    expect(auditFieldName('amount', 'ru')).toBe('Сумма');
    expect(auditValue('amount', 2198000, 'ru')).toBe('21\u00a0980\u00a0₽');
    expect(auditValue('refund.amount', 150050, 'ru')).toMatch(/^1\u00a0500,50\u00a0₽$/);
  });

  it('reads an import record: the whole path names a count (changed.stock is not the stock), the kind by name', () => {
    expect(auditFieldName('changed.stock', 'ru')).toBe('Изменено остатков');
    expect(auditFieldName('changed.groups', 'ru')).toBe('Изменено товаров');
    expect(auditValue('kind', 'csv-products', 'ru')).toBe('CSV: товары');
    // A field the catalogue does not name has no staff name: the screen folds it under details.
    expect(auditFieldNamed('internal.key', 'ru')).toBeNull();
  });
});

/** Every literal `action: '…'` and `entityType: '…'` the services under core/ record in the audit log. */
function recorded(field: 'action' | 'entityType'): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // core/db declares the columns (`entityType: text('entity_type')`), it records nothing.
      if (entry.isDirectory()) {
        if (entry.name !== 'db') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = readFileSync(path, 'utf8');
        const pattern = new RegExp(`${field}: [^,\\n]*`, 'g');
        for (const expression of text.match(pattern) ?? [])
          for (const [, code] of expression.matchAll(/'([a-z_-]+(?:\.[a-z_-]+)*)'/g))
            found.add(code as string);
      }
    }
  };
  walk(import.meta.dirname);
  return [...found].sort();
}

describe('the audit log and payment notices by name', () => {
  it('names every action a service records, and every entity, in Russian', () => {
    const actions = recorded('action').filter((a) => a.includes('.'));
    expect(actions).toContain('order.refund');
    expect(actions).toContain('product.update');
    for (const action of actions) {
      expect(auditActionCodes, action).toContain(action);
      expect(auditActionName(action, 'ru'), action).toMatch(/^[А-ЯЁ][^a-z]*$/);
    }
    for (const type of recorded('entityType'))
      expect(auditEntityName(type, 'ru'), type).not.toBe(auditEntityName('no-such-kind', 'ru'));
  });

  it('names the computed actions: an order’s step and each bulk change', () => {
    for (const status of orderStatuses)
      expect(auditActionName(`order.${status}`, 'ru')).toBe(`Заказ: ${orderStatusName(status, 'ru')}`);
    const kinds = bulkChange.options.map((o) => o.shape.kind.value);
    for (const kind of kinds) expect(auditActionCodes).toContain(`product.bulk-${kind}`);
  });

  it('reads an unknown action, entity or notice in Russian words, never its code', () => {
    expect(auditActionName('order.refund', 'ru')).toBe('Возврат денег по заказу');
    expect(auditActionName('order.confirmed', 'ru')).toBe('Заказ: Подтверждён');
    expect(auditActionName('widget.frobnicate', 'ru')).toBe('Изменение');
    expect(auditActionName('order.lost', 'ru')).toBe('Изменение');
    expect(auditEntityName('widget', 'ru')).toBe('Запись');
    expect(paymentNoticeName('paid', 'ru')).toBe('Оплачено');
    expect(paymentNoticeName('declined', 'ru')).toBe('Отклонено');
    expect(paymentNoticeName('refunded-somehow', 'ru')).toBe('Уведомление банка');
    expect(paymentProviderName('tbank', 'ru')).toBe('Т-Банк');
    expect(editionName('en', 'ru')).toBe('английская версия');
    expect(auditActorText('m@shop.test (manager)', 'ru')).toBe('m@shop.test (Менеджер)');
    expect(auditActorText('shop', 'ru')).toBe('Магазин (автоматически)');
    expect(auditActorText('1C', 'ru')).toBe('1C');
  });
});

describe('background jobs and external services by name', () => {
  /** Every job kind the services register: literal ones and their `*_JOB` constants. */
  function registeredKinds(): string[] {
    const kinds = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const text = readFileSync(path, 'utf8');
          for (const [, kind] of text.matchAll(/jobs\.register\('([^']+)'/g)) kinds.add(kind as string);
          for (const [, kind] of text.matchAll(/_JOB = '([^']+)'/g)) kinds.add(kind as string);
        }
      }
    };
    walk(import.meta.dirname);
    return [...kinds].sort();
  }

  it('names every job kind a service registers, never by its code', () => {
    const kinds = registeredKinds();
    expect(kinds).toContain('order-message');
    expect(kinds).toContain('orders.expire');
    for (const kind of kinds)
      expect(jobKindName(kind, 'ru'), kind).not.toBe(jobKindName('no-such-job', 'ru'));
    expect(jobKindName('no-such-job', 'ru')).toBe('Фоновая задача');
  });

  it('names every kind of external service the shop calls', () => {
    for (const kind of ['payments', 'sms', 'email', 'carriers', 'internationalCarrier', 'crm', 'geocoder'])
      expect(serviceKindName(kind, 'ru'), kind).toMatch(/[а-яё]/i);
    expect(serviceKindName('somethingNew', 'ru')).toBe('Внешний сервис');
  });
});
