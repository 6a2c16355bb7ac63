// Local state for `npm start` and `npm run dev`: secrets, migrations, demo data, one line each.
import { pathToFileURL } from 'node:url';
import { applyLocalMigrations, ensureDevVars } from './lib.mjs';
import { step } from './quiet-output.mjs';
import { seed } from './seed.mjs';

/** Prepares the local state; answers the lines that name the demo users (printed last by the caller). */
export async function prepareLocal() {
  // Only on a first start (or after .dev.vars lost a key): nothing to say otherwise.
  const wrote = ensureDevVars();
  if (wrote) console.log(`• Local secrets: ${wrote}`);
  await step('Database migrations', applyLocalMigrations);
  let demoUsers = [];
  await step('Demo data', async () => {
    const seeded = await seed();
    demoUsers = seeded.demoUsers;
    return seeded.summary;
  });
  return demoUsers;
}

// `npm run dev`: Vite prints its URL next; the demo users come before it.
if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(`\n${(await prepareLocal()).join('\n')}\n`);
