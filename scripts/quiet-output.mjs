// What `npm start` and `npm run dev` print: one line per preparation step, details only when a step
// fails, and the URL with the demo users last. The pure parts are tested in quiet-output.test.mjs.
import { spawnSync } from 'node:child_process';
import { scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * `wrangler dev`'s flags for a quiet local server. Its log level is `warn` (warnings and the Worker's
 * console.error/warn still show; the banner, the bindings table, console.log and one line per request
 * do not) unless LOG_REQUESTS=1 asks for the request lines, or WRANGLER_LOG sets a level itself.
 * `--test-scheduled`: the start script fires the minute cron itself, so wrangler's warning that local
 * crons are not triggered does not apply. No interactive hotkey bar (its `c` would clear the screen).
 */
export function wranglerDevFlags(env = process.env) {
  const flags = ['--test-scheduled', '--show-interactive-dev-session=false'];
  if (!env.WRANGLER_LOG) flags.push('--log-level', isOn(env.LOG_REQUESTS) ? 'info' : 'warn');
  return flags;
}

/**
 * The environment of the local wrangler commands. Miniflare fetches a sample `Request.cf` object from
 * workers.cloudflare.com on every start (offline: a warning with a stack trace); the app reads
 * nothing from it, so the placeholder is used from the start. An explicit setting wins.
 */
export function quietWranglerEnv(env = process.env) {
  return { ...env, CLOUDFLARE_CF_FETCH_ENABLED: env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false' };
}

const isOn = (value) => value !== undefined && !['', '0', 'false', 'no', 'off'].includes(value.toLowerCase());

/**
 * What `wrangler d1 migrations apply` did, in a few words: its output redraws a table of every
 * migration (17 tables for a fresh database), which is for someone at a prompt.
 */
export function migrationSummary(output) {
  if (/No migrations to apply/.test(output)) return 'up to date';
  const count = /About to apply (\d+) migration/.exec(output)?.[1];
  const names = [...new Set([...output.matchAll(/│\s*(\d{4}_[\w.-]+)\.sql\s*│/g)].map((m) => m[1]))];
  const n = Number(count ?? names.length);
  return `${n} applied${names.length ? ` (to ${names.at(-1)})` : ''}`;
}

/**
 * Runs one command with its output captured. On success answers its stdout; on failure prints the
 * command and everything it said (stdout and stderr) and exits with its status.
 */
export function runCaptured(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status === 0) return res.stdout;
  const said = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim();
  throw new StepError(
    `${cmd.split('/').at(-1)} ${args.join(' ')} failed (exit ${res.status ?? res.signal ?? res.error?.message})`,
    said,
  );
}

export class StepError extends Error {
  constructor(message, detail) {
    super(message);
    this.detail = detail;
  }
}

/**
 * One preparation step on one line: `• Title… result (1.2 s)`. The title shows while the step runs
 * (a build takes a while); its result and duration complete the line. A failure ends the line with
 * "failed", then says what failed and why on stderr, and exits.
 */
export async function step(title, fn, out = process.stdout) {
  const started = performance.now();
  out.write(`• ${title}… `);
  try {
    const result = await fn();
    out.write(`${result ?? 'done'} (${seconds(performance.now() - started)})\n`);
    return result;
  } catch (err) {
    out.write('failed\n');
    console.error(`✖ ${err.message}`);
    if (err.detail) console.error(err.detail);
    else if (!(err instanceof StepError) && err.stack) console.error(err.stack);
    process.exit(1);
  }
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The demo users as they are in the database, with the password that opens them: printed last on
 * every start. `rows` are the users table's demo rows; `password` the one tried; `passwordWorks`
 * whether it opens them (DEMO_PASSWORD may differ from the one they were seeded with).
 */
export function demoUserLines({ rows, order, password, passwordWorks, deskCount, deskExample, totpSecret }) {
  if (rows.length === 0) return ['  No demo users in this database (it had users before the first seed).'];
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const lines = [
    passwordWorks
      ? `  Demo users (password: ${password}):`
      : '  Demo users (password: the one they were seeded with; DEMO_PASSWORD differs):',
  ];
  for (const email of order) {
    const u = byEmail.get(email);
    if (!u) continue;
    const notes = [u.role, u.disabled ? 'disabled' : null, u.approved ? null : 'awaiting approval'];
    notes.push(u.is_risk_team ? 'risk team' : null, u.can_use_terminal ? 'terminal' : null);
    lines.push(`    ${email.padEnd(22)} ${notes.filter(Boolean).join(', ')}`);
  }
  if (deskCount) lines.push(`    and ${deskCount} desk trader${deskCount === 1 ? '' : 's'} (${deskExample}, …)`);
  if (totpSecret)
    lines.push(
      `  Second step of sign-in: authenticator secret ${totpSecret} (DEMO_TOTP_SECRET)`,
      '    add it to an authenticator app, or `npm run -s totp` prints the current code',
    );
  return lines;
}

/** Whether `password` opens a stored hash (the format of worker/domains/auth/password.ts). */
export function passwordOpens(hash, password) {
  const [kind, N, r, p, salt, key] = String(hash).split('$');
  if (kind !== 'scrypt' || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const got = scryptSync(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(got, expected);
}
