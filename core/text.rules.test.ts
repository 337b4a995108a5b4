import { describe, expect, it } from 'vitest';
import { hasControlOrHiddenFormatting, hasHiddenFormatting } from './text.rules.ts';

describe('hidden formatting in names', () => {
  it('finds every zero-width, bidirectional and isolate character, the BOM and the Arabic letter mark', () => {
    const hidden = [
      ...Array.from({ length: 5 }, (_, i) => 0x200b + i),
      ...Array.from({ length: 5 }, (_, i) => 0x202a + i),
      ...Array.from({ length: 4 }, (_, i) => 0x2066 + i),
      0xfeff,
      0x061c,
    ];
    for (const code of hidden)
      expect(hasHiddenFormatting(`Ан${String.fromCodePoint(code)}на`), code.toString(16)).toBe(true);
  });

  it('lets ordinary names pass: Cyrillic, Latin, accents, hyphens, apostrophes, Arabic and Hebrew letters', () => {
    for (const name of ['Анна-Мария', "O'Brien", 'Zoë Ållberg', 'محمد', 'דוד', 'Ёлкина']) {
      expect(hasControlOrHiddenFormatting(name), name).toBe(false);
    }
  });

  it('treats C0 and C1 control characters and DEL as control characters', () => {
    for (const c of ['\u0000', '\n', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(hasControlOrHiddenFormatting(`a${c}b`)).toBe(true);
    }
  });
});
