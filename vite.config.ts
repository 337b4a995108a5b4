import fs from 'node:fs';
import path from 'node:path';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [
    reactRouter(),
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
