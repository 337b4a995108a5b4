import { describe, expect, it } from 'vitest';
import { lookItemIds, missingChoices, sortCategoriesByName } from './looks.rules.ts';

describe('looks rules', () => {
  it('offers each tagged product once, in the order of the tags', () => {
    expect(lookItemIds([{ productID: 'b' }, { productID: 'a' }, { productID: 'b' }])).toEqual(['b', 'a']);
    expect(lookItemIds([])).toEqual([]);
  });

  it('names the items still without a size', () => {
    expect(missingChoices(['a', 'b', 'c'], { a: 'a-M', c: '' })).toEqual(['b', 'c']);
    expect(missingChoices(['a'], { a: 'a-S' })).toEqual([]);
  });

  it('sorts categories by name on the client (catalogue.md §9), ignoring case', () => {
    const sorted = sortCategoriesByName([{ name: 'осень' }, { name: 'Весна' }, { name: 'лето' }], 'ru');
    expect(sorted.map((c) => c.name)).toEqual(['Весна', 'лето', 'осень']);
  });
});
