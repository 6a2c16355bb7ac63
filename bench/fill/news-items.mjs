// N headlines (default 1,000,000) into the local news D1 file for the feed benchmark. Realistic mix:
// 20 symbols, 4 importances, several sources, ~3 % garbage, ~1 % test items, spread over a year. The
// FTS5 index is rebuilt once at the end: the insert trigger is dropped for speed and recreated
// afterwards exactly as in migrations-news/0000_news_content.sql.
import { inTransaction, openForFill, seeded } from './sqlite.mjs';

const SYMBOLS = [
  'BTC',
  'ETH',
  'SOL',
  'BNB',
  'XRP',
  'DOGE',
  'ADA',
  'AVAX',
  'LINK',
  'DOT',
  'TRX',
  'TON',
  'LTC',
  'ETC',
  'ARB',
  'OP',
  'SUI',
  'APT',
  'PEPE',
  'SHIB',
];
const NAMES = { BTC: 'Bitcoin', ETH: 'Ethereum', SOL: 'Solana', BNB: 'BNB Chain', XRP: 'XRP', DOGE: 'Dogecoin' };
const VERBS = [
  'surges',
  'slides',
  'breaks out',
  'consolidates',
  'rallies',
  'dumps',
  'reclaims key level',
  'hits new high',
  'faces resistance',
  'sees record volume',
];
const EVENTS = [
  'after ETF inflows',
  'as funding flips negative',
  'amid exchange outflows',
  'on whale accumulation',
  'after SEC comments',
  'ahead of CPI',
  'as open interest climbs',
  'after exploit report',
];
// Fictional outlets, like the news simulator's.
const SOURCES = [
  ['sim:twitter:sim_wire', 'twitter', '@sim_wire'],
  ['sim:twitter:sim_flash', 'twitter', '@sim_flash'],
  ['sim:rss:harbor-ledger', 'rss', 'Harbor Ledger'],
  ['sim:rss:quarry-markets', 'rss', 'Quarry Markets Daily'],
  ['sim:telegram:sim_tape', 'telegram', 'Sim Tape'],
];
const IMPORTANCE = [
  ...Array(2).fill('critical'),
  ...Array(13).fill('high'),
  ...Array(45).fill('medium'),
  ...Array(40).fill('low'),
];
const FTS_TRIGGER = `CREATE TRIGGER \`news_items_fts_insert\` AFTER INSERT ON \`news_items\` BEGIN
  INSERT INTO news_fts(rowid, title, body, author) VALUES (new.id, new.title, coalesce(new.body, ''), coalesce(new.author, ''));
END`;

export function fillNewsItems(path, count) {
  const db = openForFill(path);
  const rng = seeded(42);
  db.exec('DROP TRIGGER IF EXISTS news_items_fts_insert');
  const base = Math.max(
    db.prepare('SELECT coalesce(max(id), 0) AS n FROM news_items').get().n,
    db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'news_items'").get()?.seq ?? 0,
  );
  const now = Date.now();
  const start = now - 365 * 86_400_000;
  const step = Math.floor((now - start) / count);
  const started = performance.now();
  const item = db.prepare(
    'INSERT INTO news_items (id, ts, received_at, source_id, source_kind, external_id, author, title, body, url, symbols, importance, is_garbage, is_test, dedup_key, one_pct_movement, metadata) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
  );
  const symbolRow = db.prepare('INSERT INTO news_item_symbols (symbol, ts, item_id) VALUES (?,?,?)');
  const meta = JSON.stringify({ matchedSpecialMappings: [], bannedBy: [], matchedRules: [] });
  for (let from = 0; from < count; from += 50_000)
    inTransaction(db, () => {
      for (let i = from; i < Math.min(count, from + 50_000); i++) {
        const ts = start + i * step + Math.floor(rng.next() * (step || 1));
        const syms = rng.sample(SYMBOLS, rng.choice([0, 1, 1, 1, 2, 2, 3]));
        const lead = syms[0];
        const title = `${NAMES[lead] ?? lead ?? 'Crypto market'} ${rng.choice(VERBS)} ${rng.choice(EVENTS)}`;
        const [sourceId, kind, name] = rng.choice(SOURCES);
        const id = base + i + 1;
        item.run(
          id,
          ts,
          ts + rng.int(200, 2999),
          sourceId,
          kind,
          `b${i}`,
          name,
          title,
          null,
          null,
          JSON.stringify(syms),
          rng.choice(IMPORTANCE),
          rng.next() < 0.03 ? 1 : 0,
          rng.next() < 0.01 ? 1 : 0,
          `bench${i}`,
          rng.next() < 0.05 ? 1 : 0,
          meta,
        );
        for (const s of syms) symbolRow.run(s, ts, id);
      }
    });
  db.exec("INSERT INTO news_fts(news_fts) VALUES('rebuild')");
  db.exec(FTS_TRIGGER);
  console.log(`  ${count.toLocaleString('en-US')} news items in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  db.close();
}
