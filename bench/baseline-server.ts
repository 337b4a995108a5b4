// The bench's baselines, in a process of their own so production code has no bench route:
// a bare Fastify route answering a small JSON, and a 20 kB static file through @fastify/static
// (the plugin the shop serves its media with). Usage: node bench/baseline-server.ts PORT DIR
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const dir = process.argv[3] as string;
fs.mkdirSync(dir, { recursive: true });
// 20 kB of script-like text, the size of a typical hashed chunk.
const line = 'export const value = "the quick brown fox jumps over the lazy dog";\n';
fs.writeFileSync(
  path.join(dir, 'asset-20k.js'),
  line.repeat(Math.ceil(20_480 / line.length)).slice(0, 20_480),
);

const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world', ok: true }));
await app.register(fastifyStatic, { root: dir, prefix: '/static/', maxAge: '365d', immutable: true });
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
