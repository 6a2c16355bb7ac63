// One retention prune tick at the bench's news size: the exact statement of
// worker/domains/news/retention/prune-news.ts (500 oldest past 365 days, symbol rows and price
// checks by cascade, the FTS entries by trigger) timed on a COPY of the filled news D1 file, as if
// `daysAhead` days after the fill (so a full 500 are due). Rough: Node's SQLite, not workerd's D1.
// npm run bench:prune -- <news sqlite file> [ticks=5] [daysAhead=1]
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const [src, ticksArg, daysArg] = process.argv.slice(2);
if (!src) {
  console.error('usage: npm run bench:prune -- <news sqlite file> [ticks=5] [daysAhead=1]');
  process.exit(2);
}
const ticks = Number(ticksArg ?? 5);
const daysAhead = Number(daysArg ?? 1);
const tmp = mkdtempSync(join(tmpdir(), 'meridian-prune-'));
const path = join(tmp, 'news.sqlite');
copyFileSync(src, path);
try {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA foreign_keys=ON'); // D1 enforces foreign keys
  db.exec('PRAGMA journal_mode=WAL');
  const total = db.prepare('SELECT count(*) AS n FROM news_items').get().n;
  const cutoff = Date.now() + daysAhead * 86_400_000 - 365 * 86_400_000;
  const due = db.prepare('SELECT count(*) AS n FROM news_items WHERE ts < ?').get(cutoff).n;
  const prune = db.prepare(
    'DELETE FROM news_items WHERE id IN (SELECT id FROM news_items WHERE ts < ? ORDER BY ts LIMIT 500) RETURNING id',
  );
  const times = [];
  for (let i = 0; i < ticks; i++) {
    const t0 = performance.now();
    const deleted = prune.all(cutoff).length;
    times.push(performance.now() - t0);
    if (deleted === 0) break;
  }
  const t0 = performance.now();
  const at = Date.now();
  db.prepare(
    "INSERT INTO news_items (ts, received_at, source_id, source_kind, external_id, author, title, symbols, importance, is_garbage, is_test, dedup_key, one_pct_movement, metadata) VALUES (?, ?, 'rss:prune', 'rss', 'prune-1', 'x', 'Bitcoin prune check', '[]', 'low', 0, 0, 'prune-1', 0, '{}')",
  ).run(at, at);
  const insertMs = performance.now() - t0;
  const left = db.prepare('SELECT count(*) AS n FROM news_items WHERE ts < ?').get(cutoff).n;
  console.log(
    `${total.toLocaleString('en-US')} headlines, ${due.toLocaleString('en-US')} past retention ${daysAhead} day(s) after the fill; ` +
      `${times.length} prune ticks of 500: ${times.map((t) => t.toFixed(0)).join(', ')} ms; then one headline insert ${insertMs.toFixed(1)} ms; ${left.toLocaleString('en-US')} still due`,
  );
  db.close();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
