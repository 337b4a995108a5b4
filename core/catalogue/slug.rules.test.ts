import { describe, expect, it } from 'vitest';
import { slugOf, uniqueSlug } from './slug.rules.ts';

describe('slugs of Russian names', () => {
  it('transliterates with the passport reading of х, ц, ё and й and drops the signs', () => {
    expect(slugOf('Платье-рубашка из льна')).toBe('plate-rubashka-iz-lna');
    expect(slugOf('Худи Цвет Ёлки')).toBe('khudi-tsvet-elki');
    expect(slugOf('Майка «Съёмка»')).toBe('maika-semka');
    expect(slugOf('Щётка жёлтая')).toBe('shchetka-zheltaya');
  });
  it('keeps Latin and digits, lower-cased, and falls back when nothing is left', () => {
    expect(slugOf('Trench COAT 2026')).toBe('trench-coat-2026');
    expect(slugOf('   ', 'product')).toBe('product');
    expect(slugOf('— ✓ ✓', 'product')).toBe('product');
  });
  it('stops at 80 characters without a trailing dash', () => {
    const slug = slugOf('длинное '.repeat(30));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
  it('adds the first free number when the slug is taken', () => {
    expect(uniqueSlug('dress', new Set())).toBe('dress');
    expect(uniqueSlug('dress', new Set(['dress', 'dress-2']))).toBe('dress-3');
  });
});
