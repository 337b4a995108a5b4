import cluster from 'node:cluster';
import module from 'node:module';

// The shop's entry. Node's on-disk compile cache is turned on before the shop's modules load, so a
// restart reuses their compiled code instead of compiling a few hundred modules again (about a
// sixth of a warm start's CPU; docs/decisions/0041-render-cost.md). It lives in
// NODE_COMPILE_CACHE when set, else in the system's temporary folder. Node before 22 has no such
// cache: the shop itself then says which Node to use.
module.enableCompileCache?.();
// WORKERS above 1 (a PostgreSQL server only): this process starts and keeps that many shops on
// the one port (server/workers.ts); otherwise, and in each of them, it is the shop.
const workers = cluster.isPrimary ? await import('./workers.ts') : null;
const count = workers?.plannedWorkers(process.env) ?? 1;
if (workers && count > 1) workers.runWorkers(count);
else await import('./shop.ts');
