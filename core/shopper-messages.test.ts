import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deliveryMessages } from './delivery/delivery.messages.ts';
import { AppError } from './errors.ts';
import { locales } from './i18n.ts';
import { placeholders, type ShopperMessageKey, shopperMessage, shopperMessages } from './shopper-messages.ts';

const keys = Object.keys(shopperMessages) as ShopperMessageKey[];

describe('the shopper message catalogue (issue 21: Russian everywhere)', () => {
  it.each(keys)('%s has a Russian and an English text with the same placeholders', (key) => {
    const entry = shopperMessages[key];
    for (const locale of locales) expect(entry[locale].trim(), `${key} ${locale}`).not.toBe('');
    // Russian in Russian, English without Cyrillic.
    expect(entry.ru, key).toMatch(/[а-яё]/i);
    expect(entry.en, key).not.toMatch(/[а-яё]/i);
    expect(entry.ru, key).not.toBe(entry.en);
    expect(placeholders(entry.ru), key).toEqual(placeholders(entry.en));
  });

  it('fills placeholders and keeps the unknown ones', () => {
    expect(shopperMessage('request.invalid_field', 'ru', { field: 'phone' })).toBe(
      'Неверное значение поля «phone»',
    );
    expect(shopperMessage('request.invalid_field', 'en', { field: 'phone' })).toBe('Invalid value of phone');
    expect(shopperMessage('server.internal', 'en')).toBe('Internal error (request {requestId})');
    // A parameter's value is text, never a pattern.
    expect(shopperMessage('request.invalid_field', 'en', { field: '$& {field}' })).toBe(
      'Invalid value of $& {field}',
    );
  });

  it('an AppError with a key speaks the request’s language and logs in English', () => {
    const error = new AppError('not_found', { key: 'order.not_found' });
    expect(error.message).toBe('Order not found');
    expect(error.localized('ru')).toBe('Заказ не найден');
    expect(error.localized('en')).toBe('Order not found');
    // A text given as it is stays as it is.
    expect(new AppError('conflict', 'Уже есть').localized('en')).toBe('Уже есть');
  });
});

/**
 * Every server module a shopper's request runs through speaks from the catalogue: none holds a
 * Russian text of its own (which would reach an English shopper as it is, or split the wording).
 * Comments and the data values listed below are not messages.
 */
describe('shopper-facing server code has no texts of its own', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // The 1C exchange answers 1C, whose operator reads Russian only (docs/decisions/0044): no shopper
  // request runs through it.
  const notShopperFacing = new Set(['exchange-1c.routes.ts']);
  const routes = readdirSync(join(root, 'server/routes'))
    .filter((f) => f.endsWith('.routes.ts') && !notShopperFacing.has(f))
    .map((f) => `server/routes/${f}`);
  const modules = [
    ...routes,
    'server/session.ts',
    'server/errors.ts',
    'server/request.ts',
    'core/accounts/auth.service.ts',
    'core/accounts/users.service.ts',
    'core/engagement/engagement.service.ts',
    'core/orders/order-status.service.ts',
    'core/orders/orders.service.ts',
    'core/orders/order-access.ts',
    'core/orders/order-transition.service.ts',
    'core/orders/payment-start.service.ts',
    'core/orders/payment-notices.service.ts',
    'core/orders/place-order/price-order.step.ts',
    'core/orders/place-order/reserve-stock.step.ts',
    'core/orders/place-order/consume-promo.step.ts',
    'core/orders/place-order/record-order.step.ts',
    'core/orders/place-order/idempotency.ts',
    'core/payments/payments.service.ts',
  ];
  /** Values of the spec's answers, not messages: the country name `/api/wg-cities` returns. */
  const dataValues = new Set(['Россия']);

  it.each(modules)('%s', (path) => {
    const source = readFileSync(join(root, path), 'utf8');
    const texts = source
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .flatMap((line) => [...line.matchAll(/(['`"])((?:(?!\1).)*[\u0400-\u04ff](?:(?!\1).)*)\1/g)])
      .map((m) => m[2] as string)
      .filter((text) => !dataValues.has(text));
    expect(texts).toEqual([]);
  });

  it('the spec’s delivery texts are there in both languages', () => {
    for (const [key, entry] of Object.entries(deliveryMessages)) {
      expect(entry.ru, key).toMatch(/[а-яё]/i);
      expect(entry.en, key).not.toMatch(/[а-яё]/i);
    }
  });
});
