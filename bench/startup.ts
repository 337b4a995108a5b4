// The shop's start, as `npm start` runs it on the built shop: how long until it serves its home
// page, from an empty data folder (the embedded database created, migrated and seeded with the
// demo brand; photos are drawn later, on request) and again from the folder that start left
// (issue 22's "First start" target; docs/decisions/0041-render-cost.md).

import fs from 'node:fs';
import path from 'node:path';
import { startProcess, stopProcess } from './support.ts';

export interface StartupRow {
  start: 'first' | 'warm';
  /** Milliseconds from the process's spawn until `/api/health` answered 200. */
  healthMs: number;
  /** Milliseconds from the spawn until the home page answered 200 with its HTML. */
  homeMs: number;
}

interface Options {
  port: number;
  workDir: string;
  /** Node's options and the environment the start script adds, as it passes them. */
  flags: string[];
  env: Record<string, string>;
  log: (m: string) => void;
}

const TIMEOUT_MS = 120_000;

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function startOnce(
  options: Options,
  dataDir: string,
  mediaDir: string,
): Promise<Omit<StartupRow, 'start'>> {
  const began = performance.now();
  const child = startProcess(
    [...options.flags, 'server/main.ts'],
    {
      ...options.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: dataDir,
      MEDIA_DIR: mediaDir,
      LOG_LEVEL: 'warn',
    },
    'shop (start)',
  );
  try {
    const base = `http://127.0.0.1:${options.port}`;
    let healthMs = 0;
    // Polled every 50 ms: the figures are within that of the moment the shop could first answer.
    while (performance.now() - began < TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
      if (!healthMs && (await answers(`${base}/api/health`))) healthMs = performance.now() - began;
      if (healthMs && (await answers(`${base}/`))) return { healthMs, homeMs: performance.now() - began };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the shop did not serve its home page within ${TIMEOUT_MS / 1000} s`);
  } finally {
    await stopProcess(child);
  }
}

/** A first start on an empty data folder, then a warm start on the folder it left. */
export async function benchStartup(options: Options): Promise<StartupRow[]> {
  const dataDir = path.join(options.workDir, 'startup-data');
  const mediaDir = path.join(options.workDir, 'startup-media');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(mediaDir, { recursive: true, force: true });
  try {
    const first = await startOnce(options, dataDir, mediaDir);
    options.log(`first start: health ${ms(first.healthMs)} s, home page ${ms(first.homeMs)} s`);
    const warm = await startOnce(options, dataDir, mediaDir);
    options.log(`warm start: health ${ms(warm.healthMs)} s, home page ${ms(warm.homeMs)} s`);
    return [
      { start: 'first', ...first },
      { start: 'warm', ...warm },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => (v / 1000).toFixed(2);

/** The section of the bench's report, empty when the start was not measured. */
export function startupMarkdown(rows: StartupRow[]): string {
  if (rows.length === 0) return '';
  return [
    '',
    'Start of the built shop (`npm start` without its build check) on PGlite: seconds from the process spawn until it answers.',
    '',
    '| start | health s | home page s |',
    '|---|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.start === 'first' ? 'first (empty data folder: created, migrated, demo seeded)' : 'warm (the same folder)'} | ${ms(r.healthMs)} | ${ms(r.homeMs)} |`,
    ),
    '',
  ].join('\n');
}
