import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A real shop process (`server/main.ts`) on 127.0.0.1, started with vitest's own Node 24. */
export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** The process's stderr and stdout, for failure messages. */
  output(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>;
  /** SIGKILL: no shutdown, no flush, as a crash or an OOM kill. */
  kill(): Promise<string>;
  /** SIGTERM and wait (graceful shutdown). */
  stop(): Promise<string>;
}

/** Shops this test process started: killed if it exits without stopping them (a failed hook). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** True when nothing listens on 127.0.0.1:port. */
export function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port in [from, to]; the reliability tests keep to 3200-3299. */
export async function freePort(from: number, to: number, taken: Set<number> = new Set()): Promise<number> {
  if (from < 3200 || to > 3299) throw new Error('reliability tests use ports 3200-3299 only');
  for (let port = from; port <= to; port++) {
    if (!taken.has(port) && (await isFree(port))) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * Starts `server/main.ts` with the given environment (no demo seed, JSON logs at warn) and waits
 * until `/api/health` answers 200, at most `readyMs`.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  readyMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(signal ?? String(code));
    });
  });
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (ended) throw new Error(`the server on port ${port} exited before it was ready:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} was not ready in ${readyMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url,
    child,
    output: () => log,
    exited,
    kill() {
      if (!ended) child.kill('SIGKILL');
      return exited;
    },
    stop() {
      if (!ended) child.kill('SIGTERM');
      return exited;
    },
  };
}
