// Helpers shared by the local scripts (start, dev, seed, bench, e2e).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;

/** Extra wrangler flags: PERSIST_TO keeps e2e and bench runs away from the developer's data. */
export function persistArgs() {
  return process.env.PERSIST_TO ? ['--persist-to', process.env.PERSIST_TO] : [];
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd === 'wrangler' || cmd === 'vite' ? bin(cmd) : cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.status !== 0) {
    console.error(`✖ ${cmd} ${args.join(' ')} failed (exit ${res.status})`);
    process.exit(res.status ?? 1);
  }
}

export function wranglerJson(args) {
  const out = execFileSync(bin('wrangler'), args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return JSON.parse(out.slice(out.indexOf('[')));
}

/** The rows one SQL statement reads from the local D1. */
export function queryLocalD1(sql) {
  const [{ results }] = wranglerJson(['d1', 'execute', 'DB', '--local', ...persistArgs(), '--json', '--command', sql]);
  return results;
}

/** Runs SQL statements against the local D1 from a file in `dir` (too many for one command line). */
export function executeLocalD1(statements, dir, name = 'seed.sql') {
  const file = join(dir, name);
  writeFileSync(file, statements.join('\n'));
  run('wrangler', ['d1', 'execute', 'DB', '--local', ...persistArgs(), '--file', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A fresh scratch folder under the system's temp dir. */
export const scratchDir = (prefix) => mkdtempSync(join(tmpdir(), `meridian-${prefix}-`));

/**
 * The worker's TypeScript modules in Node: `reexports` (lines like
 * `export { classify } from './worker/domains/news/ingest/pipeline';`) bundled with esbuild into
 * `dir`, then imported. The seed and the benches reuse the worker's own simulator and pipeline.
 */
export async function importWorkerModules(reexports, dir) {
  const { build } = await import('esbuild');
  const outfile = join(dir, 'worker-modules.mjs');
  await build({
    stdin: { contents: reexports, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}

/**
 * .dev.vars holds local secrets; generated once, never committed: JWT_SECRET, and TRADING_KEYRING
 * (the key that seals sub-accounts' trading keys, "id:base64 of 32 bytes"), added to an older file.
 */
export function ensureDevVars() {
  const file = `${root}.dev.vars`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let next = current;
  if (!/^JWT_SECRET=/m.test(next)) next = `JWT_SECRET=${randomBytes(32).toString('hex')}\n${next}`;
  if (!/^TRADING_KEYRING=/m.test(next))
    next = `${next.trimEnd()}\nTRADING_KEYRING=local1:${randomBytes(32).toString('base64')}\n`.trimStart();
  if (next === current) return;
  writeFileSync(file, next);
  console.log('• wrote .dev.vars (JWT_SECRET, TRADING_KEYRING)');
}

/** Same format and parameters as worker/domains/auth/password.ts, so seeded users can sign in. */
export function hashPassword(password) {
  const N = 2 ** 14,
    r = 8,
    p = 5;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export const sqlString = (v) => (v === null || v === undefined ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);
