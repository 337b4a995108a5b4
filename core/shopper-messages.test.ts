import { describe, expect, it } from 'vitest';
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
