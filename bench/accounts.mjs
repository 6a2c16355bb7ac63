// The accounts' figures: account stats vs a bare route, the 30-day history query with 2,000 accounts ×
// 1 year in local D1, live fan-out to 200 subscribers, and chart rendering in Chromium.
import { chromium } from '@playwright/test';
import { localD1File } from '../scripts/lib.mjs';
import { loadRow, percentile, rpcGet, runInOwnProcess, signIn, logInPage } from './lib.mjs';
import { prepareBenchState, reuseBenchState, startBenchServer, writeSection } from './server.mjs';
import { fillAccountHistory } from './fill/account-history.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const POLL_MS = 1000; // the hubs' exchange poll interval in this run (bench/accounts-live.mjs)
const password = process.env.DEMO_PASSWORD ?? 'meridian-demo';
const DAY = 86_400_000;

const load = (title, opts) => loadRow(title, { duration: DURATION, connections: 20, ...opts });

/** bench/accounts-live.mjs in a Node process of its own (bench/lib.mjs says why). */
const fanOut = (base, cookie, email) => runInOwnProcess('accounts-live.mjs', [base, cookie, email]);

const summary = (figures) => {
  const sorted = [...figures].sort((a, b) => a - b);
  return { runs: sorted.length, median: percentile(sorted, 50), p90: percentile(sorted, 90), max: sorted.at(-1) };
};

/**
 * /dashboard/charts over 30 days, the render time as the page reports it (data arrival → the frame
 * after the charts painted, data-render-ms). Cold: whole page loads, where the data arrives while the
 * page itself is still being laid out and painted. Warm: the open page switching 7d → 30d, the
 * charts' own cost.
 */
async function chartRender(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const cold = [];
  const warm = [];
  await logInPage(page, base, 'trader@example.com', password);
  const drawn = async (range) => {
    const ready = page.locator(`[data-testid="charts-ready"][data-range="${range}"]`);
    await ready.waitFor({ timeout: 30_000 });
    return { ms: Number(await ready.getAttribute('data-render-ms')), points: Number(await ready.getAttribute('data-points')) };
  };
  let points = 0;
  let first = 0;
  for (let i = 0; i <= 10; i++) {
    await page.goto(`${base}/dashboard/charts`);
    const render = await drawn('30d');
    // The first load of the freshly launched browser is reported on its own: it also carries the
    // browser's start (renderer, fonts, caches) and the page's code compiled for the first time.
    if (i === 0) first = render.ms;
    else cold.push(render.ms);
    points = render.points;
    await page.waitForTimeout(300);
  }
  for (let i = 0; i < 10; i++) {
    await page.getByTestId('range-7d').click();
    await drawn('7d');
    await page.waitForTimeout(200);
    await page.getByTestId('range-30d').click();
    warm.push((await drawn('30d')).ms);
    await page.waitForTimeout(200);
  }
  await browser.close();
  return { points, first, cold: summary(cold), warm: summary(warm) };
}

if (!reuseBenchState('bench-state')) {
  await prepareBenchState();
  console.log(`• filling ${ACCOUNTS} accounts × 1 year of history`);
  fillAccountHistory(localD1File(), ACCOUNTS, 'trader@example.com');
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
  // Charts before the fan-out: aborted oRPC streams have been seen to stay open, and a hub still
  // polling for them would share the CPU with the browser.
  const charts = await chartRender(server.base).catch((err) => ({ error: String(err.message ?? err) }));
  console.log(`  charts: ${JSON.stringify(charts)}`);
  await new Promise((r) => setTimeout(r, 2000)); // Chromium's exit off the CPU
  const live = await fanOut(base, cookie, 'trader-main@sim.meridian');
  console.log(`  fan-out: ${live.connected} connected, p50 ${live.p50} ms, p99 ${live.p99} ms, ${live.polls} polls`);

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
- Live fan-out, ${SUBSCRIBERS} subscribers on one account (oRPC clients in one Node process of their own), poll every ${POLL_MS} ms, measured for ${live.seconds} s once ${live.connected} were connected: ${live.deliveries} deliveries,
  update-to-delivery **p50 ${live.p50} ms, p99 ${live.p99} ms** (target ≤ 100 ms); **${live.polls} exchange polls** in those
  ${live.seconds} s (one per interval, not one per subscriber).
- Charts, 30 days (${'error' in charts ? '?' : charts.points} points × 5 series in 4 charts) in Chromium, headless with software rendering (data arrival → the frame after the charts painted, as the page reports it; target ≤ 200 ms):
  ${
    'error' in charts
      ? `not measured (${charts.error})`
      : `switching the open page to 30 days: median **${charts.warm.median} ms**, p90 ${charts.warm.p90} ms, max ${charts.warm.max} ms over ${charts.warm.runs} switches;
  whole page loads (the data arrives while the page itself is still being laid out and painted): median **${charts.cold.median} ms**, p90 ${charts.cold.p90} ms, max ${charts.cold.max} ms over ${charts.cold.runs} loads,
  after the browser's first load (${charts.first} ms)`
  }.
<!-- /bench:accounts -->`;
  console.log(section);
  writeSection('accounts', section);
} finally {
  server.stop();
}
