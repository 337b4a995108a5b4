// The end-to-end journeys (`npm run test:e2e`): the desktop and phone projects run side by side, each
// with its own built shop on its own port and fresh data folder, so the two cores of a CI machine
// both work and neither run sees the other's orders, stock or sign-in codes. Arguments go to both
// runs (a spec file, `-g pattern`); with `--project=…` or E2E_PORT set, one plain run instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const args = process.argv.slice(2);
const playwright = path.resolve(import.meta.dirname, '../node_modules/@playwright/test/cli.js');
const projects = ['desktop', 'phone'] as const;

function run(extraArgs: string[], env: NodeJS.ProcessEnv, label?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [playwright, 'test', ...args, ...extraArgs], {
      env: { ...process.env, ...env },
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (label) {
      // Each line carries its project, so the two runs' output reads apart in one log.
      for (const stream of [child.stdout, child.stderr]) {
        if (!stream) continue;
        readline
          .createInterface({ input: stream })
          .on('line', (line) =>
            (stream === child.stderr ? process.stderr : process.stdout).write(`[${label}] ${line}\n`),
          );
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (args.some((a) => a.startsWith('--project')) || process.env.E2E_PORT) {
  process.exit(await run([], {}));
}

const started = Date.now();
const codes = await Promise.all(
  projects.map((project, i) =>
    run(
      [`--project=${project}`],
      {
        E2E_PORT: String(3107 + i),
        // Second shops a journey starts itself (tests/e2e/tbank.spec.ts) keep to their own ports.
        E2E_SECOND_PORT_BASE: String(3160 + 20 * i),
        E2E_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `shop-e2e-${project}-`)),
        E2E_OUTPUT_DIR: path.join('test-results', project),
      },
      project,
    ),
  ),
);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
for (const [i, project] of projects.entries())
  console.log(`${project}: ${codes[i] === 0 ? 'passed' : `failed (exit ${codes[i]})`}`);
console.log(`end-to-end journeys took ${minutes} min`);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
