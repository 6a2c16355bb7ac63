// The app as Playwright sees it: a fresh local database every run, seeded with the demo users.
import { rmSync } from 'node:fs';
import { root } from './lib.mjs';

// One state folder per port, so two suites on different ports never share (or delete) a database.
process.env.PERSIST_TO ??= `${root}.wrangler/e2e-state-${process.env.PORT ?? 8788}`;
rmSync(process.env.PERSIST_TO, { recursive: true, force: true });
await import('./start.mjs');
