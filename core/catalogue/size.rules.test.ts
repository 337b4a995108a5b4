import { describe, expect, it } from 'vitest';
import { compareSizes, groupSizes } from './size.rules.ts';

const sorted = (sizes: string[]) => [...sizes].sort(compareSizes);

describe('compareSizes (catalogue.md §5)', () => {
  it('orders letter sizes by the size list', () => {
    expect(sorted(['XL', 'S', 'XXS', 'M', 'XXL', 'XS', 'L'])).toEqual([
      'XXS',
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
    ]);
  });

  it('reads the letter part before a dash, space or slash', () => {
    expect(sorted(['L/XL', 'XS-S', 'M 46'])).toEqual(['XS-S', 'M 46', 'L/XL']);
  });

  it('orders numeric sizes numerically with 1/2 as .5', () => {
    expect(sorted(['40', '38 1/2', '9', '38', '39.5'])).toEqual(['9', '38', '38 1/2', '39.5', '40']);
  });

  it('puts letter sizes before unknown ones', () => {
    expect(sorted(['One size', 'M', 'S'])).toEqual(['S', 'M', 'One size']);
  });
});

describe('compareSizes with numeric ranges', () => {
  it('orders ranges by their first number', () => {
    expect(sorted(['104-110', '92-98', '44/46', '42/44', '48 1/2'])).toEqual([
      '42/44',
      '44/46',
      '48 1/2',
      '92-98',
      '104-110',
    ]);
  });
});

describe('groupSizes (the size filter, issue 35)', () => {
  it('keeps letter and numeric sizes apart, each in order, and the rest on its own', () => {
    expect(groupSizes(['42', 'M', 'One size', '36', 'XS', '40 1/2', 'L/XL'])).toEqual({
      letter: ['XS', 'M', 'L/XL'],
      numeric: ['36', '40 1/2', '42'],
      other: ['One size'],
    });
  });

  it('gives empty groups for sizes of one kind', () => {
    expect(groupSizes(['S', 'M'])).toEqual({ letter: ['S', 'M'], numeric: [], other: [] });
  });
});
