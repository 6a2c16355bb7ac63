// What `npm start` prints: the logic that turns wrangler's output
// into one line per step, on output captured from the real commands (scripts/fixtures/).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword } from './lib.mjs';
import {
  demoUserLines,
  migrationSummary,
  passwordOpens,
  quietWranglerEnv,
  runCaptured,
  StepError,
  step,
  wranglerDevFlags,
} from './quiet-output.mjs';

const fixture = (name) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const lines = (text) => text.trimEnd().split('\n').length;

describe('migrations: one line instead of a table per migration', () => {
  it('a fresh database: ~800 lines of wrangler become "18 applied"', () => {
    const out = fixture('migrations-apply-fresh.txt');
    expect(lines(out)).toBeGreaterThan(700);
    expect(migrationSummary(out)).toBe('18 applied (to 0018_pre_trade_gate)');
    expect(migrationSummary(fixture('migrations-apply-news-fresh.txt'))).toBe('1 applied (to 0000_news_content)');
  });

  it('a database that has them all: "up to date"', () => {
    expect(migrationSummary(fixture('migrations-apply-none.txt'))).toBe('up to date');
  });
});

describe('wrangler dev: warnings and errors only, request lines on demand', () => {
  it('runs at log level warn, with no cron warning and no hotkey bar', () => {
    expect(wranglerDevFlags({})).toEqual(['--test-scheduled', '--show-interactive-dev-session=false', '--log-level', 'warn']);
    expect(wranglerDevFlags({ LOG_REQUESTS: '0' })).toContain('warn');
  });

  it('LOG_REQUESTS=1 turns the request lines on; WRANGLER_LOG keeps its own level', () => {
    expect(wranglerDevFlags({ LOG_REQUESTS: '1' }).slice(-2)).toEqual(['--log-level', 'info']);
    expect(wranglerDevFlags({ LOG_REQUESTS: 'true' }).slice(-2)).toEqual(['--log-level', 'info']);
    expect(wranglerDevFlags({ WRANGLER_LOG: 'debug' })).not.toContain('--log-level');
  });

  it('does not fetch Request.cf from workers.cloudflare.com (offline: a stack trace per start) unless told to', () => {
    expect(quietWranglerEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', CLOUDFLARE_CF_FETCH_ENABLED: 'false' });
    expect(quietWranglerEnv({ CLOUDFLARE_CF_FETCH_ENABLED: 'true' }).CLOUDFLARE_CF_FETCH_ENABLED).toBe('true');
  });
});

describe('a step: one line, and everything the command said when it fails', () => {
  it('prints the title, the result and the time on one line', async () => {
    let written = '';
    const out = { write: (s) => void (written += s) };
    await step('Database migrations', () => 'DB up to date', out);
    expect(written).toMatch(/^• Database migrations… DB up to date \(\d+\.\d s\)\n$/);
  });

  it('answers a command’s output, and keeps it back', () => {
    expect(runCaptured(process.execPath, ['-e', 'console.log("quiet")'])).toBe('quiet\n');
  });

  it('a failing command says what failed and all it printed', () => {
    const failing = ['-e', 'console.log("🌀 Executing"); console.error("✘ [ERROR] ENOTDIR"); process.exit(3)'];
    let error;
    try {
      runCaptured(process.execPath, failing);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StepError);
    expect(error.message).toMatch(/failed \(exit 3\)$/);
    expect(error.detail).toBe('🌀 Executing\n✘ [ERROR] ENOTDIR');
  });

  it('a failed step ends its line with "failed", prints the error on stderr and exits 1', () => {
    const script = `
      import { runCaptured, step } from ${JSON.stringify(new URL('./quiet-output.mjs', import.meta.url).href)};
      await step('Demo data', () => runCaptured(process.execPath, ['-e', 'console.error("no such table: users"); process.exit(1)']));
    `;
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stdout).toBe('• Demo data… failed\n');
    expect(res.stderr).toMatch(/^✖ .+ failed \(exit 1\)\nno such table: users\n$/);
  });
});

describe('the demo users, printed last on every start', () => {
  const rows = [
    { email: 'trader@example.com', role: 'user', approved: 1, is_risk_team: 0, can_use_terminal: 0, disabled: 0 },
    { email: 'admin@example.com', role: 'superadmin', approved: 1, is_risk_team: 1, can_use_terminal: 1, disabled: 0 },
    { email: 'pending@example.com', role: 'user', approved: 0, is_risk_team: 0, can_use_terminal: 0, disabled: 0 },
    { email: 'morgan.hale@example.com', role: 'user', approved: 1, is_risk_team: 0, can_use_terminal: 0, disabled: 0 },
  ];
  const order = ['admin@example.com', 'trader@example.com', 'risk@example.com', 'pending@example.com'];

  it('as the database has them, in the README’s order, with the password', () => {
    expect(
      demoUserLines({
        rows,
        order,
        password: 'meridian-demo',
        passwordWorks: true,
        deskCount: 1,
        deskExample: 'morgan.hale@example.com',
        totpSecret: 'MERIDIANDEMOTOTPSECRETKEY234567A',
      }),
    ).toEqual([
      '  Demo users (password: meridian-demo):',
      '    admin@example.com      superadmin, risk team, terminal',
      '    trader@example.com     user',
      '    pending@example.com    user, awaiting approval',
      '    and 1 desk trader (morgan.hale@example.com, …)',
      '  Second step of sign-in: authenticator secret MERIDIANDEMOTOTPSECRETKEY234567A (DEMO_TOTP_SECRET)',
      '    add it to an authenticator app, or `npm run -s totp` prints the current code',
    ]);
  });

  it('never prints a password that does not open them', () => {
    const [first] = demoUserLines({ rows, order, password: 'other', passwordWorks: false, deskCount: 0 });
    expect(first).not.toContain('other');
    expect(first).toContain('DEMO_PASSWORD differs');
    expect(demoUserLines({ rows: [], order, password: 'x', passwordWorks: true, deskCount: 0 })).toHaveLength(1);
  });

  it('checks the password against the stored hash (the seed’s format)', () => {
    const hash = hashPassword('meridian-demo');
    expect(passwordOpens(hash, 'meridian-demo')).toBe(true);
    expect(passwordOpens(hash, 'something-else')).toBe(false);
    expect(passwordOpens('not a hash', 'meridian-demo')).toBe(false);
  });
});
