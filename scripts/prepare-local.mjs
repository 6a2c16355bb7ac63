// Local state for `npm start` and `npm run dev`: secrets, migrations, demo data.
import { pathToFileURL } from 'node:url';
import { ensureDevVars, persistArgs, run } from './lib.mjs';
import { seed } from './seed.mjs';

export async function prepareLocal() {
  ensureDevVars();
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs()], { env: { ...process.env, CI: 'true' } });
  await seed();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await prepareLocal();
