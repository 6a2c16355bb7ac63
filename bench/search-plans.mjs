// The feed search's statements on a plain SQLite copy of the news database (node:sqlite, Node 22):
// the query plan and the time of the walk (worker/domains/news/feed/feed-search.ts) against the
// plain statement it must equal, for the searches of docs/PERFORMANCE.md. It checks candidates
// before workerd is involved; the figures that count come from bench/news.mjs. The walk finds late
// arrivals through the id blocks (migrations-news/0006_id_blocks.sql). Without words the feed takes
// the plain statement (feed-query.ts), shown in both columns. Each cell is the wall time's median / max and
// the median of the CPU time in user mode (steadier than wall time on a shared machine). Each call
// prepares its statement, as D1 does (since 2026-11-28; before, one prepared statement was reused and
// the planning, 1–4 ms of the search, was left out).
//
//   npm run bench:search-plans -- <news sqlite file>   (e.g. a bench fill of 5,000,000 items)
//   PLANS=1 prints each search's EXPLAIN QUERY PLAN as well.
import { build } from 'esbuild';
import { DatabaseSync } from 'node:sqlite';

const file = process.argv[2];
if (!file) throw new Error('usage: npm run bench:search-plans -- <news sqlite file>');

// The statements are TypeScript built with drizzle: bundle the two modules for Node and compile them.
const bundled = await build({
  stdin: {
    contents: `
      export { feedStatement } from './worker/domains/news/feed/feed-query';
      export { searchStatement } from './worker/domains/news/feed/feed-search';
      export { toFtsSearch } from './worker/domains/news/feed/fts-query';
      export { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';`,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'silent',
});
const { feedStatement, searchStatement, toFtsSearch, SQLiteAsyncDialect } = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
);
const dialect = new SQLiteAsyncDialect();
const db = new DatabaseSync(file, { readOnly: true });

const SEARCHES = [
  ['feed, 200 newest, no words', { limit: 200 }],
  ['feed, symbol SOL, no words', { symbols: ['SOL'] }],
  ['"exploit" (1 in 8)', { search: 'exploit' }],
  ['"exploit", page of 200 (the API default)', { search: 'exploit', limit: 200 }],
  ['"dogecoin reclaims", page of 200', { search: 'dogecoin reclaims', limit: 200 }],
  ['"exploit" + SOL + critical, page of 200', { search: 'exploit', symbols: ['SOL'], importance: ['critical'], limit: 200 }],
  ['"dogecoin reclaims" (1 in 230)', { search: 'dogecoin reclaims' }],
  ['"exploit" + SOL + critical', { search: 'exploit', symbols: ['SOL'], importance: ['critical'] }],
  ['"exploit" + BTC,ETH + critical,high', { search: 'exploit', symbols: ['BTC', 'ETH'], importance: ['critical', 'high'] }],
  ['"exploit" + PEPE', { search: 'exploit', symbols: ['PEPE'] }],
  ['"exploit" + SOL', { search: 'exploit', symbols: ['SOL'] }],
  ['"exploit" + critical', { search: 'exploit', importance: ['critical'] }],
  ['"dogecoin reclaims" + DOGE + critical', { search: 'dogecoin reclaims', symbols: ['DOGE'], importance: ['critical'] }],
  ['"exploit rep" (prefix) + SOL + critical', { search: 'exploit rep', symbols: ['SOL'], importance: ['critical'] }],
  ['"whale" + importance critical', { search: 'whale', importance: ['critical'] }],
  ['"e" (a one-letter prefix)', { search: 'e' }],
  ['"nothing matches"', { search: 'zzyzx' }],
];

function time(statement, runs = 9) {
  const { sql, params } = dialect.sqlToQuery(statement);
  const times = [];
  const cpu = [];
  let rows;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    // Prepared for every call, as D1 does: the planning counts as much as the run.
    rows = db.prepare(sql).all(...params);
    times.push(performance.now() - started);
    cpu.push(process.cpuUsage(cpuStarted).user / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { rows, median: times[Math.floor(runs / 2)], max: times.at(-1), cpu: cpu[Math.floor(runs / 2)] };
}

console.log(`${db.prepare('SELECT count(*) AS n FROM news_items').get().n.toLocaleString('en-US')} items in ${file}\n`);
console.log('| Search | walk median / max / cpu ms | plain median / max / cpu ms | same page |');
console.log('|---|---:|---:|---|');
const ms = (t) => `${t.median.toFixed(1)} / ${t.max.toFixed(1)} / ${t.cpu.toFixed(1)}`;
for (const [label, input] of SEARCHES) {
  const q = {
    limit: input.limit ?? 50,
    sortBy: 'timestamp',
    sortOrder: 'desc',
    excludeGarbage: true,
    excludeTestNews: true,
    includeMetadata: false,
    symbols: input.symbols,
    importance: input.importance,
    words: input.search ? toFtsSearch(input.search) : null,
  };
  const plain = time(feedStatement(q), q.words ? 3 : 9);
  if (!q.words) {
    console.log(`| ${label} | ${ms(plain)} | ${ms(plain)} | yes (${plain.rows.length}) |`);
    continue;
  }
  if (process.env.PLANS) {
    const { sql, params } = dialect.sqlToQuery(searchStatement(q, q.words));
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
    console.log(`\n${label}\n${plan.map((r) => `    ${r.detail}`).join('\n')}\n`);
  }
  const walk = time(searchStatement(q, q.words));
  const page = (t) => JSON.stringify(t.rows.map((r) => r.id));
  const same = page(walk) === page(plain);
  console.log(`| ${label} | ${ms(walk)} | ${ms(plain)} | ${same ? 'yes' : 'NO'} (${walk.rows.length}) |`);
}
