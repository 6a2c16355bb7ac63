// The app as Playwright sees it: a fresh local database every run, seeded with the demo users.
import { rmSync } from 'node:fs';
import { root } from './lib.mjs';

process.env.PERSIST_TO ??= `${root}.wrangler/e2e-state`;
rmSync(process.env.PERSIST_TO, { recursive: true, force: true });
await import('./start.mjs');
