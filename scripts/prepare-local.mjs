// Local state for `npm start` and `npm run dev`: secrets, migrations, demo data.
import { ensureDevVars, persistArgs, run } from './lib.mjs';

ensureDevVars();
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs()], { env: { ...process.env, CI: 'true' } });
await import('./seed.mjs');
