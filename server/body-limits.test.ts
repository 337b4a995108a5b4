import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CSV_BYTES } from '../core/exchange/csv.service.ts';
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES } from '../core/media/media.rules.ts';
import { JSON_BODY_LIMIT, LARGE_BODY_LIMITS } from './body-limits.ts';

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** nginx's configuration syntax, as far as shop.conf uses it: directives, blocks, comments, quotes. */
function parseNginx(text: string): Directive[] {
  const tokens = [...text.matchAll(/#[^\n]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[{};]|[^\s{};"'#]+/g)]
    .map((m) => m[0])
    .filter((t) => !t.startsWith('#'));
  let at = 0;
  const block = (): Directive[] => {
    const out: Directive[] = [];
    while (at < tokens.length) {
      const name = tokens[at++] as string;
      if (name === '}') return out;
      const args: string[] = [];
      while (at < tokens.length && tokens[at] !== ';' && tokens[at] !== '{')
        args.push(tokens[at++] as string);
      if (tokens[at++] === '{') out.push({ name, args, block: block() });
      else out.push({ name, args });
    }
    return out;
  };
  return block();
}

/** A size as nginx reads it: bytes, or k/m/g of 1024s. */
function bytesOf(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] ?? '').toLowerCase()] ?? 1;
  return Number(match[1]) * unit;
}

const conf = parseNginx(
  fs.readFileSync(path.resolve(import.meta.dirname, '../deploy/nginx/shop.conf'), 'utf8'),
);
const tls = conf.find(
  (d) => d.name === 'server' && d.block?.some((l) => l.name === 'listen' && l.args.includes('ssl')),
);
const server = tls?.block ?? [];
const bodySize = (directives: Directive[]) =>
  directives.find((d) => d.name === 'client_max_body_size')?.args[0];

/** The location nginx picks for a path (exact, then a `^~` or regex match, then the longest prefix). */
function locationFor(uri: string): Directive | undefined {
  const locations = server.filter((d) => d.name === 'location');
  const exact = locations.find((l) => l.args[0] === '=' && l.args[1] === uri);
  if (exact) return exact;
  const prefixes = locations
    .filter((l) => l.args.length === 1 || l.args[0] === '^~')
    .filter((l) => uri.startsWith(l.args.at(-1) as string))
    .sort((a, b) => (b.args.at(-1) as string).length - (a.args.at(-1) as string).length);
  if (prefixes[0]?.args[0] === '^~') return prefixes[0];
  const regex = locations.find(
    (l) =>
      (l.args[0] === '~' || l.args[0] === '~*') &&
      new RegExp(l.args[1] as string, l.args[0] === '~*' ? 'i' : '').test(uri),
  );
  return regex ?? prefixes[0];
}

/** The body limit nginx applies at a path: its location's own, else the server's. */
function proxyLimit(uri: string): number {
  const size = bodySize(locationFor(uri)?.block ?? []) ?? bodySize(server) ?? '1m';
  return bytesOf(size);
}

// Above the shop's limit, so the proxy never refuses what the shop takes (a 7.6 MB photo was refused
// by nginx and taken by the shop), but within 2 MiB of it, so nothing else gets the room uploads need.
const SLACK = 2 * 1024 * 1024;

describe('deploy/nginx/shop.conf and the shop’s body limits', () => {
  it('finds the TLS server block', () => {
    expect(server.length).toBeGreaterThan(0);
  });

  it('lets through a JSON body as large as the shop takes, and little more, everywhere else', () => {
    for (const uri of ['/', '/api/orders', '/api/admin/products/17/photos/order', '/media/a.webp']) {
      expect(proxyLimit(uri), uri).toBeGreaterThanOrEqual(JSON_BODY_LIMIT);
      expect(proxyLimit(uri), uri).toBeLessThanOrEqual(JSON_BODY_LIMIT + SLACK);
    }
  });

  it.each(
    LARGE_BODY_LIMITS.flatMap((limit) => limit.paths.map((uri) => [limit.what, uri, limit.bytes] as const)),
  )('lets %s through at %s', (_what, uri, bytes) => {
    expect(proxyLimit(uri)).toBeGreaterThanOrEqual(bytes);
    expect(proxyLimit(uri)).toBeLessThanOrEqual(bytes + SLACK);
  });

  it('follows the upload limits the shop states to its staff', () => {
    // What the finding was about: a 7.6 MB photo, a 10 MB video and a 20 MB CSV pass the proxy.
    expect(proxyLimit('/api/admin/products/17/photos')).toBeGreaterThan(MAX_PHOTO_BYTES);
    expect(proxyLimit('/api/admin/products/17/videos')).toBeGreaterThan(MAX_VIDEO_BYTES);
    expect(proxyLimit('/api/admin/imports/csv/apply')).toBeGreaterThan(MAX_CSV_BYTES);
    expect(proxyLimit('/api/1c/exchange')).toBeGreaterThanOrEqual(16 * 1024 * 1024);
  });
});
