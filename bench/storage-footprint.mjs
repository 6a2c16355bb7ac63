// D1 bytes per row (a table with its indexes, the FTS index included) and a year projected at the
// firm's scale (docs/PRODUCT-RULES.md §8), for docs/RELIABILITY.md. Builds one scratch SQLite file
// per D1 database from its migrations, fills them with the bench fillers plus the daily rollup and
// the news price checks, then reads page usage from SQLite's dbstat table and reports each database
// against D1's 10 GB cap. Bytes per row hardly depend on size: a small fill gives the figures.
// npm run bench:storage -- [accounts=20] [headlines=100000]
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { root } from '../scripts/lib.mjs';
import { fillAccountHistory } from './fill/account-history.mjs';
import { fillNewsItems } from './fill/news-items.mjs';
import { migrate } from './fill/sqlite.mjs';

const accounts = Number(process.argv[2] ?? 20);
const items = Number(process.argv[3] ?? 100_000);
const scratch = mkdtempSync(join(tmpdir(), 'meridian-footprint-'));
const paths = { main: join(scratch, 'main.sqlite'), news: join(scratch, 'news.sqlite') };
const DAY = 86_400_000;

for (const [which, folder] of [
  ['main', 'migrations'],
  ['news', 'migrations-news'],
]) {
  const db = new DatabaseSync(paths[which]);
  await migrate(db, join(root, folder));
  db.close();
}
fillAccountHistory(paths.main, accounts, 'nobody@bench');
fillNewsItems(paths.news, items);

let db = new DatabaseSync(paths.main);
const now = Math.floor(Date.now() / DAY) * DAY;
// The risk daily rollup: one row per account per day, a year of them.
db.prepare(
  `INSERT INTO account_daily SELECT a.id, ?1 - d.n * ?2, ?1 - d.n * ?2, 100000.5, ?1 - d.n * ?2 + 86340000, 100100.25,
     99000.125, 101000.75, 1440 * 1.7, 1440, 3.2, 250000.5, 200000.25, -50000.5
   FROM exchange_accounts a,
        (WITH RECURSIVE n(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM n WHERE n < 364) SELECT n FROM n) d`,
).run(now, DAY);
db.close();
db = new DatabaseSync(paths.news);
// Price checks: 1, 5 and 15 minutes after publish for each symbol of a headline. A measured check
// is deleted, so only the last ~15 minutes' checks exist; one per window measures bytes per row.
db.exec(`INSERT INTO price_checks (item_id, symbol, price_at_publish, due_at, window_minutes, done)
  SELECT s.item_id, s.symbol, 64123.5, s.ts + w.m * 60000, w.m, 1
  FROM news_item_symbols s, (SELECT 1 AS m UNION ALL SELECT 5 UNION ALL SELECT 15) w`);
db.close();

const databaseOf = (table) => (table.startsWith('news') || table.startsWith('price') ? 'news' : 'main');
const sizes = {};
for (const which of ['main', 'news']) {
  const d = new DatabaseSync(paths[which]);
  const owner = Object.fromEntries(
    d
      .prepare('SELECT name, tbl_name FROM sqlite_master WHERE name IS NOT NULL')
      .all()
      .map((r) => [r.name, r.tbl_name]),
  );
  for (const { name, size } of d.prepare('SELECT name, sum(pgsize) AS size FROM dbstat GROUP BY name').all()) {
    let table = owner[name] ?? name;
    if (table.startsWith('news_fts')) table = 'news_fts';
    sizes[table] = (sizes[table] ?? 0) + size;
  }
  d.close();
}
const count = (table) => {
  const d = new DatabaseSync(paths[databaseOf(table)]);
  const n = d.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
  d.close();
  return n;
};
const rows = Object.fromEntries(
  [
    'account_snapshots_minute',
    'account_snapshots_hourly',
    'account_daily',
    'news_items',
    'news_item_symbols',
    'price_checks',
  ].map((t) => [t, count(t)]),
);
const headlines = rows.news_items;
rows.news_fts = headlines;

// Steady state at the firm's scale under today's retention: 2,000 accounts; minute rows 7 days (then
// rolled up), hourly rows 13 months (395 days), daily rows a year; 5 million headlines (a year) with
// their symbols and FTS entries; price checks in flight only (15 minutes of headlines).
const ACC = 2_000;
const NEWS = 5_000_000;
const scale = {
  account_snapshots_minute: ACC * 7 * 1440,
  account_snapshots_hourly: ACC * 395 * 24,
  account_daily: ACC * 365,
  news_items: NEWS,
  news_item_symbols: Math.round((NEWS * rows.news_item_symbols) / headlines),
  price_checks: Math.round(((NEWS / 365 / 96) * rows.price_checks) / headlines),
  news_fts: NEWS,
};
const fmt = (n) => n.toLocaleString('en-US');
const sizeMb = (statSync(paths.main).size + statSync(paths.news).size) / 1e6;
console.log(
  `\nMeasured on ${accounts} accounts x 1 year and ${fmt(headlines)} headlines (${sizeMb.toFixed(1)} MB in two files).\n`,
);
console.log('| Database | Table (with its indexes) | rows measured | bytes/row | rows at §9 scale | projected GB |');
console.log('|---|---|---:|---:|---:|---:|');
const totals = { main: 0, news: 0 };
for (const [t, n] of Object.entries(rows)) {
  const per = n ? (sizes[t] ?? 0) / n : 0;
  const gb = (per * scale[t]) / 1e9;
  totals[databaseOf(t)] += gb;
  console.log(`| ${databaseOf(t)} | ${t} | ${fmt(n)} | ${per.toFixed(0)} | ${fmt(scale[t])} | ${gb.toFixed(2)} |`);
}
for (const [which, gb] of Object.entries(totals))
  console.log(`| **${which}** | **total** | | | | **${gb.toFixed(2)}** (${((gb / 10) * 100).toFixed(0)} % of D1's 10 GB) |`);

// What a retention tick costs (foreign keys on, as in D1): the news prune batch with its cascades
// and FTS delete trigger, and the hourly prune's per-account seeks.
const timed = (d, sql, ...args) => {
  const t = performance.now();
  const n = d.prepare(sql).all(...args).length;
  return [performance.now() - t, n];
};
db = new DatabaseSync(paths.news);
db.exec('PRAGMA foreign_keys = ON');
const newsMs = [];
for (let i = 0; i < 10; i++) {
  const oldest = db.prepare('SELECT ts FROM news_items ORDER BY ts LIMIT 1 OFFSET 500').get().ts;
  newsMs.push(
    timed(
      db,
      'DELETE FROM news_items WHERE id IN (SELECT id FROM news_items WHERE ts < ? ORDER BY ts LIMIT 500) RETURNING id',
      oldest + 1,
    )[0],
  );
}
db.close();
db = new DatabaseSync(paths.main);
db.exec('PRAGMA foreign_keys = ON');
const newestHour = db.prepare('SELECT max(ts) AS ts FROM account_snapshots_hourly').get().ts;
const [hourlyMs] = timed(
  db,
  `DELETE FROM account_snapshots_hourly WHERE rowid IN (SELECT h.rowid FROM exchange_accounts a
     JOIN account_snapshots_hourly h ON h.account_id = a.id AND h.ts < ?) RETURNING ts`,
  newestHour - 364 * DAY,
);
db.close();
newsMs.sort((a, b) => a - b);
console.log(
  `\nRetention tick: news prune of 500 headlines median ${newsMs[5].toFixed(0)} ms, max ${newsMs.at(-1).toFixed(0)} ms (10 runs);`,
);
console.log(`hourly prune over ${accounts} accounts ${hourlyMs.toFixed(1)} ms.`);
console.log(`\n(scratch databases left in ${scratch})`);
