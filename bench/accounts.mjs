// Issue 3's figures: account stats vs a bare route, the 30-day history query with 2,000 accounts ×
// 1 year in local D1, live fan-out to 200 subscribers, and chart rendering in Chromium.
import { createORPCClient } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { prepareBenchState, reuseBenchState, startBenchServer, writeSection } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 15);
const POLL_MS = 1000;
const password = process.env.DEMO_PASSWORD ?? 'meridian-demo';
const DAY = 86_400_000;

function load(title, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: 20, ...opts }, (err, r) => {
      if (err) return reject(err);
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

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const rpcGet = (name, input) => `/api/rpc/${name}?data=${encodeURIComponent(JSON.stringify({ json: input }))}`;

async function signIn(base, email) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * 200 subscribers on one account: delivery latency = arrival − the snapshot's own timestamp.
 * Counted once every subscriber is connected and a second has passed (connecting 200 streams at
 * once is not the steady state being measured).
 */
async function fanOut(base, cookie, email) {
  const client = createORPCClient(new RPCLink({ url: `${base}/api/rpc`, headers: { cookie } }));
  const latencies = [];
  const snapshotTimes = new Set();
  const controller = new AbortController();
  let connected = 0;
  let measureFrom = Infinity;
  const subscribers = Array.from({ length: SUBSCRIBERS }, async () => {
    const iterator = await client.streamAccount({ email }, { signal: controller.signal });
    let first = true;
    try {
      for await (const event of iterator) {
        const arrived = Date.now();
        // The first event replays the hub's last update (possibly older): not a delivery.
        if (first) connected++;
        else if (event.type === 'snapshot' && event.ts >= measureFrom) {
          latencies.push(arrived - event.ts);
          snapshotTimes.add(event.ts);
        }
        first = false;
      }
    } catch {
      /* aborted at the end */
    }
  });
  const deadline = Date.now() + 20_000;
  while (connected < SUBSCRIBERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  measureFrom = Date.now() + 1000;
  await new Promise((r) => setTimeout(r, 1000 + LIVE_SECONDS * 1000));
  controller.abort();
  await Promise.allSettled(subscribers);
  latencies.sort((a, b) => a - b);
  return {
    deliveries: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    polls: snapshotTimes.size,
    seconds: LIVE_SECONDS,
    connected,
  };
}

/** Opens /dashboard/charts for 30 days and reads the render time the page reports. */
async function chartRender(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const figures = [];
  let points = 0;
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill('trader@example.com');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/dashboard/);
  for (let i = 0; i < 5; i++) {
    await page.goto(`${base}/dashboard/charts`);
    const ready = page.getByTestId('charts-ready').first();
    await ready.waitFor({ timeout: 30_000 });
    // The page stamps data arrival → second frame after the charts painted onto the container.
    figures.push(Number(await ready.getAttribute('data-render-ms')));
    points = Number(await ready.getAttribute('data-points'));
    await page.waitForTimeout(300);
  }
  await browser.close();
  figures.sort((a, b) => a - b);
  return { runs: figures.length, points, median: percentile(figures, 50), max: figures.at(-1) };
}

if (!reuseBenchState('bench-state')) {
  await prepareBenchState();
  const d1Dir = join(process.env.PERSIST_TO, 'v3/d1/miniflare-D1DatabaseObject');
  const sqlite = readdirSync(d1Dir).find((f) => f.endsWith('.sqlite'));
  console.log(`• filling ${ACCOUNTS} accounts × 1 year of history`);
  execFileSync('python3', [join(root, 'bench/fill-history.py'), join(d1Dir, sqlite), String(ACCOUNTS), 'trader@example.com'], { stdio: 'inherit' });
}

const server = await startBenchServer({ fresh: false, vars: { LIVE_POLL_MS: POLL_MS } });
try {
  // Requests and streams go to the Worker's own workerd (see findUserWorker); the browser uses the proxy.
  const base = server.direct;
  const cookie = await signIn(base, 'trader@example.com');
  const now = Date.now();
  const history = rpcGet('getAccountHistory', { email: 'bench-00000@bench.meridian', from: now - 30 * DAY, to: now });
  const stats = rpcGet('getUserAccountStats', { email: 'trader-main@sim.meridian' });
  const check = await fetch(`${base}${history}`, { headers: { cookie } });
  const points = (await check.json()).json.points.length;

  await load('warm-up', { url: `${base}/api/health`, duration: 2 });
  const rows = [];
  rows.push(await load('(a) GET /api/health', { url: `${base}/api/health` }));
  rows.push(await load("(a′) GET /api/health through wrangler dev's proxy", { url: `${server.base}/api/health` }));
  rows.push(await load('getUserAccountStats', { url: `${base}${stats}`, headers: { cookie } }));
  rows.push(
    await load(`getAccountHistory, 30 days (${points} points), 1 connection`, {
      url: `${base}${history}`,
      headers: { cookie },
      connections: 1,
    }),
  );
  rows.push(
    await load(`getAccountHistory, 30 days, 10 connections`, { url: `${base}${history}`, headers: { cookie }, connections: 10 }),
  );
  const live = await fanOut(base, cookie, 'trader-main@sim.meridian');
  const charts = await chartRender(server.base).catch((err) => ({ error: String(err.message ?? err) }));

  const [a, , s, history1] = rows;
  const table = rows
    .map((r) => `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.bad} |`)
    .join('\n');
  const section = `<!-- bench:accounts -->
## Exchange accounts (issue 3) — \`npm run bench\`, ${new Date().toISOString().slice(0, 10)}

Local workerd (\`wrangler dev\`, production build; requests and streams sent straight to the workerd running the Worker, since
the proxy process \`wrangler dev\` puts in front has no deployed counterpart: row (a′) shows its cost), D1 filled with **${ACCOUNTS.toLocaleString('en-US')} accounts × 1 year**
(hourly rows beyond 7 days, minute rows for the last 7 days), autocannon on the same 2-core machine, ${DURATION} s per row. ms.

| Request | req/s | p50 | p99 | requests | non-2xx/errors |
|---|---:|---:|---:|---:|---:|
${table}

- getUserAccountStats / health = **${(s.rps / a.rps).toFixed(2)}×** throughput (p50 ${s.p50} vs ${a.p50} ms).
- 30-day history of one account (hourly + thinned minute rows, ${points} points): **p99 ${history1.p99} ms** at one connection (target ≤ 50 ms).
- Live fan-out, ${SUBSCRIBERS} subscribers on one account (oRPC clients in one Node process), poll every ${POLL_MS} ms, measured for ${live.seconds} s once ${live.connected} were connected: ${live.deliveries} deliveries,
  update-to-delivery **p50 ${live.p50} ms, p99 ${live.p99} ms** (target ≤ 100 ms); **${live.polls} exchange polls** in those
  ${live.seconds} s (one per interval, not one per subscriber).
- Charts, 30 days in Chromium (data arrival → drawn, as the page reports it): ${'error' in charts ? `not measured (${charts.error})` : `median **${charts.median} ms**, max ${charts.max} ms over ${charts.runs} loads (target ≤ 200 ms)`}.
<!-- /bench:accounts -->`;
  console.log(section);
  writeSection('accounts', section);
} finally {
  server.stop();
}
