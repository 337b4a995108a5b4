import { describe, expect, it } from 'vitest';
import { stem, switchLayout, tokenize } from './search.rules.ts';

describe('switchLayout', () => {
  it('reads Latin keys as the Russian layout and back', () => {
    expect(switchLayout('gkfnmt')).toBe('платье');
    expect(switchLayout('ПЛАТЬЕ')).toBe('gkfnmt');
  });

  it('returns null when the text has no letters to switch', () => {
    expect(switchLayout('42')).toBeNull();
  });
});

describe('tokenize and stem', () => {
  it('splits on punctuation, lower-cases and folds ё', () => {
    expect(tokenize('Платье-рубашка, ЧЁРНОЕ!')).toEqual(['платье', 'рубашка', 'черное']);
  });

  it('brings Russian and English word forms to one stem', () => {
    expect(stem('платье')).toBe(stem('платья'));
    expect(stem('dresses')).toBe(stem('dress'));
    expect(stem('dr-104')).toBe('dr-104');
  });
});
