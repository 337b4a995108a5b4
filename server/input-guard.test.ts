import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findUnsafeInput, MAX_INPUT_DEPTH } from './input-guard.ts';

describe('findUnsafeInput', () => {
  it('names the field holding a NUL or a lone surrogate, also in keys', () => {
    expect(findUnsafeInput({ a: 'ok', b: ['x', 'y\u0000'] })).toEqual({ field: 'b.1', reason: 'text' });
    expect(findUnsafeInput({ products: ['\uD800'] })).toEqual({ field: 'products.0', reason: 'text' });
    expect(findUnsafeInput({ 'k\uDC00': 1 })).toEqual({ field: 'k\uDC00', reason: 'text' });
  });

  it('accepts whole surrogate pairs, emoji and other scripts', () => {
    expect(findUnsafeInput({ name: 'Анна 🙂 𝓤 ١٢٣', nested: { list: [1, true, null] } })).toBeNull();
  });

  it('refuses nesting deeper than a request needs without using the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)?.reason).toBe('depth');
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) fine = { a: fine };
    expect(findUnsafeInput(fine)).toBeNull();
  });

  it('walks parsed input only: a raw request stream (a page’s form post) is left to the page', () => {
    const stream = new PassThrough();
    expect(findUnsafeInput(stream)).toBeNull();
    // Query objects without a prototype are parsed input and are walked.
    const query = Object.assign(Object.create(null), { token: 'a\u0000' });
    expect(findUnsafeInput(query)).toEqual({ field: 'token', reason: 'text' });
  });
});
