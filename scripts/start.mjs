// `npm start`: build the SPA and Worker, prepare local D1, serve everything from workerd.
import { persistArgs, run } from './lib.mjs';

const port = process.env.PORT ?? '8787';
run('vite', ['build', '--logLevel', 'warn']);
await import('./prepare-local.mjs');
console.log(`• Meridian on http://127.0.0.1:${port}`);
run('wrangler', ['dev', '--port', port, '--ip', '127.0.0.1', ...persistArgs(), ...(process.env.WRANGLER_ARGS ?? '').split(' ').filter(Boolean)]);
