// `npm test`: typecheck, lint, the OpenAPI document's lint (Redocly, Spectral), worker + web unit
// tests (workerd, jsdom), then Playwright in Chromium.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `✖ Chromium not found at ${chromium}: install it with "sudo apt-get update && sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

const step = (title) => console.log(`\n━━ ${title}`);
step('typecheck');
run('npm', ['run', '-s', 'typecheck']);
step('lint');
run('npm', ['run', '-s', 'lint']);
step('OpenAPI document: Redocly (recommended) and Spectral (spectral:oas), 0 errors');
run('npm', ['run', '-s', 'lint:openapi']);
step('worker and web unit tests (vitest: workerd + jsdom)');
run('npx', ['vitest', 'run']);
step('end-to-end (Playwright, Chromium)');
run('npx', ['playwright', 'test']);
