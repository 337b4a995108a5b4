import { describe, expect, it } from 'vitest';
import { isCartCookie, isFavoritesCookie, readCookie, readJsonCookie } from './cookies.rules.ts';

const cookie = (value: unknown) => `a=1; cart=${encodeURIComponent(JSON.stringify(value))}; b=2`;

describe('reading the shop cookies', () => {
  it('reads a valid cart', () => {
    expect(readJsonCookie(cookie([{ _id: 'x-m', count: 2 }]), 'cart', isCartCookie, [])).toEqual([
      { _id: 'x-m', count: 2 },
    ]);
  });

  it('reads a tampered or malformed cart as empty', () => {
    for (const bad of [
      [{ _id: 'x', count: 0 }],
      [{ _id: 'x', count: 101 }],
      [{ _id: '', count: 1 }],
      [{ count: 1 }],
      { _id: 'x' },
      'x',
    ]) {
      expect(readJsonCookie(cookie(bad), 'cart', isCartCookie, [])).toEqual([]);
    }
    expect(readJsonCookie('cart=%7Bnot-json', 'cart', isCartCookie, [])).toEqual([]);
    expect(readJsonCookie('cart=%E0%A4%A', 'cart', isCartCookie, [])).toEqual([]);
    expect(readJsonCookie(undefined, 'cart', isCartCookie, [])).toEqual([]);
  });

  it('reads favourites as a list of ids', () => {
    expect(isFavoritesCookie(['a', 'b'])).toBe(true);
    expect(isFavoritesCookie(['a', 3])).toBe(false);
    expect(isFavoritesCookie(Array.from({ length: 501 }, (_, i) => `id${i}`))).toBe(false);
  });

  it('finds a cookie by exact name', () => {
    expect(readCookie('shi-currency=EUR; currency=USD', 'currency')).toBe('USD');
    expect(readCookie('x=1', 'currency')).toBeNull();
  });
});
