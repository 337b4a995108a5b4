import type { ChildProcess } from 'node:child_process';

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
