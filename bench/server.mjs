// Starts the built app on workerd against a fresh local D1 for benchmarks; stops it afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { applyLocalMigrations, persistArgs, root, run } from '../scripts/lib.mjs';
import { prepareLocal } from '../scripts/prepare-local.mjs';

/** Replaces (or appends) one marked section of docs/PERFORMANCE.md (or another doc in docs/). */
export function writeSection(name, section, file = 'PERFORMANCE.md') {
  const docPath = new URL(`../docs/${file}`, import.meta.url);
  let doc = existsSync(docPath)
    ? readFileSync(docPath, 'utf8')
    : '# Performance\n\nFigures measured with `npm run bench`. Never used as pass/fail in tests.\n';
  const marked = new RegExp(`<!-- bench:${name} -->[\\s\\S]*<!-- /bench:${name} -->`);
  doc = marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(docPath, doc);
}

/** A fresh local D1 (one state folder per bench) with migrations and the demo seed. */
export async function prepareBenchState(dir = 'bench-state') {
  process.env.PERSIST_TO = `${root}.wrangler/${dir}`;
  rmSync(process.env.PERSIST_TO, { recursive: true, force: true });
  if (!process.env.SKIP_BUILD) run('vite', ['build', '--logLevel', 'warn']);
  await prepareLocal();
}

/**
 * BENCH_REUSE_STATE=1 keeps the last run's filled database (fills take minutes): only rebuilds and
 * applies new migrations. Returns false when there is nothing to reuse.
 */
export function reuseBenchState(dir) {
  const state = `${root}.wrangler/${dir}`;
  if (!process.env.BENCH_REUSE_STATE || !existsSync(`${state}/v3/d1`)) return false;
  process.env.PERSIST_TO = state;
  if (!process.env.SKIP_BUILD) run('vite', ['build', '--logLevel', 'warn']);
  applyLocalMigrations();
  return true;
}

/** Whether pid descends from rootPid: other people's workerd on this machine answer /api/health too. */
export function ownedBy(rootPid, pid) {
  for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
    if (p === rootPid) return true;
    try {
      p = Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * `wrangler dev` answers on `port` through a proxy: a second workerd process that forwards every
 * request and stream to the workerd running the Worker, on a port of its own. A deployed Worker
 * has no such hop, so the figures are taken at the Worker's own workerd. Found by asking every port
 * a workerd listens on for /api/health; falls back to the proxy.
 */
async function findUserWorker(port, proxy, rootPid) {
  let listening;
  try {
    listening = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' });
  } catch {
    return proxy;
  }
  const candidates = listening
    .split('\n')
    .filter((line) => line.includes('workerd') && ownedBy(rootPid, Number(/pid=(\d+)/.exec(line)?.[1])))
    .map((line) => line.split(/\s+/)[3])
    .filter((addr) => addr && addr.startsWith('127.0.0.1:') && !addr.endsWith(`:${port}`));
  for (const addr of candidates) {
    try {
      const res = await fetch(`http://${addr}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && (await res.json()).ok === true) return `http://${addr}`;
    } catch {
      /* not the Worker */
    }
  }
  return proxy;
}

export async function startBenchServer({ port = 8790, vars = {}, fresh = true } = {}) {
  if (fresh) await prepareBenchState();
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  // BENCH_INSPECTOR_PORT: the Worker's V8 inspector, to take a CPU profile of a bench (Chrome DevTools).
  if (process.env.BENCH_INSPECTOR_PORT) varArgs.push('--inspector-port', process.env.BENCH_INSPECTOR_PORT);
  const child = spawn(
    `${root}node_modules/.bin/wrangler`,
    ['dev', '--port', String(port), '--ip', '127.0.0.1', ...persistArgs(), ...varArgs],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', process.env.BENCH_SERVER_LOGS ? 'inherit' : 'ignore', 'inherit'],
      env: { ...process.env, CI: 'true' },
    },
  );
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
    direct: await findUserWorker(port, base, child.pid),
    /** wrangler's pid (its process group): bench/reliability restarts it and reads workerd's memory. */
    pid: child.pid,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
  };
}
