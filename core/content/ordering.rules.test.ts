import { describe, expect, it } from 'vitest';
import { namesEveryOnce } from './ordering.rules.ts';

describe('a staff order of a list', () => {
  it('names every item once', () => {
    expect(namesEveryOnce(['b', 'a', 'c'], ['a', 'b', 'c'])).toBe(true);
    expect(namesEveryOnce([], [])).toBe(true);
  });
  it('is refused when it repeats, misses or adds an item', () => {
    expect(namesEveryOnce(['a', 'a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(namesEveryOnce(['a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(namesEveryOnce(['a', 'b', 'c', 'd'], ['a', 'b', 'c'])).toBe(false);
    expect(namesEveryOnce(['a', 'b', 'd'], ['a', 'b', 'c'])).toBe(false);
  });
});
