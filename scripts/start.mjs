// `npm start`: build the SPA and Worker, prepare local D1, serve everything from workerd. Quiet: one
// line per step, the server's warnings and errors only, then the demo users and the URL last.
import { spawn } from 'node:child_process';
import { persistArgs, root, runQuiet } from './lib.mjs';
import { prepareLocal } from './prepare-local.mjs';
import { quietWranglerEnv, seconds, step, wranglerDevFlags } from './quiet-output.mjs';

const port = process.env.PORT ?? '8787';
const base = `http://127.0.0.1:${port}`;
// Vite's size advice is for whoever works on the bundle (`npm run build` shows it); errors still show.
await step('Building the app', () => void runQuiet('vite', ['build', '--logLevel', 'error']));
const users = await prepareLocal();

const started = performance.now();
process.stdout.write('• Starting the server… ');
let lineOpen = true;
const server = spawn(
  `${root}node_modules/.bin/wrangler`,
  [
    'dev',
    '--port',
    port,
    '--ip',
    '127.0.0.1',
    // Local default: the minute cron ingests simulated headlines (wrangler.jsonc leaves it off).
    '--var',
    'LOCAL_NEWS_SIMULATOR:1',
    ...wranglerDevFlags(),
    ...persistArgs(),
    ...(process.env.WRANGLER_ARGS ?? '').split(' ').filter(Boolean),
  ],
  { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: quietWranglerEnv() },
);
// Whatever the server says (warnings, errors, request lines when asked for) starts on a line of its own.
for (const [from, to] of [
  [server.stdout, process.stdout],
  [server.stderr, process.stderr],
]) {
  from.on('data', (chunk) => {
    if (lineOpen) process.stdout.write('\n');
    lineOpen = false;
    to.write(chunk);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  if (lineOpen) process.stdout.write('failed\n');
  process.exit(code ?? 0);
});

await untilHealthy();
process.stdout.write(`${lineOpen ? '' : '• Server '}ready (${seconds(performance.now() - started)})\n`);
lineOpen = false;
console.log(`\n${users.join('\n')}\n\n  Meridian is on ${base}  (Ctrl+C stops it)`);

// Local workerd does not fire Cron Triggers by itself: tick the minute cron, as Cloudflare would.
setInterval(() => {
  fetch(`${base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`).catch(() => {});
}, 60_000).unref();

/** Waits for the Worker to answer its health check (the server process's exit ends the script). */
async function untilHealthy() {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
