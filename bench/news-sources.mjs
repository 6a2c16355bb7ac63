// `BENCH_ONLY=news-sources npm run bench`: news at the speed of the source (issue 29). Local fake
// Atom feeds (bench/fake-news-sources.mjs) publish headlines at random moments with millisecond
// publication times; 50 of them are polled every second by their NewsPoller Durable Objects. One
// /terminal is open in Chromium. Measured from the fake's own publication time (this machine's
// clock, which the page shares): → stored (news_items.stored_at) and → painted on the terminal
// (the frame after the render, use-terminal-news.ts), p50/p99 per source kind; then whether every
// headline was stored exactly once across a restart of the Worker (every Durable Object with it) in
// the middle of the run; and what the pollers cost per source per day on Workers' published prices.
//
// BENCH_NEWS_SOURCES_SECONDS (600), BENCH_NEWS_SOURCES_FEEDS (50), BENCH_NEWS_SOURCES_GAP_MS (mean
// gap between headlines, 1000), BENCH_NEWS_SOURCES_RESTART=0 skips the restart. A run shorter than
// 120 s is a smoke run: figures are printed, docs/PERFORMANCE.md is left alone.
import { chromium } from '@playwright/test';
import { executeLocalD1, queryLocalD1Many, scratchDir, sqlString } from '../scripts/lib.mjs';
import { startFakeFeeds } from './fake-news-sources.mjs';
import { latencySummary, signIn } from './lib.mjs';
import { prepareBenchState, startBenchServer, writeSection } from './server.mjs';

const SECONDS = Number(process.env.BENCH_NEWS_SOURCES_SECONDS ?? 600);
const FEEDS = Number(process.env.BENCH_NEWS_SOURCES_FEEDS ?? 50);
const GAP_MS = Number(process.env.BENCH_NEWS_SOURCES_GAP_MS ?? 1000);
const RESTART = process.env.BENCH_NEWS_SOURCES_RESTART !== '0';
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const FAKE_PORT = Number(process.env.BENCH_FAKE_FEEDS_PORT ?? PORT + 6);
const SMOKE = SECONDS < 120;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TITLE_PREFIX = 'Bench source';

/**
 * Workers Paid, Durable Objects (developers.cloudflare.com/durable-objects/platform/pricing):
 * requests (alarm invocations included) $0.15 per million after 1 million a month; duration $12.50
 * per million GB-s after 400,000 GB-s, at 128 MB per object, billed while it runs or cannot
 * hibernate (an object hibernates after 10 s idle, so an alarm every 1 s keeps it billed all day).
 * D1 rows written: $1.00 per million after 50 million a month. Outbound fetches are not billed.
 */
const PRICE = { doRequestPerM: 0.15, gbSecondPerM: 12.5, d1RowWrittenPerM: 1.0, objectGb: 128 / 1024 };

const summary = latencySummary;

await prepareBenchState('bench-news-sources');
const feeds = startFakeFeeds({ feeds: FEEDS, port: FAKE_PORT });
{
  const now = Date.now();
  executeLocalD1(
    Array.from(
      { length: FEEDS },
      (_, n) =>
        `INSERT INTO news_sources (id, kind, name, config, enabled, created_at) VALUES (${sqlString(`bench-feed-${n}`)}, 'atom', ${sqlString(`Bench feed ${n}`)}, ${sqlString(JSON.stringify({ url: feeds.url(n), intervalSeconds: 1 }))}, 1, ${now});`,
    ),
    scratchDir('bench-news-sources'),
  );
}

let server = await startBenchServer({ port: PORT, fresh: false });
const armPollers = () => fetch(`${server.base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`).catch(() => {});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
/** @type {{ title: string, publishedAt: number, duringRestart: boolean }[]} */
const published = [];
let restart = null;
try {
  // The minute cron's watchdog arms a poller for each enabled source (local workerd has no cron of its own).
  await armPollers();
  const cookie = await signIn(server.base, 'admin@example.com');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const url = new URL(server.base);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name, value: rest.join('='), domain: url.hostname, path: '/' };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${server.base}/terminal`);
  await page.getByTestId('news-status').getByText('Live').waitFor({ timeout: 30_000 });
  await sleep(3_000);
  await page.evaluate(() => (window.__terminalPaints = []));
  console.error(`  news-sources: ${FEEDS} feeds polled every 1 s, headlines every ~${GAP_MS} ms for ${SECONDS} s`);

  const started = Date.now();
  const restartAt = started + (SECONDS * 1000) / 2;
  let paints = [];
  for (let k = 0; Date.now() - started < SECONDS * 1000; k++) {
    await sleep(-Math.log(1 - Math.random()) * GAP_MS);
    const n = Math.floor(Math.random() * FEEDS);
    const entry = feeds.publish(n, `${TITLE_PREFIX} ${n} headline ${k} ${crypto.randomUUID().slice(0, 8)}`);
    published.push({ title: entry.title, publishedAt: entry.publishedAt, duringRestart: restart !== null && !restart.upAt });
    if (RESTART && !restart && Date.now() >= restartAt) {
      // The page's own log goes with a reload: keep what it painted so far.
      paints = paints.concat(await page.evaluate(() => window.__terminalPaints ?? []));
      restart = { stopAt: Date.now(), upAt: 0 };
      server.stop();
      // Headlines keep being published while the Worker and its objects are gone (what could be lost).
      (async () => {
        await sleep(1_000);
        server = await startBenchServer({ port: PORT, fresh: false });
        restart.upAt = Date.now();
        await armPollers();
      })();
    }
  }
  await sleep(5_000);
  paints = paints.concat(await page.evaluate(() => window.__terminalPaints ?? []));
  await context.close();
  server.stop();

  // ── Lost, duplicated, and the delays ────────────────────────────────────────────────────
  const [rows, pollers] = queryLocalD1Many(
    [
      `SELECT title, count(*) AS copies, min(ts) AS ts, min(stored_at) AS storedAt FROM news_items WHERE title LIKE '${TITLE_PREFIX} %' GROUP BY title`,
    ],
    'NEWS_DB',
  ).concat(
    queryLocalD1Many([
      `SELECT sum(polls) AS polls, sum(requests) AS requests, min(counted_since) AS since, max(updated_at) AS until, count(*) AS pollers FROM news_pollers WHERE target_id LIKE 'bench-feed-%'`,
    ]),
  );
  const stored = new Map(rows.map((r) => [r.title, r]));
  const paintedAt = new Map();
  for (const p of paints) if (!paintedAt.has(p.title)) paintedAt.set(p.title, p.paintedAt);
  const lost = published.filter((p) => !stored.has(p.title));
  const duplicated = rows.filter((r) => r.copies > 1);
  const steady = published.filter(
    (p) => !p.duringRestart && (!restart || p.publishedAt < restart.stopAt || p.publishedAt > restart.upAt + 5_000),
  );
  const sorted = (list) => list.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const toStored = sorted(steady.map((p) => stored.get(p.title)?.storedAt - p.publishedAt));
  const toPainted = sorted(steady.map((p) => paintedAt.get(p.title) - p.publishedAt));
  const restartPainted = sorted(published.filter((p) => !steady.includes(p)).map((p) => paintedAt.get(p.title) - p.publishedAt));
  const notPainted = published.filter((p) => stored.has(p.title) && !paintedAt.has(p.title)).length;

  // ── Cost per source per day, from what the pollers counted ─────────────────────────────
  const poll = pollers[0] ?? {};
  const span = Math.max(1, ((poll.until ?? 0) - (poll.since ?? 0)) / 1000);
  const perSourceDay = (count) => ((count ?? 0) / Math.max(1, poll.pollers ?? 1) / span) * 86_400;
  const alarms = perSourceDay(poll.polls);
  const requests = perSourceDay(poll.requests);
  const healthRowsPerDay = (86_400 / 15) * 2; // news_pollers + news_sources, every 15 s heartbeat (poller-health.ts)
  const cost = {
    alarmsPerDay: Math.round(alarms),
    feedRequestsPerDay: Math.round(requests),
    doRequests: (alarms / 1e6) * PRICE.doRequestPerM,
    duration: ((86_400 * PRICE.objectGb) / 1e6) * PRICE.gbSecondPerM,
    d1Writes: (healthRowsPerDay / 1e6) * PRICE.d1RowWrittenPerM,
  };
  cost.total = cost.doRequests + cost.duration + cost.d1Writes;

  const results = {
    feeds: FEEDS,
    seconds: SECONDS,
    published: published.length,
    stored: rows.length,
    lost: lost.length,
    duplicated: duplicated.length,
    notPainted,
    polled: { toStored: summary(toStored), toPainted: summary(toPainted) },
    restart: restart
      ? { downMs: restart.upAt - restart.stopAt, published: published.length - steady.length, toPainted: summary(restartPainted) }
      : null,
    stream: 'measured by bench/x-stream.mjs (BENCH_ONLY=x-stream)',
    fakeFeed: feeds.stats(),
    costPerSourcePerDay: cost,
  };
  console.log(JSON.stringify(results, null, 2));

  if (!SMOKE) {
    const usd = (x) => `$${x.toFixed(4)}`;
    const ms = (x) => (x === null ? '—' : `${Math.round(x)} ms`);
    writeSection(
      'news-sources',
      `<!-- bench:news-sources -->
## News at the speed of the source (bench/news-sources.mjs)

${FEEDS} local Atom feeds polled every 1 s by their NewsPoller objects, ${published.length} headlines at random moments over ${SECONDS} s, one /terminal open in Chromium; the Worker (and every Durable Object) restarted once halfway.

| Kind | Headlines | publication → stored p50 / p99 | publication → painted p50 / p99 (max) |
|---|---|---|---|
| polled (Atom, 1 s) | ${toPainted.length} | ${ms(results.polled.toStored.p50)} / ${ms(results.polled.toStored.p99)} | ${ms(results.polled.toPainted.p50)} / ${ms(results.polled.toPainted.p99)} (${ms(results.polled.toPainted.max)}) |
| filtered stream | — | see “The X filtered stream” (bench/x-stream.mjs) | — |

Across the restart (${results.restart ? `${results.restart.downMs} ms down, ${results.restart.published} headlines published meanwhile, painted p99 ${ms(results.restart.toPainted.p99)}` : 'skipped'}): **${lost.length} lost, ${duplicated.length} duplicated** of ${published.length}.

Cost per polled source per day at 1 s (Workers Paid list prices, before the included amounts): ${cost.alarmsPerDay.toLocaleString('en-US')} alarms and ${cost.feedRequestsPerDay.toLocaleString('en-US')} feed requests (measured rate) → requests ${usd(cost.doRequests)}, duration ${usd(cost.duration)} (an object woken every second never hibernates: 86,400 s × 128 MB), D1 health writes ${usd(cost.d1Writes)}; **${usd(cost.total)} a day, ${usd(cost.total * 30)} a month per source** (× ${FEEDS} sources: ${usd(cost.total * 30 * FEEDS)} a month). Duration dominates: a 1 s poller costs ~10× a 10 s one that can hibernate between reads.
<!-- /bench:news-sources -->`,
    );
  }
} finally {
  await browser.close();
  server.stop();
  await feeds.close();
}
