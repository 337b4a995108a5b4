import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { laterPaintTexts, shellTexts } from './app/i18n/first-paint.ts';

/**
 * The modules the root route imports statically, directly or through others (relative imports;
 * `import type` lines are left out). Every page loads them, so the client build puts them in one
 * chunk rather than a dozen small files: fewer requests before the first paint, no extra bytes
 * (docs/decisions/0016-page-cache.md).
 */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [path.resolve(entry)];
  const importLine = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || !/\.(ts|tsx)$/.test(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const m of source.matchAll(importLine))
      pending.push(path.resolve(path.dirname(file), m[1] as string));
  }
  return seen;
}

const rootModules = staticClosure('app/root.tsx');

/**
 * Writes a brotli (best quality) and a gzip copy beside each compressible file of the client build,
 * which the shop serves as they are (`preCompressed` in server/app.ts) instead of compressing the
 * same scripts for every visitor (docs/decisions/0041-render-cost.md).
 */
function precompress(): Plugin {
  const compressible = /\.(?:js|mjs|css|svg|json|txt|html|webmanifest)$/;
  return {
    name: 'shop-precompress',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!compressible.test(name) || !options.dir) continue;
        const file = path.join(options.dir, name);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        const brotli = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY };
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: brotli }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * `import texts from './ru.ts?first-paint'`: the texts the page's shell hydrates with alone, and
 * `?later-paint` the other first-paint texts, for the parts hydrated after the shell
 * (app/i18n/first-paint.ts), so a page's first load carries those instead of every text of the shop
 * (docs/decisions/0049-first-load-split.md). The dictionary file stays the one place texts are written.
 */
function firstPaintDictionary(): Plugin {
  const cuts = { '?first-paint': shellTexts, '?later-paint': laterPaintTexts } as const;
  return {
    name: 'shop-first-paint-texts',
    enforce: 'pre',
    async load(id) {
      const suffix = (Object.keys(cuts) as (keyof typeof cuts)[]).find((s) => id.endsWith(s));
      if (!suffix) return null;
      const file = id.slice(0, -suffix.length);
      this.addWatchFile(file);
      // Node reads the TypeScript dictionary itself; the file's time makes an edited one a new module.
      const url = `${pathToFileURL(file).href}?v=${fs.statSync(file).mtimeMs}`;
      const module = (await import(url)) as Record<string, unknown>;
      const dictionary = Object.values(module).find((v) => typeof v === 'object' && v !== null);
      if (!dictionary) throw new Error(`${file}: no dictionary exported`);
      return `export default ${JSON.stringify(cuts[suffix](dictionary as Record<string, string>))};`;
    },
  };
}

export default defineConfig({
  plugins: [
    firstPaintDictionary(),
    reactRouter(),
    precompress(),
    fastifyReactRouterDev({ entry: './server/dev.ts', externalizeServerEntryImports: ['#app-context'] }),
  ],
  build: { assetsInlineLimit: 2048 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router: one file, loaded by every page.
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 2,
                },
                // The shop's own code every page loads (the root route's static imports).
                { name: 'shop', test: (id) => rootModules.has(id.split('?')[0] as string), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
