import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A production install (`npm ci --omit=dev`, README "Production install") has the dependencies
// only: nothing the running shop or its operator scripts import may be a devDependency.
const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  imports: Record<string, string>;
};

/** What `npm start` and the operator's scripts run in production. */
const entries = [
  'server/main.ts',
  'scripts/ensure-build.ts',
  'scripts/db-migrate.ts',
  'scripts/create-operator.ts',
  'scripts/backup.ts',
  'scripts/restore.ts',
];

/** Import specifiers loaded at run time: type-only imports are erased by Node. */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(
    /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s*from\s*)?['"]([^'"]+)['"]/gm,
  )) {
    if (!m[1]) found.push(m[2] as string);
  }
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1] as string);
  return found;
}

const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);
const packageOf = (specifier: string) =>
  specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : (specifier.split('/')[0] as string);

/** Every package the entries reach through our own modules, with the first module that imports it. */
function packagesReached(): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = entries.map((e) => path.join(root, e));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
      if (isBuiltin(specifier)) continue;
      if (specifier.startsWith('#')) queue.push(path.resolve(root, pkg.imports[specifier] as string));
      else if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier));
      else if (!packages.has(packageOf(specifier)))
        packages.set(packageOf(specifier), path.relative(root, file));
    }
  }
  return packages;
}

/** The built storefront's imports of packages (React Router's server build keeps them outside). */
function buildImports(): Map<string, string> {
  const packages = new Map<string, string>();
  const dir = path.join(root, 'build/server');
  if (!fs.existsSync(dir)) return packages;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
      if (/^[.#]/.test(specifier) || isBuiltin(specifier)) continue;
      packages.set(packageOf(specifier), path.relative(root, file));
    }
  }
  return packages;
}

describe('a production install (npm ci --omit=dev)', () => {
  it('walks the shop’s imports to its packages', () => {
    const reached = packagesReached();
    for (const name of ['fastify', 'drizzle-orm', 'prom-client', 'sharp']) {
      expect(reached.has(name), name).toBe(true);
    }
  });

  it('needs no devDependency to run the shop, its build and the operator scripts', () => {
    const missing = [...packagesReached(), ...buildImports()]
      .filter(([name]) => !(name in pkg.dependencies))
      .map(([name, from]) => `${name} (from ${from})`);
    expect(missing).toEqual([]);
  });
});
