// `BENCH_ONLY=news-sources npm run bench`: news at the speed of the source (issue 29). Local fakes
// publish at random moments with millisecond publication times: Atom feeds
// (bench/fake-news-sources.mjs), 50 of them polled every second by their NewsPoller Durable
// Objects, and X's filtered stream (bench/fake-x-stream.mjs, set up as bench/x-stream.mjs does),
// whose one connection the NewsStream object holds. One /terminal is open in Chromium. Measured per
// source kind (polled / streamed) from the fake's own publication time (this machine's clock, which
// the page shares): → stored (news_items.stored_at) and → painted on the terminal (the frame after
// the render, use-terminal-news.ts), p50/p99; then whether every item was stored exactly once across
// a forced stream disconnect (a quarter of the way) and a restart of the Worker (every Durable
// Object with it) halfway; and what the pollers cost per source per day on Workers' published prices.
//
// BENCH_NEWS_SOURCES_SECONDS (600), BENCH_NEWS_SOURCES_FEEDS (50), BENCH_NEWS_SOURCES_GAP_MS (mean
// gap between headlines, 1000), BENCH_NEWS_SOURCES_STREAM_GAP_MS (mean gap between posts, 4000),
// BENCH_NEWS_SOURCES_RESTART=0 skips the restart, BENCH_NEWS_SOURCES_DROP=0 the disconnect. A run
// shorter than 120 s is a smoke run: figures are printed, docs/PERFORMANCE.md is left alone.
import { chromium } from '@playwright/test';
import { executeLocalD1, queryLocalD1Many, scratchDir, sqlString } from '../scripts/lib.mjs';
import { startFakeFeeds } from './fake-news-sources.mjs';
import { signIn } from './lib.mjs';
import { kindFigures, performanceSection, pollerCost } from './news-sources/figures.mjs';
import { postTitleIn, publishPosts, startXStreamSource, waitForStream, X_HANDLES } from './news-sources/x-stream-source.mjs';
import { prepareBenchState, startBenchServer, writeSection } from './server.mjs';

const SECONDS = Number(process.env.BENCH_NEWS_SOURCES_SECONDS ?? 600);
const FEEDS = Number(process.env.BENCH_NEWS_SOURCES_FEEDS ?? 50);
const GAP_MS = Number(process.env.BENCH_NEWS_SOURCES_GAP_MS ?? 1000);
const STREAM_GAP_MS = Number(process.env.BENCH_NEWS_SOURCES_STREAM_GAP_MS ?? 4000);
const RESTART = process.env.BENCH_NEWS_SOURCES_RESTART !== '0';
const DROP = process.env.BENCH_NEWS_SOURCES_DROP !== '0';
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const FAKE_PORT = Number(process.env.BENCH_FAKE_FEEDS_PORT ?? PORT + 6);
const FAKE_X_PORT = Number(process.env.BENCH_FAKE_X_PORT ?? PORT + 7);
const SMOKE = SECONDS < 120;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TITLE_PREFIX = 'Bench source';
const POST_PREFIX = 'XBench post';

await prepareBenchState('bench-news-sources');
const feeds = startFakeFeeds({ feeds: FEEDS, port: FAKE_PORT });
const x = startXStreamSource({ port: FAKE_X_PORT });
{
  const now = Date.now();
  executeLocalD1(
    [
      ...Array.from(
        { length: FEEDS },
        (_, n) =>
          `INSERT INTO news_sources (id, kind, name, config, enabled, created_at) VALUES (${sqlString(`bench-feed-${n}`)}, 'atom', ${sqlString(`Bench feed ${n}`)}, ${sqlString(JSON.stringify({ url: feeds.url(n), intervalSeconds: 1 }))}, 1, ${now});`,
      ),
      ...x.statements,
    ],
    scratchDir('bench-news-sources'),
  );
}

const start = () => startBenchServer({ port: PORT, fresh: false, vars: x.vars });
let server = await start();
const armPollers = () => fetch(`${server.base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`).catch(() => {});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
/** @type {{ title: string, publishedAt: number }[]} */
const published = [];
let restart = null;
try {
  // The minute cron's watchdog arms a poller for each enabled source and the stream's holder (local
  // workerd has no cron of its own).
  await armPollers();
  await waitForStream(x.fake);
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
  console.error(
    `  news-sources: ${FEEDS} feeds polled every 1 s, headlines every ~${GAP_MS} ms, X stream posts every ~${STREAM_GAP_MS} ms, for ${SECONDS} s`,
  );

  const started = Date.now();
  const restartAt = started + (SECONDS * 1000) / 2;
  // The stream's posts go out beside the headlines; its connection is dropped once a quarter of the way.
  const posting = publishPosts({
    fake: x.fake,
    prefix: POST_PREFIX,
    gapMs: STREAM_GAP_MS,
    until: started + SECONDS * 1000,
    dropAt: DROP ? started + (SECONDS * 1000) / 4 : null,
  });
  let paints = [];
  for (let k = 0; Date.now() - started < SECONDS * 1000; k++) {
    await sleep(-Math.log(1 - Math.random()) * GAP_MS);
    const n = Math.floor(Math.random() * FEEDS);
    const entry = feeds.publish(n, `${TITLE_PREFIX} ${n} headline ${k} ${crypto.randomUUID().slice(0, 8)}`);
    published.push({ title: entry.title, publishedAt: entry.publishedAt });
    if (RESTART && !restart && Date.now() >= restartAt) {
      // The page's own log goes with a reload: keep what it painted so far.
      paints = paints.concat(await page.evaluate(() => window.__terminalPaints ?? []));
      restart = { stopAt: Date.now(), upAt: 0 };
      server.stop();
      // Headlines and posts keep being published while the Worker and its objects are gone (what could be lost).
      (async () => {
        await sleep(1_000);
        server = await start();
        restart.upAt = Date.now();
        await armPollers();
      })();
    }
  }
  const posts = await posting;
  // Settle: until everything published is painted, at least 5 s, at most 20 s (a backfill retried
  // on the stream's next heartbeat, 15 s, still lands).
  const keyOf = (title) => postTitleIn(POST_PREFIX, title) ?? title;
  const everything = [...published, ...posts.published].map((p) => p.title);
  const settleFrom = Date.now();
  for (;;) {
    await sleep(1_000);
    const seen = new Set([...paints, ...(await page.evaluate(() => window.__terminalPaints ?? []))].map((p) => keyOf(p.title)));
    const waited = Date.now() - settleFrom;
    if (waited >= 20_000 || (waited >= 5_000 && everything.every((t) => seen.has(t)))) break;
  }
  paints = paints.concat(await page.evaluate(() => window.__terminalPaints ?? []));
  await context.close();
  server.stop();

  // ── Lost, duplicated, and the delays, per source kind ───────────────────────────────────
  const [polledRows, postRows, pollers] = queryLocalD1Many(
    [
      `SELECT title, count(*) AS copies, min(stored_at) AS storedAt FROM news_items WHERE title LIKE '${TITLE_PREFIX} %' GROUP BY title`,
      `SELECT title, count(*) AS copies, min(stored_at) AS storedAt FROM news_items WHERE title LIKE '%${POST_PREFIX} %' GROUP BY title`,
    ],
    'NEWS_DB',
  ).concat(
    queryLocalD1Many([
      `SELECT sum(polls) AS polls, sum(requests) AS requests, min(counted_since) AS since, max(updated_at) AS until, count(*) AS pollers FROM news_pollers WHERE target_id LIKE 'bench-feed-%'`,
    ]),
  );
  const paintedAt = new Map();
  for (const p of paints) if (!paintedAt.has(keyOf(p.title))) paintedAt.set(keyOf(p.title), p.paintedAt);
  // The restart's outage: published in the 2 s before the stop (a poller had not read it yet: two
  // polls), while the Worker was down or within 5 s of its return; for the stream also any post that
  // went out on no open connection (before the restart: the forced disconnect).
  const inRestart = (p) =>
    restart !== null && p.publishedAt >= restart.stopAt - 2_000 && p.publishedAt <= (restart.upAt || Infinity) + 5_000;
  const afterStop = (p) => restart !== null && p.publishedAt >= restart.stopAt;
  const polled = kindFigures({
    published: published.map((p) => ({ ...p, phase: inRestart(p) ? 'restart' : 'steady' })),
    rows: polledRows,
    paintedAt,
    started,
  });
  const streamed = kindFigures({
    published: posts.published.map((p) => ({
      ...p,
      phase: inRestart(p) || (!p.streamed && afterStop(p)) ? 'restart' : p.streamed ? 'steady' : 'drop',
    })),
    rows: postRows.map((r) => ({ ...r, title: keyOf(r.title) })),
    paintedAt,
    started,
  });

  const results = {
    feeds: FEEDS,
    handles: X_HANDLES.length,
    seconds: SECONDS,
    streamGapMs: STREAM_GAP_MS,
    polled,
    streamed,
    drop: posts.drop && {
      atS: Math.round((posts.drop.at - started) / 1000),
      reconnectedAfterMs: posts.drop.reconnectedAfterMs,
    },
    restart: restart ? { atS: Math.round((restart.stopAt - started) / 1000), downMs: restart.upAt - restart.stopAt } : null,
    fakeFeed: feeds.stats(),
    fakeX: { ...x.fake.stats(), rules: undefined },
    cost: pollerCost(pollers[0]),
  };
  console.log(JSON.stringify(results, null, 2));
  if (!SMOKE) writeSection('news-sources', performanceSection(results));
} finally {
  await browser.close();
  server.stop();
  await feeds.close();
  await x.fake.close();
}
