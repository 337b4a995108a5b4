/**
 * CRC-32 (the gzip polynomial) of two byte runs joined, from each run's own CRC and the second's
 * length, without reading the bytes again: zlib's crc32_combine, which Node's zlib does not
 * expose. The page cache joins stored parts of a page around a fresh nonce with it
 * (server/page-cache.ts). Arithmetic is on polynomials over GF(2) modulo the CRC polynomial,
 * reflected as zlib stores them.
 */
const POLY = 0xedb88320;

/** a × b modulo the CRC polynomial. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b >>> 0;
  for (;;) {
    if (a & m) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31 (the powers repeat with period 32 for this use). */
const POWERS: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multiplyModP(p, p)) POWERS.push(p);

/**
 * The operator that shifts a CRC past `length` bytes (x^(8·length) modulo the polynomial): computed
 * once per stored part, it makes each join a single multiplication.
 */
export function crc32Shift(length: number): number {
  let p = 0x80000000;
  let n = length;
  let k = 3;
  while (n > 0) {
    if (n & 1) p = multiplyModP(POWERS[k & 31] as number, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p;
}

/** The CRC-32 of A followed by B, given crc(A), crc(B) and crc32Shift(B's length). */
export function crc32Combine(first: number, second: number, secondShift: number): number {
  return (multiplyModP(secondShift, first) ^ second) >>> 0;
}
