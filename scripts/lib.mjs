// Helpers shared by the local scripts (start, dev, seed, bench, e2e).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

/** .dev.vars holds local secrets; generated once, never committed. */
export function ensureDevVars() {
  const file = `${root}.dev.vars`;
  if (existsSync(file) && /JWT_SECRET=/.test(readFileSync(file, 'utf8'))) return;
  writeFileSync(file, `JWT_SECRET=${randomBytes(32).toString('hex')}\n`);
  console.log('• created .dev.vars with a fresh JWT_SECRET');
}

/** Same format and parameters as worker/auth/password.ts, so seeded users can sign in. */
export function hashPassword(password) {
  const N = 2 ** 14,
    r = 8,
    p = 5;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export const sqlString = (v) => (v === null || v === undefined ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);
