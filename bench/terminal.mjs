// The terminal's figures: writes its section of docs/PERFORMANCE.md.
//   1. headline ingest → painted on one /terminal page while N other news subscribers listen
//   2. 48 visible symbols updating every second: main-thread work per update, long tasks (Chromium trace)
//   3. 100 terminals on the same 20 symbols → upstream subscriptions the PriceHub holds (from 25 bench
//      users: the hub holds at most 4 price streams per user)
// Sizes: BENCH_TERMINAL_SUBSCRIBERS (500), BENCH_TERMINAL_POSTS (30), BENCH_TERMINAL_SECONDS (60),
// BENCH_TERMINAL_VIEWERS (100). BENCH_TERMINAL_SMOKE=1 runs whatever sizes are given and writes nothing;
// BENCH_TERMINAL_TRACE=file.json keeps the Chromium trace of part 2 (open it in DevTools' Performance panel).
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { createORPCClient } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import { devVar, executeLocalD1, hashPassword, scratchDir, sqlString } from '../scripts/lib.mjs';
import { demoFactorInsert } from '../scripts/demo-second-factor.mjs';
import { percentile, signedInContext, signIn } from './lib.mjs';
import { prepareBenchState, startBenchServer, writeSection } from './server.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_TERMINAL_SUBSCRIBERS ?? 500);
const POSTS = Number(process.env.BENCH_TERMINAL_POSTS ?? 30);
const SECONDS = Number(process.env.BENCH_TERMINAL_SECONDS ?? 60);
const VIEWERS = Number(process.env.BENCH_TERMINAL_VIEWERS ?? 100);
const SMOKE = process.env.BENCH_TERMINAL_SMOKE === '1';
/** BENCH_TERMINAL_PARTS=paint,updates,hub (default all): a smoke run may take one part. */
const PARTS = new Set((process.env.BENCH_TERMINAL_PARTS ?? 'paint,updates,hub').split(','));
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A subscriber that only reads its stream's bytes (the load: N other open feeds or terminals). */
async function drain(url, init, signal, onOpen) {
  const res = await fetch(url, { ...init, signal });
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}`);
  onOpen();
  for await (const chunk of res.body) void chunk;
}

async function openMany(count, open) {
  const controller = new AbortController();
  let ready = 0;
  for (let i = 0; i < count; i++) open(controller.signal, () => ready++, i).catch(() => {});
  const deadline = Date.now() + 30_000;
  while (ready < count && Date.now() < deadline) await sleep(50);
  return { ready, stop: () => controller.abort() };
}

async function terminalPage(browser, base, cookie) {
  const context = await signedInContext(browser, base, cookie);
  const page = await context.newPage();
  await page.goto(`${base}/terminal`);
  await page.getByTestId('news-status').getByText('Live').waitFor({ timeout: 30_000 });
  return { page, close: () => context.close() };
}

/** Streams one user may hold (contract/patterns.ts MAX_PRICE_STREAMS_PER_USER): part 3 spreads its viewers. */
const STREAMS_PER_USER = 4;
const VIEWER_PASSWORD = 'bench-terminal-password';
const viewerUsers = Array.from({ length: Math.ceil(VIEWERS / STREAMS_PER_USER) }, (_, i) => ({
  id: `bench-terminal-viewer-${i}`,
  email: `terminal-viewer-${i}@bench.meridian`,
}));
await prepareBenchState();
{
  const now = Date.now();
  const hash = hashPassword(VIEWER_PASSWORD);
  // With the terminal comes a second factor: each viewer has the demo authenticator (bench/lib.mjs signIn computes its codes).
  const keyring = devVar('SECOND_FACTOR_KEYRING');
  executeLocalD1(
    [
      ...viewerUsers.map(
        (u) =>
          `INSERT INTO users (id, email, name, role, approved, is_risk_team, can_use_terminal, password_hash, created_at, approved_at, updated_at) VALUES (${sqlString(u.id)}, ${sqlString(u.email)}, 'Bench viewer', 'user', 1, 0, 1, ${sqlString(hash)}, ${now}, ${now}, ${now});`,
      ),
      ...(await Promise.all(viewerUsers.map((u) => demoFactorInsert(keyring, { userId: u.id }, 'Bench', now)))),
    ],
    scratchDir('bench-terminal'),
  );
}
const server = await startBenchServer({
  port: PORT,
  fresh: false,
  vars: { AUTH_MAX_FAILS_PER_EMAIL: 1e9, AUTH_MAX_FAILS_PER_IP: 1e9 },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const results = {};
try {
  const { base, direct } = server;
  // The admin of the seed is the one user with the terminal flag; the trader listens to the feed.
  const adminCookie = await signIn(base, 'admin@example.com');
  const traderCookie = await signIn(base, 'trader@example.com');
  const admin = createORPCClient(new RPCLink({ url: `${base}/api/rpc`, headers: { cookie: adminCookie } }));

  // ── 1. ingest → painted, N other subscribers ─────────────────────────────────────────────
  if (PARTS.has('paint')) {
    const others = await openMany(SUBSCRIBERS, (signal, onOpen) =>
      drain(`${direct}/api/rpc/streamNews`, { headers: { cookie: traderCookie } }, signal, onOpen),
    );
    console.error(`  terminal: ${others.ready}/${SUBSCRIBERS} other news subscribers connected`);
    const term = await terminalPage(browser, base, adminCookie);
    await admin.postManualNews({ title: `Bench terminal warm-up ${crypto.randomUUID().slice(0, 8)}`, symbols: ['BTC'] });
    await sleep(1000);
    await term.page.evaluate(() => (window.__terminalPaints = []));
    for (let i = 0; i < POSTS; i++) {
      await admin.postManualNews({ title: `Bench terminal ${i} ${crypto.randomUUID().slice(0, 8)}`, symbols: ['BTC', 'ETH'] });
      await sleep(300);
    }
    await sleep(1500);
    const paints = await term.page.evaluate(() => window.__terminalPaints ?? []);
    const painted = paints.map((p) => p.paintedAt - p.receivedAt).sort((a, b) => a - b);
    const browserSide = paints.map((p) => p.paintedAt - p.arrivedAt).sort((a, b) => a - b);
    results.paint = {
      subscribers: others.ready,
      posts: POSTS,
      painted: painted.length,
      p50: percentile(painted, 50),
      p99: percentile(painted, 99),
      max: painted.at(-1),
      arrivalToPaintP99: percentile(browserSide, 99),
    };
    console.error('  ingest → painted', results.paint);
    others.stop();
    await term.close();
  }

  // ── 2. 48 visible symbols updating every second ─────────────────────────────────────────
  if (PARTS.has('updates')) {
    // Listed symbols only: the market prices nothing else ("no market" chips never update).
    const symbols = (await admin.getMarketListing()).symbols.slice(0, 48);
    for (let i = 0; i < symbols.length; i += 4)
      await admin.postManualNews({
        title: `Bench symbols ${i / 4} ${crypto.randomUUID().slice(0, 8)}`,
        symbols: symbols.slice(i, i + 4),
      });
    const live = await terminalPage(browser, base, adminCookie);
    await live.page.getByTestId('price-chip').first().waitFor();
    await sleep(3000);
    const visibleChips = await live.page.evaluate(() => {
      const h = window.innerHeight;
      return [...document.querySelectorAll('[data-testid="price-chip"]')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < h;
      }).length;
    });
    const cdp = await live.page.context().newCDPSession(live.page);
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    await sleep(SECONDS * 1000);
    await cdp.send('Tracing.end');
    await done;
    if (process.env.BENCH_TERMINAL_TRACE) writeFileSync(process.env.BENCH_TERMINAL_TRACE, JSON.stringify(events));
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const tasks = events.filter(
      (e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === main?.pid && e.tid === main?.tid && e.dur,
    );
    // Main-thread work per second (one price tick a second; the clocks tick too): busy ms in each 1 s window.
    const start = Math.min(...tasks.map((t) => t.ts));
    const perSecond = new Map();
    for (const t of tasks) {
      const s = Math.floor((t.ts - start) / 1e6);
      perSecond.set(s, (perSecond.get(s) ?? 0) + t.dur / 1000);
    }
    const busy = [...perSecond.values()].sort((a, b) => a - b);
    // Per update, attributed (thread CPU time): the main-thread tasks holding a tick's arrival (stream read, decode,
    // store) and the frame that shows it (PriceStore's marks; style, layout and paint of that frame
    // run in the same task). The clocks' own frames are not in it; the per-second figure has all.
    const holding = (name) =>
      events
        .filter((e) => e.name === name && e.pid === main?.pid)
        .map((m) => tasks.find((t) => t.tid === main.tid && t.ts <= m.ts && m.ts <= t.ts + t.dur))
        .filter(Boolean);
    const frames = holding('terminal:price-frame');
    const ticks = holding('terminal:price-tick');
    const perUpdate = frames
      .map((frame) => {
        // The tick task just before this frame (one tick a second, so one each).
        const tick = ticks.filter((t) => t.ts <= frame.ts && t !== frame).at(-1);
        // Thread time (tdur): the CPU the main thread spent, not the wall time a busy machine stretches.
        const cpu = (t) => t.tdur ?? t.dur;
        return (cpu(frame) + (tick && frame.ts - tick.ts < 1000_000 ? cpu(tick) : 0)) / 1000;
      })
      .sort((a, b) => a - b);
    results.updates = {
      seconds: SECONDS,
      visibleChips,
      updates: perUpdate.length,
      perUpdateP50: percentile(perUpdate, 50),
      perUpdateP99: percentile(perUpdate, 99),
      busyMsPerSecondP50: percentile(busy, 50),
      busyMsPerSecondP99: percentile(busy, 99),
      busyMsPerSecondMax: busy.at(-1),
      longTasks: tasks.filter((t) => t.dur > 50_000).length,
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.dur / 1000)),
    };
    console.error('  live updates', results.updates);
    await live.close();
  }

  // ── 3. 100 terminals on the same 20 symbols ─────────────────────────────────────────────
  if (PARTS.has('hub')) {
    const twenty = 'BTC ETH SOL BNB XRP DOGE ADA AVAX LINK DOT LTC TRX ATOM NEAR APT ARB OP SUI TON 1000PEPE'.split(' ');
    const before = await admin.getPriceHubStats();
    const viewerCookies = [];
    for (const u of viewerUsers) viewerCookies.push(await signIn(base, u.email, VIEWER_PASSWORD));
    const terminals = await openMany(VIEWERS, (signal, onOpen, i) => {
      // Terminals show different slices of the 20 (as different headlines would): all, first 12, last 12.
      const symbols = i % 3 === 0 ? twenty : i % 3 === 1 ? twenty.slice(0, 12) : twenty.slice(8);
      const data = encodeURIComponent(JSON.stringify({ json: { symbols } }));
      const cookie = viewerCookies[Math.floor(i / STREAMS_PER_USER)];
      return drain(`${direct}/api/rpc/streamPrices?data=${data}`, { headers: { cookie } }, signal, onOpen);
    });
    await sleep(3000);
    const during = await admin.getPriceHubStats();
    await sleep(5000);
    const later = await admin.getPriceHubStats();
    terminals.stop();
    await sleep(2000);
    const after = await admin.getPriceHubStats();
    results.hub = {
      terminals: terminals.ready,
      viewers: during.viewers,
      upstreamSubscriptions: during.upstreamSymbols.length,
      opened: during.subscriptionsOpened - before.subscriptionsOpened,
      upstreamReadsPerSecond: (later.upstreamReads - during.upstreamReads) / 5,
      afterLeave: after.upstreamSymbols.length,
    };
    console.error('  price hub', results.hub);
  }
} finally {
  await browser.close();
  server.stop();
}

console.log(JSON.stringify(results));
if (!SMOKE && results.paint && results.updates && results.hub) {
  const { paint, updates, hub } = results;
  writeSection(
    'terminal',
    `<!-- bench:terminal -->
## Terminal (issue 14) — \`node bench/terminal.mjs\`

- Headline ingest → painted on one /terminal page while ${paint.subscribers} other news subscribers listen
  (${paint.painted} headlines; page clock: frame after the render − server \`receivedAt\`):
  **p50 ${paint.p50.toFixed(0)} ms, p99 ${paint.p99.toFixed(0)} ms** (max ${paint.max.toFixed(0)} ms; arrival in the page → painted p99 ${paint.arrivalToPaintP99.toFixed(1)} ms). Budget p99 ≤ 100 ms.
- ${updates.visibleChips} visible price chips updating every second for ${updates.seconds} s (Chromium trace, renderer main
  thread). Work per update (${updates.updates} updates; thread CPU time of the task that receives the tick + the task
  of the frame that shows it): **p50 ${updates.perUpdateP50.toFixed(1)} ms, p99 ${updates.perUpdateP99.toFixed(1)} ms**. Everything the main thread does per
  1 s window (clocks, ages and GC included): p50 ${updates.busyMsPerSecondP50.toFixed(1)} ms, p99 ${updates.busyMsPerSecondP99.toFixed(1)} ms (max ${updates.busyMsPerSecondMax.toFixed(1)} ms);
  **${updates.longTasks} long tasks over 50 ms** (longest ${updates.longestTaskMs.toFixed(1)} ms). Budget ≤ 4 ms per update, 0 long tasks.
- ${hub.terminals} terminals on the same 20 symbols: **${hub.upstreamSubscriptions} upstream subscriptions** (${hub.opened} opened), ${hub.viewers} viewers
  on the hub, ${hub.upstreamReadsPerSecond.toFixed(1)} upstream reads/s; after they all left: ${hub.afterLeave}.
<!-- /bench:terminal -->`,
  );
}
