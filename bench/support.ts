import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** One measured case: a row of the bench's table. */
export interface Row {
  engine: string;
  catalogue: string;
  cache: string;
  case: string;
  connections: number;
  requests: number;
  rps: number;
  ratio: number | null;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The shop's CPU time (user + system) per answer in ms, where the bench read it. */
  cpuMs?: number;
}

/** The `p`th percentile of sorted latencies (0 for none). */
export const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** Waits until `url` answers 2xx, failing when the process behind it exits or `seconds` pass. */
export async function waitFor(url: string, child: ChildProcess, seconds = 120) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer in ${seconds} s`);
}

/** Starts a Node process of the project (the shop, the baseline server) with only `env` besides PATH and HOME. */
export function startProcess(args: string[], env: Record<string, string>, name: string): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  child.on('exit', (code) => {
    if (code && code !== 0 && !stopping.has(child))
      console.error(`[bench] ${name} exited with ${code}:\n${stderr}`);
  });
  return child;
}

const stopping = new Set<ChildProcess>();
/** Stops a process started by {@link startProcess}: SIGTERM, then SIGKILL after 15 s. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  stopping.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
