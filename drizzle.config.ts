import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: migrations are applied in code on start (core/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './core/db/schema/index.ts',
  out: './core/db/migrations',
});
