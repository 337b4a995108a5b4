import { describe, expect, it } from 'vitest';
import { canAddToCart, maxOrderable, sizeAvailability } from './stock.rules.ts';

describe('sizeAvailability (catalogue.md §4)', () => {
  it('labels 1 and 2 in stock as low stock and 3 as in stock', () => {
    expect(sizeAvailability({ stock: 1, preorder: false })).toBe('low_stock');
    expect(sizeAvailability({ stock: 2, preorder: false })).toBe('low_stock');
    expect(sizeAvailability({ stock: 3, preorder: false })).toBe('in_stock');
  });

  it('labels zero stock as pre-order when pre-orderable, else sold out', () => {
    expect(sizeAvailability({ stock: 0, preorder: true })).toBe('preorder');
    expect(sizeAvailability({ stock: 0, preorder: false })).toBe('sold_out');
  });
});

describe('cart limits (DECISIONS 26)', () => {
  it('lets a variant into the cart with stock or pre-order only', () => {
    expect(canAddToCart({ stock: 1, preorder: false })).toBe(true);
    expect(canAddToCart({ stock: 0, preorder: true })).toBe(true);
    expect(canAddToCart({ stock: 0, preorder: false })).toBe(false);
  });

  it('caps the count at the stock, pre-order aside, and never above 100', () => {
    expect(maxOrderable({ stock: 4, preorder: false })).toBe(4);
    expect(maxOrderable({ stock: 500, preorder: false })).toBe(100);
    expect(maxOrderable({ stock: 0, preorder: true })).toBe(100);
  });
});
