// Builds the storefront when the build is missing or older than the sources, so that
// `npm start` on a fresh clone serves the shop without a separate build step. A production install
// (`npm ci --omit=dev` with a build copied in, README "Production install") has no builder: it
// serves the build it was given, and refuses to start without one.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'build/server/index.js');
const sources = ['app', 'core', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newest(p: string): number {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
    // Tests never reach the build: editing one does not make the next start rebuild.
    if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const source = Math.max(...sources.map(newest));
// React Router's builder is a devDependency: a production install has none.
const canBuild = fs.existsSync(path.join(root, 'node_modules/@react-router/dev/package.json'));
if (built < source && !canBuild) {
  if (!built) {
    console.error(
      'No build in build/ and no builder: a production install (npm ci --omit=dev) needs the build made by `npm run build` where the devDependencies are installed, copied into build/',
    );
    process.exit(1);
  }
  console.log('A production install (no builder): serving the build in build/ as it is');
} else if (built < source) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
