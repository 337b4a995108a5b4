// `npm test`: the whole suite. Builds the storefront once, then runs the unit and API tests (Vitest's
// `unit` project, two workers), the end-to-end journeys (Playwright, two workers with a shop each:
// scripts/e2e.ts) and the `reliability` project (real shop processes racing 200 checkouts, crashes,
// outages, backups), one after the other, each line labelled with its job and each job timed
// (docs/testing.md). Tried here: the unit tests beside the journeys on two cores made both several
// times slower and pushed the reliability tests' real deadlines (TEST_JOBS=parallel still does that).
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;

function run(label: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(node, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline
        .createInterface({ input: stream })
        .on('line', (line) =>
          (stream === child.stderr ? process.stderr : process.stdout).write(`[${label}] ${line}\n`),
        );
    }
    child.on('exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`[${label}] ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${minutes} min`);
      resolve(status);
    });
  });
}

const started = Date.now();
const prepared = await run('build', ['scripts/ensure-build.ts']);
if (prepared !== 0) process.exit(prepared);

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const parallel = process.env.TEST_JOBS === 'parallel';
const unit = () => run('unit', [vitest, 'run', '--project', 'unit'], parallel ? { TEST_WORKERS: '1' } : {});
const journeys = () => run('e2e', ['scripts/e2e.ts']);
const reliability = () => run('reliability', [vitest, 'run', '--project', 'reliability']);

const codes = parallel ? await Promise.all([unit(), journeys()]) : [await unit(), await journeys()];
codes.push(await reliability());
console.log(`the whole suite took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
