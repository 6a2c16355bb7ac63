// Starts the built app on workerd against a fresh local D1 for benchmarks; stops it afterwards.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { persistArgs, root, run } from '../scripts/lib.mjs';

export async function startBenchServer({ port = 8790, vars = {} } = {}) {
  process.env.PERSIST_TO = `${root}.wrangler/bench-state`;
  rmSync(process.env.PERSIST_TO, { recursive: true, force: true });
  if (!process.env.SKIP_BUILD) run('vite', ['build', '--logLevel', 'warn']);
  await import('../scripts/prepare-local.mjs');
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  const child = spawn(`${root}node_modules/.bin/wrangler`, ['dev', '--port', String(port), '--ip', '127.0.0.1', ...persistArgs(), ...varArgs], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CI: 'true' },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
  };
}
