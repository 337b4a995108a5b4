import module from 'node:module';

// The shop's entry. Node's on-disk compile cache is turned on before the shop's modules load, so a
// restart reuses their compiled code instead of compiling a few hundred modules again (about a
// sixth of a warm start's CPU; docs/decisions/0041-render-cost.md). It lives in
// NODE_COMPILE_CACHE when set, else in the system's temporary folder. Node before 22 has no such
// cache: the shop itself then says which Node to use.
module.enableCompileCache?.();
await import('./shop.ts');
