// Small helpers shared by the benchmark scripts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeLedger, DEMO_TOTP_SECRET } from '../scripts/demo-second-factor.mjs';
import { root } from '../scripts/lib.mjs';

/** The value at percentile p (0–100) of an ascending array. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** count, p50, p99 and max of sorted figures (nulls when there are none). */
export function latencySummary(sorted) {
  if (!sorted.length) return { count: 0, p50: null, p99: null, max: null };
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
}

/**
 * Runs a bench script (bench/<name>) in a fresh Node process and returns the JSON of its last output
 * line. Live subscribers run this way so their arrival times are not taken in the heap the load
 * generator left behind (its garbage collection showed up as delivery latency).
 */
export function runInOwnProcess(name, args) {
  const out = execFileSync(process.execPath, [fileURLToPath(new URL(name, import.meta.url)), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 120_000,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/**
 * Reads an event stream's bytes and calls onFrame(frame, arrived) per frame (the lines up to a blank
 * line), arrived being taken when the chunk that completed it was read, before any parsing.
 */
export async function forEachFrame(body, onFrame) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    const arrived = Date.now();
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      onFrame(buffer.slice(0, end), arrived);
      buffer = buffer.slice(end + 2);
    }
  }
}

/** An RPC GET path (oRPC's ?data= encoding). */
export const rpcGet = (name, input) => `/api/rpc/${name}?data=${encodeURIComponent(JSON.stringify({ json: input }))}`;

const cookiesOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

// The codes the benches used, per email, across their processes: each works once (the Worker refuses
// a replay), so a sign-in that follows another within 30 s takes the next step's code.
const ledgerFile = join(root, '.wrangler', 'bench-totp-ledger.json');
const ledger = codeLedger({
  load: () => (existsSync(ledgerFile) ? JSON.parse(readFileSync(ledgerFile, 'utf8')) : {}),
  save: (all) => {
    mkdirSync(dirname(ledgerFile), { recursive: true });
    writeFileSync(ledgerFile, JSON.stringify(all));
  },
});

/**
 * Signs a user in and returns the session cookies as one Cookie header value. A user with a second
 * factor (the demo users, and the bench's own users with powers: enrolled with DEMO_TOTP_SECRET by
 * demoFactorInsert) answers the password with "second factor needed": the code is computed here.
 */
export async function signIn(base, email, password = process.env.DEMO_PASSWORD ?? 'meridian-demo') {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const body = await res.json();
  if (!body.secondFactor) return cookiesOf(res);
  const pending = cookiesOf(res);
  // Another process (a browser, an earlier bench) may have spent a step this ledger does not know of.
  for (let attempt = 0; attempt < 3; attempt++) {
    const second = await fetch(`${base}/api/auth/second-factor/totp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: pending },
      body: JSON.stringify({ code: await ledger.next(email, DEMO_TOTP_SECRET) }),
    });
    if (second.ok) return cookiesOf(second);
    if (second.status !== 401) throw new Error(`second factor failed: ${second.status}`);
  }
  throw new Error(`second factor refused three codes for ${email}`);
}

/** Trades a session's refresh cookie for new cookies (POST /api/auth/refresh), as the SPA does. */
export async function refreshSession(base, cookie) {
  const res = await fetch(`${base}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!res.ok) throw new Error(`refresh failed: ${res.status}`);
  await res.arrayBuffer();
  return cookiesOf(res);
}

/**
 * Signs a user in through /login in a Playwright page, the second step included when the user has
 * one (the code from the same ledger as signIn), and waits for /dashboard.
 */
export async function logInPage(page, base, email, password = process.env.DEMO_PASSWORD ?? 'meridian-demo') {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const code = page.getByLabel('Authentication code');
  const landed = page.waitForURL(/dashboard/).then(() => 'landed');
  if ((await Promise.race([landed, code.waitFor().then(() => 'code')])) === 'code') {
    await code.fill(await ledger.next(email, DEMO_TOTP_SECRET));
    await page.getByRole('button', { name: 'Verify' }).click();
    await landed;
  }
}

/** A 1440×900 browser context that carries a signed-in cookie header (signIn's) for `base`. */
export async function signedInContext(browser, base, cookie) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const url = new URL(base);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name, value: rest.join('='), domain: url.hostname, path: '/' };
    }),
  );
  return context;
}

/** One autocannon run printed and summed up as a table row (opts: autocannon's, duration included). */
export async function loadRow(title, opts) {
  const { default: autocannon } = await import('autocannon');
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, ...opts }, (err, r) => {
      if (err) return reject(err);
      console.log(`  ${title}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
      resolve({
        title,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        requests: r.requests.total,
        bad: r.non2xx + r.errors,
      });
    });
  });
}

/** The client order id the Worker sends to the exchange for a user's browser id (worker/domains/orders/venue-client-id.ts). */
export async function venueClientId(userId, clientOrderId) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${userId}\n${clientOrderId}`));
  return `m${Buffer.from(digest).toString('base64url').slice(0, 32)}`;
}
