import { describe, expect, it } from 'vitest';
import { checkTextOverride, MAX_TEXT_LENGTH, placeholders } from './texts.rules.ts';

describe('interface text overrides', () => {
  it('lists placeholders once each', () => {
    expect(placeholders('{count} из {n}, ещё {n}')).toEqual(['count', 'n']);
    expect(placeholders('Корзина')).toEqual([]);
  });

  it('accepts a text that keeps every placeholder', () => {
    expect(checkTextOverride('Ещё {n} шт.', 'Осталось {n}')).toBeNull();
    expect(checkTextOverride('Корзина', 'Сумка')).toBeNull();
  });

  it('refuses a key the dictionaries do not have', () => {
    expect(checkTextOverride(undefined, 'x')).toEqual({ kind: 'unknown_key' });
  });

  it('refuses a text that drops or invents a placeholder', () => {
    expect(checkTextOverride('Ещё {n} шт.', 'Осталось мало')).toEqual({
      kind: 'missing_placeholder',
      name: 'n',
    });
    expect(checkTextOverride('Корзина', 'Корзина {count}')).toEqual({
      kind: 'extra_placeholder',
      name: 'count',
    });
  });

  it('refuses an empty or an overlong text', () => {
    expect(checkTextOverride('Корзина', '  ')).toEqual({ kind: 'empty' });
    expect(checkTextOverride('Корзина', 'я'.repeat(MAX_TEXT_LENGTH + 1))).toEqual({
      kind: 'too_long',
      max: MAX_TEXT_LENGTH,
    });
  });
});
