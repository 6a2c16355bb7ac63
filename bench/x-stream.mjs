// `BENCH_ONLY=x-stream npm run bench`: the X filtered stream (issue 29). A local fake X
// (bench/fake-x-stream.mjs) holds the stream's one chunked connection; the Worker's NewsStream
// Durable Object reads it. Posts are published at random moments; each is timed from the fake's
// publication (writing the line to the connection) to its arrival at a feed subscriber
// (`streamNews`, read in this process): p50/p99. Halfway the fake drops the connection once: the
// posts published while reconnecting must come by the backfill (recent search since the newest
// post stored), none lost, none stored twice.
//
// BENCH_X_STREAM_SECONDS (300), BENCH_X_STREAM_GAP_MS (mean gap between posts, 1000),
// BENCH_X_STREAM_DROP=0 skips the drop. A run shorter than 120 s is a smoke run: figures are
// printed, docs/PERFORMANCE.md is left alone.
import { executeLocalD1, queryLocalD1Many, scratchDir } from '../scripts/lib.mjs';
import { forEachFrame, latencySummary, signIn } from './lib.mjs';
import { postTitleIn, publishPosts, startXStreamSource, waitForStream, X_HANDLES } from './news-sources/x-stream-source.mjs';
import { prepareBenchState, startBenchServer, writeSection } from './server.mjs';

const SECONDS = Number(process.env.BENCH_X_STREAM_SECONDS ?? 300);
const GAP_MS = Number(process.env.BENCH_X_STREAM_GAP_MS ?? 1000);
const DROP = process.env.BENCH_X_STREAM_DROP !== '0';
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const FAKE_PORT = Number(process.env.BENCH_FAKE_X_PORT ?? PORT + 7);
const SMOKE = SECONDS < 120;
const PREFIX = 'XBench post';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const summary = latencySummary;

await prepareBenchState('bench-x-stream');
const { fake, statements, vars } = startXStreamSource({ port: FAKE_PORT });
executeLocalD1(statements, scratchDir('bench-x-stream'));
const server = await startBenchServer({
  port: PORT,
  fresh: false,
  vars,
});
const abort = new AbortController();
/** title → arrival times at the subscriber */
const arrivals = new Map();
try {
  // The minute cron's watchdog arms the stream's holder (local workerd has no cron of its own).
  await fetch(`${server.base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
  await waitForStream(fake);

  const cookie = await signIn(server.base, 'admin@example.com');
  const res = await fetch(`${server.direct}/api/rpc/streamNews`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`streamNews answered ${res.status}`);
  const reading = forEachFrame(res.body, (frame, arrived) => {
    const title = postTitleIn(PREFIX, frame);
    if (title) arrivals.set(title, [...(arrivals.get(title) ?? []), arrived]);
  }).catch(() => {});
  await sleep(1_000);
  console.error(`  x-stream: posts every ~${GAP_MS} ms for ${SECONDS} s${DROP ? ', one dropped connection halfway' : ''}`);

  const started = Date.now();
  const { published, drop } = await publishPosts({
    fake,
    prefix: PREFIX,
    gapMs: GAP_MS,
    until: started + SECONDS * 1000,
    dropAt: DROP ? started + (SECONDS * 1000) / 2 : null,
  });
  await sleep(20_000); // a backfill retried on the next heartbeat (15 s) still lands
  abort.abort();
  await reading;

  const [rows] = queryLocalD1Many(
    [
      `SELECT title, count(*) AS copies, min(stored_at) AS storedAt FROM news_items WHERE title LIKE '${PREFIX} %' GROUP BY title`,
    ],
    'NEWS_DB',
  );
  const stored = new Map(rows.map((r) => [r.title, r]));
  const sorted = (list) => list.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const steady = published.filter((p) => p.streamed);
  const results = {
    seconds: SECONDS,
    published: published.length,
    stored: rows.length,
    lost: published.filter((p) => !stored.has(p.title)).length,
    duplicated: rows.filter((r) => r.copies > 1).length,
    notDelivered: published.filter((p) => stored.has(p.title) && !arrivals.has(p.title)).length,
    streamed: {
      toStored: summary(sorted(steady.map((p) => stored.get(p.title)?.storedAt - p.publishedAt))),
      toSubscriber: summary(sorted(steady.map((p) => arrivals.get(p.title)?.[0] - p.publishedAt))),
    },
    drop: drop
      ? {
          reconnectedAfterMs: drop.reconnectedAfterMs,
          publishedInGap: published.length - steady.length,
          gapToSubscriber: summary(
            sorted(published.filter((p) => !p.streamed).map((p) => arrivals.get(p.title)?.[0] - p.publishedAt)),
          ),
        }
      : null,
    fake: fake.stats(),
  };
  console.log(JSON.stringify(results, null, 2));

  if (!SMOKE) {
    const ms = (x) => (x === null ? '—' : `${Math.round(x)} ms`);
    const s = results.streamed;
    writeSection(
      'x-stream',
      `<!-- bench:x-stream -->
## The X filtered stream (bench/x-stream.mjs)

A local fake X pushes ${published.length} posts of ${X_HANDLES.length} handles at random moments over ${SECONDS} s through the filtered stream's chunked connection, held by the NewsStream Durable Object; one feed subscriber (\`streamNews\`) reads the rows.

| | Posts | publication → stored p50 / p99 | publication → subscriber p50 / p99 (max) |
|---|---|---|---|
| streamed | ${s.toSubscriber.count} | ${ms(s.toStored.p50)} / ${ms(s.toStored.p99)} | ${ms(s.toSubscriber.p50)} / ${ms(s.toSubscriber.p99)} (${ms(s.toSubscriber.max)}) |

The connection dropped once halfway (${results.drop ? `back after ${ms(results.drop.reconnectedAfterMs)}; ${results.drop.publishedInGap} posts published meanwhile came by the backfill, subscriber p99 ${ms(results.drop.gapToSubscriber.p99)}` : 'skipped'}): **${results.lost} lost, ${results.duplicated} duplicated** of ${published.length}.
<!-- /bench:x-stream -->`,
    );
  }
} finally {
  abort.abort();
  server.stop();
  await fake.close();
}
