import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_MASK, maskPrefixDigits, phoneMaskByCode, phoneMasks } from './phone-masks.ts';

describe('phone masks of the country picker', () => {
  it('names every country by a unique code, so countries sharing a mask can each be chosen', () => {
    const codes = phoneMasks.map((m) => m.cc);
    expect(new Set(codes).size).toBe(codes.length);
    // Russia and Kazakhstan share +7: the picker's value must be the country, not the mask.
    expect(phoneMaskByCode('KZ')?.mask).toBe(phoneMaskByCode('RU')?.mask);
    expect(phoneMaskByCode('KZ')?.name_ru).toBe('Казахстан');
  });

  it('starts with Russia, +7, and gives the US and Canada +1 (checkout.md §5)', () => {
    expect(DEFAULT_PHONE_MASK.cc).toBe('RU');
    expect(maskPrefixDigits(DEFAULT_PHONE_MASK.mask)).toBe('7');
    expect(maskPrefixDigits(phoneMaskByCode('US')?.mask ?? '')).toBe('1');
    expect(phoneMaskByCode('XX')).toBeUndefined();
  });
});
