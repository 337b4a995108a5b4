import fs from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';
import { en } from './en.ts';
import { firstPaintTexts, isFirstPaintKey, isShellKey, laterPaintTexts, shellTexts } from './first-paint.ts';
import { registerDictionary, translate } from './index.ts';
import { ru } from './ru.ts';

const appDir = path.resolve(import.meta.dirname, '..');

/** The app modules a file imports statically, directly or through others (as vite.config.ts finds them). */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  const importLine = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || !/\.(ts|tsx)$/.test(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(importLine))
      pending.push(path.resolve(path.dirname(file), m[1] as string));
  }
  return seen;
}

/** The parts hydrated after the shell that a module names (`laterHydrated(() => import(…))`, app/lib/later-hydrated.tsx). */
function laterHydratedIn(file: string): string[] {
  const call = /laterHydrated\(\s*\(\)\s*=>\s*import\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...fs.readFileSync(file, 'utf8').matchAll(call)].map((m) =>
    path.resolve(path.dirname(file), m[1] as string),
  );
}

const keys = Object.keys(ru);

/** Text keys a module names: whole keys in quotes, or the fixed start of a template (`catalog.sort.${…}`). */
function keysNamedIn(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const named = new Set<string>();
  for (const m of source.matchAll(/['"`]([a-zA-Z]+\.[\w.]+?)(['"`]|\$\{)/g)) {
    const text = m[1] as string;
    if (m[2] === '${') for (const key of keys.filter((k) => k.startsWith(text))) named.add(key);
    else if (text in ru) named.add(text);
  }
  return [...named];
}

/** Each edition layout's own pages (not those under the whole-dictionary layout). */
function firstPaintPages(): string[] {
  const files: string[] = [];
  for (const entry of routes as RouteConfigEntry[]) {
    if (!entry.id?.startsWith('edition-')) continue;
    for (const child of entry.children ?? []) if (!child.children) files.push(child.file);
  }
  return [...new Set(files)];
}

describe('first-paint texts (docs/decisions/0049-first-load-split.md)', () => {
  it('finds the pages under each edition layout', () => {
    const pages = firstPaintPages();
    expect(pages).toEqual(
      expect.arrayContaining(['routes/home.tsx', 'routes/catalog.tsx', 'routes/product.tsx']),
    );
    expect(pages).not.toContain('routes/payment-result.tsx');
  });

  it('has every text the shell, the first-paint pages and their later-hydrated parts show, and no whole dictionary', () => {
    const missing: string[] = [];
    const parts = new Set<string>();
    const check = (entry: string, file: string, has: (key: string) => boolean) => {
      expect(path.relative(appDir, file), `${entry} imports a whole dictionary`).not.toMatch(
        /^i18n\/(ru|en)\.ts$/,
      );
      for (const key of keysNamedIn(file))
        if (!has(key)) missing.push(`${path.relative(appDir, file)}: ${key}`);
    };
    // The shell (the root and each page's route module) hydrates with the shell's texts alone …
    for (const entry of ['root.tsx', ...firstPaintPages()]) {
      for (const file of staticClosure(path.join(appDir, entry))) {
        check(entry, file, isShellKey);
        for (const part of laterHydratedIn(file)) parts.add(part);
      }
    }
    // … the parts hydrated after it with every first-paint text (their `?later-paint` comes with them).
    expect([...parts].map((f) => path.relative(appDir, f))).toEqual(
      expect.arrayContaining([
        'components/footer.tsx',
        'components/catalog-view.tsx',
        'components/product-view.tsx',
      ]),
    );
    for (const part of parts)
      for (const file of staticClosure(part)) check(path.relative(appDir, part), file, isFirstPaintKey);
    expect(missing).toEqual([]);
  });

  it('cuts the dictionaries to those texts, and the whole dictionary added later completes them', () => {
    const first = firstPaintTexts(ru);
    expect(first['header.cart']).toBe(ru['header.cart']);
    expect(first['checkout.title' as keyof typeof first]).toBeUndefined();
    expect(Object.keys(firstPaintTexts(en)).sort()).toEqual(Object.keys(first).sort());
    // The shell's part and the later part together are the first-paint texts, apart.
    const shell = shellTexts(ru);
    const later = laterPaintTexts(ru);
    expect(shell['header.cart']).toBe(ru['header.cart']);
    expect(shell['catalog.count.one' as keyof typeof shell]).toBeUndefined();
    expect(later['catalog.count.one' as keyof typeof later]).toBe(ru['catalog.count.one' as keyof typeof ru]);
    expect(Object.keys(later).filter((k) => k in shell)).toEqual([]);
    expect([...Object.keys(shell), ...Object.keys(later)].sort()).toEqual(Object.keys(first).sort());
    registerDictionary('ru', first);
    expect(translate('ru', 'cart.title')).toBe('cart.title');
    registerDictionary('ru', ru);
    expect(translate('ru', 'header.cart')).toBe(ru['header.cart']);
    expect(translate('ru', 'cart.title')).toBe(ru['cart.title' as keyof typeof ru]);
  });
});
