import { describe, expect, it } from 'vitest';
import { isMenuPath } from '../content/in-place-menus.ts';
import { isShopPath, tagRefusal, tagsSaveSchema, tagsVersion } from './photo-tags.rules.ts';

const tag = { id: 1, left: 10, top: 20, name: 'Пояс', nameEn: '', path: '/catalog', link: '', maxWidth: 0 };

describe('photo tags rules', () => {
  it('takes only links inside the shop', () => {
    for (const path of ['/', '/catalog/dresses', '/products/a-1?p=a-1-m', '/catalog#top'])
      expect(isShopPath(path), path).toBe(true);
    for (const path of [
      '',
      'catalog',
      '//evil.example',
      '/\\evil',
      'https://evil.example',
      '/a b',
      '/x\n',
      'javascript:alert(1)',
    ])
      expect(isShopPath(path), path).toBe(false);
  });

  it('lets menus link out over https only', () => {
    expect(isMenuPath('https://t.me/shop')).toBe(true);
    expect(isMenuPath('/delivery')).toBe(true);
    expect(isMenuPath('http://example.com')).toBe(false);
    expect(isMenuPath('javascript:alert(1)')).toBe(false);
  });

  it('refuses a width off the 0–300 range or its step of 10, and names the rule', () => {
    const save = (maxWidth: number) =>
      tagsSaveSchema.safeParse({
        src: 'x',
        productID: 'p',
        version: 'v',
        tags: [{ left: 1, top: 1, name: 'a', maxWidth }],
      });
    for (const ok of [0, 10, 150, 300]) expect(save(ok).success, String(ok)).toBe(true);
    for (const bad of [-10, 5, 301, 310, 12.5]) {
      const parsed = save(bad);
      expect(parsed.success, String(bad)).toBe(false);
      expect(tagRefusal(parsed.error?.issues[0]?.message ?? '')).toBe('width');
    }
  });

  it('changes the version with any change of a photo’s tags, not with their order', () => {
    const other = { ...tag, id: 2, name: 'Сумка' };
    expect(tagsVersion([tag, other])).toBe(tagsVersion([other, tag]));
    expect(tagsVersion([tag])).not.toBe(tagsVersion([{ ...tag, left: 11 }]));
    expect(tagsVersion([tag])).not.toBe(tagsVersion([{ ...tag, maxWidth: 10 }]));
    expect(tagsVersion([tag])).not.toBe(tagsVersion([{ ...tag, nameEn: 'Belt' }]));
    expect(tagsVersion([])).not.toBe(tagsVersion([tag]));
  });
});
