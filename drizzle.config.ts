import { defineConfig } from 'drizzle-kit';

// Migrations are hand-written SQL (migrations/, migrations-news/), checked against the schema by
// worker/db/schema-matches-migrations.test.ts. `npx drizzle-kit generate` writes a draft here to
// copy from, never into migrations/ (its snapshots would go stale beside hand-written files).
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema/index.ts',
  out: './.drizzle-draft',
});
