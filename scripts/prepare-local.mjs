// Local state for `npm start` and `npm run dev`: secrets, migrations, demo data.
import { pathToFileURL } from 'node:url';
import { applyLocalMigrations, ensureDevVars } from './lib.mjs';
import { seed } from './seed.mjs';

export async function prepareLocal() {
  ensureDevVars();
  applyLocalMigrations();
  await seed();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await prepareLocal();
