import { describe, expect, it } from 'vitest';
import { clampCount, goodsTotal, preorderState } from './cart.rules.ts';

describe('clampCount (checkout.md §5)', () => {
  it('keeps counts from 1 to 100', () => {
    expect(clampCount(1)).toBe(1);
    expect(clampCount(57)).toBe(57);
    expect(clampCount(100)).toBe(100);
  });

  it('clamps typed values instead of refusing them', () => {
    expect(clampCount(0)).toBe(1);
    expect(clampCount(-4)).toBe(1);
    expect(clampCount(250)).toBe(100);
    expect(clampCount(3.7)).toBe(3);
    expect(clampCount(Number.NaN)).toBe(1);
  });

  it('never goes above the stock of the variant', () => {
    expect(clampCount(5, 2)).toBe(2);
    expect(clampCount(5, 0)).toBe(1);
  });
});

describe('preorderState (DECISIONS 9)', () => {
  it('is none, has or full by the pre-order lines without stock', () => {
    expect(preorderState([{ stock: 3, preorder: true }])).toBe('none');
    expect(
      preorderState([
        { stock: 0, preorder: true },
        { stock: 2, preorder: false },
      ]),
    ).toBe('has');
    expect(preorderState([{ stock: 0, preorder: true }])).toBe('full');
    expect(preorderState([])).toBe('none');
  });
});

describe('goodsTotal', () => {
  it('adds price times count in kopecks', () => {
    expect(
      goodsTotal([
        { price: 12_990_00, count: 2 },
        { price: 2_490_00, count: 1 },
      ]),
    ).toBe(28_470_00);
  });
});
