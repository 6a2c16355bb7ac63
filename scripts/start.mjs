// `npm start`: build the SPA and Worker, prepare local D1, serve everything from workerd.
import { spawn } from 'node:child_process';
import { persistArgs, root, run } from './lib.mjs';
import { prepareLocal } from './prepare-local.mjs';

const port = process.env.PORT ?? '8787';
const base = `http://127.0.0.1:${port}`;
run('vite', ['build', '--logLevel', 'warn']);
await prepareLocal();
console.log(`• Meridian on ${base}`);

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
    ...persistArgs(),
    ...(process.env.WRANGLER_ARGS ?? '').split(' ').filter(Boolean),
  ],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// Local workerd does not fire Cron Triggers by itself: tick the minute cron, as Cloudflare would.
setInterval(() => {
  fetch(`${base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`).catch(() => {});
}, 60_000).unref();
