// Helpers shared by the local scripts (start, dev, seed, bench, e2e).
import { execFileSync, spawnSync } from 'node:child_process';
import { createECDH, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { migrationSummary, quietWranglerEnv, runCaptured } from './quiet-output.mjs';

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

/** `run` with the output kept back: answers stdout; a failure prints all of it and exits (quiet-output.mjs). */
export function runQuiet(cmd, args, opts = {}) {
  return runCaptured(cmd === 'wrangler' || cmd === 'vite' ? bin(cmd) : cmd, args, {
    cwd: root,
    ...opts,
    env: quietWranglerEnv(opts.env ?? process.env),
  });
}

export function wranglerJson(args) {
  const out = execFileSync(bin('wrangler'), args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: quietWranglerEnv(),
  });
  return JSON.parse(out.slice(out.indexOf('[')));
}

/**
 * The local D1 databases by binding (wrangler.jsonc): the main one, the news one that holds the
 * headlines, their symbols, FTS index and price checks, and the append-only audit trail.
 */
export const D1_BINDINGS = ['DB', 'NEWS_DB', 'AUDIT_DB'];

/**
 * Applies every database's migrations to the local D1 (CI=true: no confirmation prompt). Answers what
 * was done, in a few words per database ("DB up to date, NEWS_DB 1 applied (to 0000_news_content)").
 */
export function applyLocalMigrations() {
  return D1_BINDINGS.map((binding) => {
    const out = runQuiet('wrangler', ['d1', 'migrations', 'apply', binding, '--local', ...persistArgs()], {
      env: { ...process.env, CI: 'true' },
    });
    return `${binding} ${migrationSummary(out)}`;
  }).join(', ');
}

/** The rows one SQL statement reads from a local D1 (`binding`: DB, NEWS_DB or AUDIT_DB). */
export function queryLocalD1(sql, binding = 'DB') {
  return queryLocalD1Many([sql], binding)[0];
}

/** The rows of several statements, read in one wrangler call (each call costs seconds). */
export function queryLocalD1Many(sqls, binding = 'DB') {
  const results = wranglerJson(['d1', 'execute', binding, '--local', ...persistArgs(), '--json', '--command', sqls.join(';\n')]);
  return results.map((r) => r.results);
}

/** Runs SQL statements against a local D1 from a file in `dir` (too many for one command line). */
export function executeLocalD1(statements, dir, name = 'seed.sql', binding = 'DB') {
  const file = join(dir, name);
  writeFileSync(file, statements.join('\n'));
  runQuiet('wrangler', ['d1', 'execute', binding, '--local', ...persistArgs(), '--file', file]);
}

/**
 * The SQLite file behind a local D1 binding, for the bench fillers that write it directly. Miniflare
 * names the files by a hash, so each is recognised by its tables (the main one has users, the news
 * one news_items, the audit one audit_log). Call after the migrations are applied.
 */
export function localD1File(binding = 'DB') {
  const dir = join(process.env.PERSIST_TO ?? join(root, '.wrangler/state'), 'v3/d1/miniflare-D1DatabaseObject');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sqlite'))
    .map((f) => join(dir, f));
  const kindOf = (f) => {
    const names = new Set(readTables(f));
    return names.has('users') ? 'DB' : names.has('news_items') ? 'NEWS_DB' : names.has('audit_log') ? 'AUDIT_DB' : null;
  };
  const file = files.find((f) => kindOf(f) === binding);
  if (!file) throw new Error(`no local D1 file for ${binding} in ${dir}`);
  return file;
}

/** The table names of a SQLite file, read-only (node:sqlite, Node 22). */
function readTables(file) {
  // Loaded here, not at the top: only the benches need it (and it prints Node 22's experimental warning).
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => r.name);
  } finally {
    db.close();
  }
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
 * .dev.vars holds local secrets; generated once, never committed: JWT_SECRET, TRADING_KEYRING (the
 * key that seals sub-accounts' trading keys, "id:base64 of 32 bytes") and SECOND_FACTOR_KEYRING (the
 * one that seals authenticator-app secrets, same format), each added to an older file that lacks it.
 * Answers what it wrote, or null when the file was complete.
 */
export function ensureDevVars() {
  const file = `${root}.dev.vars`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let next = current;
  if (!/^JWT_SECRET=/m.test(next)) next = `JWT_SECRET=${randomBytes(32).toString('hex')}\n${next}`;
  for (const name of ['TRADING_KEYRING', 'SECOND_FACTOR_KEYRING'])
    if (!new RegExp(`^${name}=`, 'm').test(next))
      next = `${next.trimEnd()}\n${name}=local1:${randomBytes(32).toString('base64')}\n`.trimStart();
  if (!/^VAPID_KEYS=/m.test(next)) next = `${next.trimEnd()}\nVAPID_KEYS=${newVapidKeys()}\n`.trimStart();
  if (next === current) return null;
  writeFileSync(file, next);
  const added = ['JWT_SECRET', 'TRADING_KEYRING', 'SECOND_FACTOR_KEYRING', 'VAPID_KEYS'].filter(
    (k) => !new RegExp(`^${k}=`, 'm').test(current),
  );
  return `wrote .dev.vars (${added.join(', ')})`;
}

/** A fresh Web Push VAPID pair, "<public>:<private>" (base64url, P-256): the VAPID_KEYS secret's format. */
export function newVapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const d = ecdh.getPrivateKey(); // a leading zero byte may be left out: pad to 32
  return `${ecdh.getPublicKey().toString('base64url')}:${Buffer.concat([Buffer.alloc(32 - d.length), d]).toString('base64url')}`;
}

/** A secret of .dev.vars (ensureDevVars writes them), or undefined. */
export function devVar(name) {
  const file = `${root}.dev.vars`;
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8')
    .match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1]
    ?.trim();
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
