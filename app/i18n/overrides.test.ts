import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { applyTextOverrides, registerDictionary, translate } from './index.ts';
import { ru } from './ru.ts';

describe('interface text overrides on the storefront', () => {
  registerDictionary('ru', ru);
  registerDictionary('en', en);

  it('shows an edition’s override instead of the built-in text, filling its placeholders', () => {
    applyTextOverrides('ru', { 'header.cart': 'Сумка', 'catalog.count.many': 'всего {count}' });
    expect(translate('ru', 'header.cart')).toBe('Сумка');
    expect(translate('ru', 'catalog.count.many', { count: 7 })).toBe('всего 7');
    // The other edition keeps its own texts.
    expect(translate('en', 'header.cart')).toBe(en['header.cart']);
  });

  it('goes back to the built-in text when the override is reset', () => {
    applyTextOverrides('ru', { 'header.cart': 'Сумка' });
    applyTextOverrides('ru', {});
    expect(translate('ru', 'header.cart')).toBe(ru['header.cart']);
  });
});
