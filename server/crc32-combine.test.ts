import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, crc32Shift } from './crc32-combine.ts';

describe('crc32Combine', () => {
  it('gives the CRC-32 of two runs joined, for empty, short and long runs', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 7],
      [5, 0],
      [1, 1],
      [32, 60_000],
      [70_001, 32],
      [3, 200_000],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      const joined = crc32Combine(zlib.crc32(first), zlib.crc32(second), crc32Shift(b));
      expect(joined, `${a} + ${b} bytes`).toBe(zlib.crc32(Buffer.concat([first, second])));
    }
  });
});
