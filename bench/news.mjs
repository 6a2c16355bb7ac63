// The news figures: the feed query and full-text search with 1,000,000 items in local D1 (ratios
// to a bare route), ingest → delivered to 500 live subscribers, the pipeline's own cost per item, and
// the feed page scrolling through 5,000 loaded headlines in Chromium (bench/feed-scroll.mjs).
import { importWorkerModules, localD1File, queryLocalD1, scratchDir } from '../scripts/lib.mjs';
import { feedScroll } from './feed-scroll.mjs';
import { loadRow, rpcGet, runInOwnProcess, signIn } from './lib.mjs';
import { prepareBenchState, reuseBenchState, startBenchServer, writeSection } from './server.mjs';
import { fillNewsItems } from './fill/news-items.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const FILL_ITEMS = Number(process.env.BENCH_NEWS_ITEMS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const SUBSCRIBERS = Number(process.env.BENCH_NEWS_SUBSCRIBERS ?? 500);
const POSTS = Number(process.env.BENCH_NEWS_POSTS ?? 30);
const password = process.env.DEMO_PASSWORD ?? 'meridian-demo';

const load = (title, opts) => loadRow(title, { duration: DURATION, connections: 20, ...opts });

/** classify() bundled for Node: the pipeline's own CPU cost per item, without I/O. */
async function pipelineCost() {
  const { classify, KNOWN_SYMBOLS } = await importWorkerModules(
    "export { classify } from './worker/domains/news/ingest/pipeline'; export { KNOWN_SYMBOLS } from './worker/domains/news/ingest/classify-config';",
    scratchDir('bench-pipeline'),
  );
  const config = {
    specialMappings: [
      { id: 'btc', terms: ['bitcoin', 'btc'], symbols: ['BTC'] },
      { id: 'eth', terms: ['ethereum', 'ether'], symbols: ['ETH'] },
      { id: 'sol', terms: ['solana'], symbols: ['SOL'] },
    ],
    bannedMappings: [
      { id: 'bch', terms: ['bitcoin cash'], symbols: ['BTC'] },
      { id: 'scam', terms: ['giveaway'], symbols: [] },
    ],
    customRules: [
      {
        id: 'hack',
        name: 'hacks',
        enabled: true,
        priority: 1,
        conditions: { text: 'hack|exploit', isRegex: true },
        actions: { importance: 'critical', forwardToTelegram: true },
      },
    ],
    knownSymbols: KNOWN_SYMBOLS,
  };
  const titles = [
    'BREAKING: Bitcoin ETF sees record inflows $BTC',
    'Ethereum devs confirm upgrade date',
    'Solana DEX exploit drains $4M',
    'Bitcoin Cash giveaway scam spreads',
    'Fed holds rates steady',
  ];
  const n = 20_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++)
    classify(
      {
        source: { id: 'tw', kind: 'twitter', name: 'X' },
        publishedAt: 1_800_000_000_000,
        receivedAt: 1_800_000_000_500,
        title: titles[i % titles.length],
        externalId: String(i),
      },
      config,
    );
  return ((performance.now() - t0) / n) * 1000; // µs per item
}

/** bench/news-live.mjs in a Node process of its own (bench/lib.mjs says why). */
const liveDelivery = (base, traderCookie, adminCookie, kind) =>
  runInOwnProcess('news-live.mjs', [base, traderCookie, adminCookie, kind]);

// BENCH_REUSE_STATE=1 measures the last fill again (a 5M fill takes long); BENCH_FILL_ONLY=1 fills and stops.
const STATE_DIR = 'bench-state-news';
if (!reuseBenchState(STATE_DIR)) {
  await prepareBenchState(STATE_DIR);
  console.log(`• filling ${FILL_ITEMS.toLocaleString('en-US')} news items`);
  fillNewsItems(localD1File('NEWS_DB'), FILL_ITEMS);
}
// The items actually there (a reused state may hold another fill's count), not the env's request.
const ITEMS = Number(queryLocalD1('SELECT count(*) AS n FROM news_items', 'NEWS_DB')[0].n);
console.log(`• ${ITEMS.toLocaleString('en-US')} news items in ${process.env.PERSIST_TO}`);
if (process.env.BENCH_FILL_ONLY) process.exit(0);

const server = await startBenchServer({ port: PORT, fresh: false });
try {
  // Requests and streams go to the Worker's own workerd (see findUserWorker); the browser uses the proxy.
  const base = server.direct;
  const cookie = await signIn(base, 'trader@example.com');
  const adminCookie = await signIn(base, 'admin@example.com');
  await load('warm-up', { url: `${base}/api/health`, duration: 2 });
  const rows = [];
  rows.push(await load('(a) GET /api/health', { url: `${base}/api/health` }));
  rows.push(await load("(a′) GET /api/health through wrangler dev's proxy", { url: `${server.base}/api/health` }));
  // Each request at 1 connection (its own latency, the targets) and at 10 (throughput vs health).
  const requests = [
    ['default call (200 newest)', {}],
    ['search "exploit" (1 in 8 items)', { search: 'exploit' }],
    ['search "dogecoin reclaims" (1 in 230)', { search: 'dogecoin reclaims' }],
    ['symbols=SOL, importance=high', { symbols: 'SOL', importance: 'high' }],
    ['symbols=BTC,ETH,SOL', { symbols: ['BTC', 'ETH', 'SOL'] }],
  ];
  for (const [title, input] of requests) {
    const url = `${base}${rpcGet('getHistoricalNews', input)}`;
    rows.push(await load(`getHistoricalNews, ${title}, 1 connection`, { url, headers: { cookie }, connections: 1 }));
    rows.push(await load(`getHistoricalNews, ${title}, 10 connections`, { url, headers: { cookie } }));
  }
  const live = liveDelivery(base, cookie, adminCookie, 'raw');
  const liveOrpc = liveDelivery(base, cookie, adminCookie, 'orpc');
  const perItem = await pipelineCost();
  const feed = await feedScroll(server.base, { password }).catch((err) => ({ error: String(err.message ?? err) }));
  const feedLine =
    'error' in feed
      ? `not measured (${feed.error})`
      : `${feed.items.toLocaleString('en-US')} headlines loaded by infinite scroll (${feed.loadSeconds.toFixed(1)} s; ${feed.loadLongTasks} long tasks while
  loading, longest ${feed.loadLongest} ms), then wheeled top → bottom → top (${feed.px.toLocaleString('en-US')} px, ${feed.step} px per wheel event, ${feed.seconds.toFixed(0)} s):
  **${feed.longTasks} long tasks over 50 ms** (longest ${feed.longest} ms), frame time p50 ${feed.frameP50} ms, p99 ${feed.frameP99} ms over ${feed.frames} frames
  (target: none over 50 ms)`;

  const a = rows[0];
  const table = rows
    .map((r) => `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / a.rps).toFixed(2)}× | ${r.bad} |`)
    .join('\n');
  const section = `<!-- bench:news -->
## News (issue 4) — \`npm run bench\`, ${new Date().toISOString().slice(0, 10)}

Local workerd (\`wrangler dev\`, production build; requests and streams sent straight to the workerd running the Worker, since
the proxy process \`wrangler dev\` puts in front has no deployed counterpart: row (a′) shows its cost) with **${ITEMS.toLocaleString('en-US')} news items** in local D1, autocannon
(${DURATION} s per row) on the same 2-core machine. ms.

| Request | req/s | p50 | p99 | throughput vs (a) | non-2xx/errors |
|---|---:|---:|---:|---:|---:|
${table}

- Ingest → visible to ${SUBSCRIBERS} live subscribers (${live.connected} of ${SUBSCRIBERS} connected within 20 s; ${POSTS} headlines posted by an admin, measured from the item's receivedAt to
  arrival at each subscriber, read as bytes, in a Node process of their own): ${live.deliveries}/${live.expected} deliveries, **p50 ${live.p50} ms, p99 ${live.p99} ms** (target ≤ 150 ms);
  the slowest headline's median delivery ${live.slowestPost} ms.
  The same with ${SUBSCRIBERS} full oRPC clients decoding every event in the one Node thread that plays all subscribers:
  ${liveOrpc.deliveries}/${liveOrpc.expected} deliveries, p50 ${liveOrpc.p50} ms, p99 ${liveOrpc.p99} ms, slowest headline ${liveOrpc.slowestPost} ms (the
  difference is the harness queueing ${SUBSCRIBERS} decoders; a browser decodes only its own stream).
- The pipeline's own cost (normalise → mappings → banned → rules → importance): **${perItem.toFixed(1)} µs per item** (Node, same V8).
- Feed page in Chromium (long tasks from a buffered PerformanceObserver, frame times from requestAnimationFrame): ${feedLine}.
<!-- /bench:news -->`;
  console.log(section);
  writeSection('news', section);
} finally {
  server.stop();
}
