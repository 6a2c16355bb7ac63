// Local demo data for the news feed: ≈3,000 headlines over the last 30 days from the same
// generator the Worker's simulator uses, classified by the Worker's own pipeline (bundled with
// esbuild), plus the default news settings: special and banned mappings, two custom rules, the
// default performance threshold, the sources, a demo Telegram chat and a twitter polling session.
// Each part is seeded only while its table is empty. Local only.
import { pathToFileURL } from 'node:url';
import { executeLocalD1, importWorkerModules, queryLocalD1, scratchDir, sqlString } from './lib.mjs';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DAYS = 30;
/** Generator ticks (3–6 items each, some repeats dropped by the dedupe): ≈3,000 items. */
const TICKS = 760;
const WINDOWS = [1, 5, 15];
/** D1 refuses statements over 100 KB. */
const MAX_STATEMENT_BYTES = 90_000;

const SPECIAL_MAPPINGS = [
  ['map-btc', ['bitcoin', 'btc', 'xbt'], ['BTC']],
  ['map-eth', ['ethereum', 'ether', 'eth'], ['ETH']],
  ['map-sol', ['solana', 'sol'], ['SOL']],
  ['map-bnb', ['bnb', 'binance coin'], ['BNB']],
  ['map-xrp', ['xrp', 'ripple'], ['XRP']],
  ['map-doge', ['dogecoin', 'doge'], ['DOGE']],
  ['map-ada', ['cardano'], ['ADA']],
  ['map-avax', ['avalanche', 'avax'], ['AVAX']],
  ['map-link', ['chainlink'], ['LINK']],
  ['map-sui', ['sui'], ['SUI']],
  ['map-arb', ['arbitrum'], ['ARB']],
  // Binance lists PEPE only as 1000PEPE (a contract of 1,000 coins): the desk trades that one.
  ['map-pepe', ['pepe'], ['1000PEPE']],
  ['map-ltc', ['litecoin', 'ltc'], ['LTC']],
];
const BANNED_MAPPINGS = [
  ['ban-bch', ['bitcoin cash', 'bch'], ['BTC']],
  ['ban-spam', ['giveaway', 'airdrop scam', 'claim your free'], []],
];
const CUSTOM_RULES = [
  {
    id: 'rule-twitter-btc',
    name: 'Bitcoin on X is high',
    priority: 100,
    conditions: { sources: ['twitter'], symbols: ['BTC'] },
    actions: { importance: 'high' },
  },
  {
    // Runs after the rule above (higher priority number), so "critical" wins for a BTC hack on X.
    id: 'rule-hacks',
    name: 'Hacks and exploits: critical, to Telegram',
    priority: 200,
    conditions: { text: 'hack|exploit', isRegex: true },
    actions: { importance: 'critical', forwardToTelegram: true },
  },
];
/**
 * The default (symbol null), and per-symbol demo overrides near twice each one's typical 5-minute
 * move at its simulated volatility (BTC ≈ 0.14 %, ETH ≈ 0.2 %, SOL ≈ 0.25 %): a BTC headline is
 * flagged at 0.25 %, and its flag says so ("▲ 0.31 % in 5 min", the threshold in its title).
 */
const THRESHOLDS = [
  { id: 'threshold-default', symbol: null, percent: 1, windowMinutes: 5 },
  { id: 'threshold-btc', symbol: 'BTC', percent: 0.25, windowMinutes: 5 },
  { id: 'threshold-eth', symbol: 'ETH', percent: 0.3, windowMinutes: 5 },
  { id: 'threshold-sol', symbol: 'SOL', percent: 0.4, windowMinutes: 5 },
];

const json = (v) => sqlString(JSON.stringify(v));

/** INSERTs of many rows, each statement under D1's size limit. */
function insertRows(table, columns, rows) {
  const out = [];
  let chunk = [];
  let bytes = 0;
  const flush = () => {
    if (chunk.length) out.push(`INSERT INTO ${table} (${columns}) VALUES ${chunk.join(', ')};`);
    chunk = [];
    bytes = 0;
  };
  for (const row of rows) {
    const size = Buffer.byteLength(row) + 2;
    if (bytes + size > MAX_STATEMENT_BYTES) flush();
    chunk.push(row);
    bytes += size;
  }
  flush();
  return out;
}

function settingsStatements(counts, now, simSources) {
  const s = [];
  if (!counts.special) {
    for (const [id, terms, symbols] of SPECIAL_MAPPINGS)
      s.push(
        `INSERT INTO special_mappings (id, terms, symbols, created_at, updated_at) VALUES (${sqlString(id)}, ${json(terms)}, ${json(symbols)}, ${now}, ${now});`,
      );
  }
  if (!counts.banned) {
    for (const [id, terms, symbols] of BANNED_MAPPINGS)
      s.push(
        `INSERT INTO banned_mappings (id, terms, symbols, created_at, updated_at) VALUES (${sqlString(id)}, ${json(terms)}, ${json(symbols)}, ${now}, ${now});`,
      );
  }
  if (!counts.rules) {
    for (const r of CUSTOM_RULES)
      s.push(
        `INSERT INTO custom_rules (id, name, enabled, priority, conditions, actions, created_at, updated_at) VALUES (${sqlString(r.id)}, ${sqlString(r.name)}, 1, ${r.priority}, ${json(r.conditions)}, ${json(r.actions)}, ${now}, ${now});`,
      );
  }
  if (!counts.thresholds) {
    for (const t of THRESHOLDS)
      s.push(
        `INSERT INTO performance_thresholds (id, symbol, percent, window_minutes, created_at) VALUES (${sqlString(t.id)}, ${sqlString(t.symbol)}, ${t.percent}, ${t.windowMinutes}, ${now});`,
      );
  }
  if (!counts.sources) {
    for (const src of simSources)
      s.push(
        `INSERT INTO news_sources (id, kind, name, config, enabled, last_success_at, created_at) VALUES (${sqlString(src.id)}, 'simulated', ${sqlString(src.name)}, ${json({ simulates: src.kind, handle: src.handle })}, 1, ${now}, ${now});`,
      );
    s.push(
      `INSERT INTO news_sources (id, kind, name, config, enabled, created_at) VALUES ('rss-coindesk', 'rss', 'CoinDesk', ${json({ url: 'https://www.coindesk.com/arc/outboundfeeds/rss/' })}, 0, ${now});`,
    );
  }
  if (!counts.chats) {
    s.push(
      `INSERT INTO telegram_chats (id, chat_id, title, enabled, min_importance, symbols, purpose, disabled_reason, created_at) VALUES ('chat-demo-desk', '-1001234567890', 'Trading desk (demo)', 0, 'high', '[]', 'news', ${sqlString('Demo chat: TELEGRAM_BOT_TOKEN is not set locally. Add the token to .dev.vars and the real chat id here, then enable the chat.')}, ${now});`,
    );
  }
  if (!counts.handles && !counts.sessions) {
    s.push(
      `INSERT INTO twitter_handles (id, handle, enabled, created_at) VALUES ('handle-watcherguru', 'WatcherGuru', 1, ${now}), ('handle-tier10k', 'tier10k', 1, ${now});`,
      `INSERT INTO twitter_polling_sessions (id, name, handle_ids, interval_seconds, active_from_utc, active_to_utc, enabled, cursors, created_at) VALUES ('session-eu-us', 'EU + US hours', ${json(['handle-watcherguru', 'handle-tier10k'])}, 60, '07:00', '21:00', 1, '{}', ${now});`,
    );
  }
  return s;
}

function newsStatements(m, now) {
  const config = {
    specialMappings: SPECIAL_MAPPINGS.map(([id, terms, symbols]) => ({ id, terms, symbols })),
    bannedMappings: BANNED_MAPPINGS.map(([id, terms, symbols]) => ({ id, terms, symbols })),
    customRules: CUSTOM_RULES.map((r) => ({ ...r, enabled: true })),
    knownSymbols: m.KNOWN_SYMBOLS,
  };
  const start = now - DAYS * DAY;
  const step = (DAYS * DAY) / TICKS;
  const lastByKey = new Map();
  const drafts = [];
  for (let k = 1; k <= TICKS; k++) {
    const tick = Math.floor((start + k * step) / MINUTE) * MINUTE;
    if (tick > now) break;
    for (const raw of m.generateSimulatedNews(tick)) {
      const draft = m.classify(raw, config);
      if (!draft) continue;
      const seen = lastByKey.get(draft.dedupKey);
      if (seen !== undefined && draft.ts - seen < m.DEDUP_WINDOW_MS) continue;
      lastByKey.set(draft.dedupKey, draft.ts);
      drafts.push(draft);
    }
  }
  drafts.sort((a, b) => a.ts - b.ts);

  const items = [];
  const symbolRows = [];
  let flagged = 0;
  drafts.forEach((d, i) => {
    const id = i + 1;
    const priced = d.symbols.filter((s) => m.SIM_ASSETS.includes(s));
    const priceAtPublish = Object.fromEntries(priced.map((s) => [s, m.priceAt(s, d.ts)]));
    const moves = {};
    // As the live job (price-moves.ts) records it: the strongest move past its symbol's threshold.
    let mover;
    for (const w of WINDOWS) {
      if (d.ts + w * MINUTE > now || !priced.length) continue;
      moves[w] = {};
      for (const s of priced) {
        const move = m.movePercent(priceAtPublish[s], m.priceAt(s, d.ts + w * MINUTE));
        moves[w][s] = move;
        const threshold = m.thresholdFor(s, THRESHOLDS);
        if (m.meetsThreshold(move, w, threshold))
          mover = m.strongerMove(mover, { symbol: s, percent: move, windowMinutes: w, threshold, source: 'simulated' });
      }
    }
    const onePct = mover !== undefined;
    if (onePct) flagged++;
    const metadata = {
      ...d.metadata,
      forwardToTelegram: d.forwardToTelegram,
      sound: d.sound,
      priceAtPublish,
      ...(priced.length && { moves }),
      ...(mover && { mover }),
    };
    items.push(
      `(${[
        id,
        d.ts,
        d.receivedAt,
        sqlString(d.sourceId),
        sqlString(d.sourceKind),
        sqlString(d.externalId),
        sqlString(d.author),
        sqlString(d.title),
        sqlString(d.body),
        sqlString(d.url),
        json(d.symbols),
        sqlString(d.importance),
        d.isGarbage ? 1 : 0,
        d.isTest ? 1 : 0,
        sqlString(d.dedupKey),
        onePct ? 1 : 0,
        json(metadata),
      ].join(', ')})`,
    );
    for (const s of d.symbols) symbolRows.push(`(${sqlString(s)}, ${d.ts}, ${id})`);
  });
  const statements = [
    ...insertRows(
      'news_items',
      'id, ts, received_at, source_id, source_kind, external_id, author, title, body, url, symbols, importance, is_garbage, is_test, dedup_key, one_pct_movement, metadata',
      items,
    ),
    ...insertRows('news_item_symbols', 'symbol, ts, item_id', symbolRows),
  ];
  const byImportance = {};
  for (const d of drafts) byImportance[d.importance] = (byImportance[d.importance] ?? 0) + 1;
  return { statements, count: drafts.length, flagged, byImportance, garbage: drafts.filter((d) => d.isGarbage).length };
}

/** What seedNews needs counted in the main database (the news settings), as one statement. */
export const NEWS_SETTINGS_COUNTS = `SELECT (SELECT count(*) FROM special_mappings) AS special,
       (SELECT count(*) FROM banned_mappings) AS banned, (SELECT count(*) FROM custom_rules) AS rules,
       (SELECT count(*) FROM performance_thresholds) AS thresholds, (SELECT count(*) FROM news_sources) AS sources,
       (SELECT count(*) FROM telegram_chats) AS chats, (SELECT count(*) FROM twitter_handles) AS handles,
       (SELECT count(*) FROM twitter_polling_sessions) AS sessions`;

/**
 * Seeds what is missing of the news; answers what it seeded (null: nothing). `settings` may come
 * counted already (seed.mjs batches its reads: each wrangler call costs seconds).
 */
export async function seedNews(settings = queryLocalD1(NEWS_SETTINGS_COUNTS)[0]) {
  // The headlines live in the news database (NEWS_DB), the settings in the main one.
  const [{ items }] = queryLocalD1('SELECT count(*) AS items FROM news_items', 'NEWS_DB');
  const counts = { items, ...settings };
  if (Object.values(counts).every((n) => n > 0)) return null;
  const dir = scratchDir('seed-news');
  // The Worker's generator, pipeline and simulated market, so the seed and the Worker agree.
  const m = await importWorkerModules(
    [
      "export { generateSimulatedNews } from './worker/domains/news/sources/simulated-source';",
      "export { SIM_SOURCES } from './worker/domains/news/sources/simulated-outlets';",
      "export { classify } from './worker/domains/news/ingest/pipeline';",
      "export { KNOWN_SYMBOLS } from './worker/domains/news/ingest/classify-config';",
      "export { DEDUP_WINDOW_MS } from './worker/domains/news/ingest/dedupe';",
      "export { priceAt, SIM_ASSETS } from './worker/exchanges/simulated/market';",
      "export { meetsThreshold, movePercent, strongerMove, thresholdFor } from './worker/domains/news/price-moves/price-moves';",
    ].join('\n'),
    dir,
  );
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const statements = settingsStatements(counts, now, m.SIM_SOURCES);
  const news = counts.items ? null : newsStatements(m, now);
  if (statements.length) executeLocalD1(statements, dir, 'news-settings.sql');
  if (news) executeLocalD1(news.statements, dir, 'news.sql', 'NEWS_DB');
  // One line at start (scripts/quiet-output.mjs): the count; the mix is in the feed itself.
  return news ? `${news.count.toLocaleString('en-US')} headlines over ${DAYS} days` : 'default news settings';
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(`• News: ${(await seedNews()) ?? 'already seeded'}`);
