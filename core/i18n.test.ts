import { describe, expect, it } from 'vitest';
import { localeFromPath, pathInLocale } from './i18n.ts';

describe('editions by path (DECISIONS 2)', () => {
  it('puts /en and everything under it in English, the rest in Russian', () => {
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/catalog/dresses')).toBe('en');
    expect(localeFromPath('/english-page')).toBe('ru');
    expect(localeFromPath('/')).toBe('ru');
  });

  it('reads React Router data requests like their pages', () => {
    expect(localeFromPath('/en.data')).toBe('en');
    expect(localeFromPath('/en/catalog.data')).toBe('en');
    expect(localeFromPath('/_root.data')).toBe('ru');
  });

  it('maps a page to its other edition', () => {
    expect(pathInLocale('/catalog/dresses', 'en')).toBe('/en/catalog/dresses');
    expect(pathInLocale('/en/catalog/dresses', 'ru')).toBe('/catalog/dresses');
    expect(pathInLocale('/en', 'ru')).toBe('/');
    expect(pathInLocale('/', 'en')).toBe('/en');
  });
});
