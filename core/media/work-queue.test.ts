import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue.ts';

/** Jobs the test finishes by hand, counting how many run at once. */
function heldJobs() {
  let running = 0;
  let peak = 0;
  const finishers: (() => void)[] = [];
  const job = (fail = false) =>
    new Promise<string>((resolve, reject) => {
      running += 1;
      peak = Math.max(peak, running);
      finishers.push(() => {
        running -= 1;
        if (fail) reject(new Error('broken image'));
        else resolve('done');
      });
    });
  return { job, finishers, peak: () => peak };
}

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the image work queue', () => {
  it('runs one job at a time, in order, and a failed job does not stop the next', async () => {
    const queue = createWorkQueue(1);
    const held = heldJobs();
    const results = [held.job, () => held.job(true), held.job, held.job].map((j) =>
      queue.run(j).catch((e: Error) => e.message),
    );
    await settle();
    expect(queue.stats()).toEqual({ running: 1, waiting: 3, started: 1 });
    for (let n = 0; n < 4; n += 1) {
      held.finishers[n]?.();
      await settle();
    }
    expect(await Promise.all(results)).toEqual(['done', 'broken image', 'done', 'done']);
    expect(held.peak()).toBe(1);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, started: 4 });
  });

  it('runs at most its concurrency at once', async () => {
    const queue = createWorkQueue(2);
    const held = heldJobs();
    const results = Array.from({ length: 5 }, () => queue.run(held.job));
    await settle();
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 3 });
    for (let n = 0; n < 5; n += 1) {
      held.finishers[n]?.();
      await settle();
    }
    await Promise.all(results);
    expect(held.peak()).toBe(2);
  });
});
