// The end-to-end journeys (`npm run test:e2e`): one Playwright run with two workers, one per core of
// a CI machine, each with a shop of its own on its own port and data folder (playwright.config.ts,
// E2E_SHOPS), so neither sees the other's orders, stock or sign-in codes. A worker takes the next spec
// file, desktop or phone, as it finishes one, so the two cores stay busy to the end. The shops' data
// folder is made once (staff accounts, order history, the demo: tests/e2e/support/prepare-shop.ts)
// and copied per shop. Arguments go to the run (a spec file, `-g pattern`); with `--project=…` or
// E2E_PORT set, one plain run on one shop instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..');
const playwright = path.join(root, 'node_modules/@playwright/test/cli.js');
const shops = 2;

// The shops' `node` (playwright.config.ts webServer) is this Node, however the script was started.
const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;

function run(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, {
      cwd: root,
      env: { ...process.env, PATH, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (args.some((a) => a.startsWith('--project')) || process.env.E2E_PORT) {
  process.exit(await run([playwright, 'test', ...args], {}));
}

const started = Date.now();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const seeded = path.join(dataDir, 'seeded');
const shopEnv = { NODE_ENV: 'production', SHOP_MODE: 'development', DATA_DIR: seeded, LOG_LEVEL: 'warn' };
const prepared = await run(['tests/e2e/support/prepare-shop.ts'], shopEnv);
if (prepared !== 0) process.exit(prepared);
for (let i = 1; i <= shops; i++) fs.cpSync(seeded, path.join(dataDir, `shop-${i}`), { recursive: true });
console.log(`the shops' data folder made and copied in ${((Date.now() - started) / 1000).toFixed(0)} s`);

const code = await run([playwright, 'test', ...args], {
  E2E_SHOPS: String(shops),
  E2E_DATA_DIR: dataDir,
  E2E_SEEDED: '1',
});
console.log(`end-to-end journeys took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
