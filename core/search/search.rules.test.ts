import { describe, expect, it } from 'vitest';
import { indexStems, parseQuery, searchStem, stem, switchLayout, tokenize } from './search.rules.ts';

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

describe('searchStem: materials and their adjectives meet', () => {
  it('brings лён, льна, льняное and лен to one root; шерсть and шерстяной; шёлк and шелковая', () => {
    const linen = searchStem('лен');
    for (const w of ['льна', 'льняное', 'льняной', 'льняные']) expect(searchStem(w), w).toBe(linen);
    expect(searchStem('шерстяное')).toBe(searchStem('шерсть'));
    expect(searchStem(tokenize('шёлковая')[0] as string)).toBe(searchStem('шелк'));
    expect(searchStem('сатиновая')).toBe(searchStem('сатин'));
    expect(searchStem('woollen')).toBe(searchStem('wool'));
    // Unrelated words keep their own stems.
    expect(searchStem('ленточный')).not.toBe(linen);
  });

  it('indexes an adjective under its own stem and its root, a noun under its stem', () => {
    expect(indexStems('льняная')).toEqual([stem('льняная'), searchStem('лен')]);
    expect(indexStems('платье')).toEqual([stem('платье')]);
  });
});

describe('parseQuery', () => {
  it('drops stop words and turns the women’s word into a filter', () => {
    expect(parseQuery('платье в цветочек')).toEqual({ words: ['платье', 'цветочек'], women: false });
    expect(parseQuery('Пальто женское')).toEqual({ words: ['пальто'], women: true });
    expect(parseQuery('женское')).toEqual({ words: ['женское'], women: false });
    expect(parseQuery('в и на')).toEqual({ words: [], women: false });
  });
});
