/** What a {@link WorkQueue} is doing: jobs running and waiting, and how many it has started. */
export interface WorkQueueStats {
  running: number;
  waiting: number;
  started: number;
}

export interface WorkQueue {
  /** Runs `job` when fewer than the queue's concurrency are running; answers its result. */
  run<T>(job: () => Promise<T>): Promise<T>;
  stats(): WorkQueueStats;
}

/**
 * A first-come queue of at most `concurrency` jobs at once in this process: heavy work (decoding
 * and encoding images) waits its turn instead of taking every core from the shoppers' requests.
 */
export function createWorkQueue(concurrency: number): WorkQueue {
  const waiting: (() => void)[] = [];
  let running = 0;
  let started = 0;
  const next = () => {
    if (running >= concurrency) return;
    const start = waiting.shift();
    if (!start) return;
    running += 1;
    started += 1;
    start();
  };
  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          job()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              next();
            });
        });
        next();
      });
    },
    stats: () => ({ running, waiting: waiting.length, started }),
  };
}
