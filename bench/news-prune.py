"""One retention prune tick at the bench's news size: the exact statement of
worker/domains/news/retention/prune-news.ts (500 oldest past 365 days, symbol rows and price checks
by cascade, the FTS entries by trigger) timed on a COPY of the filled NEWS_DB file, as if `days_ahead`
days after the fill (so a full 500 are due). Rough: Python's SQLite, not workerd's D1 layer.

usage: news-prune.py <news sqlite file> [ticks=5] [days_ahead=1]
"""
import shutil
import sqlite3
import sys
import tempfile
import time
import os

src = sys.argv[1]
ticks = int(sys.argv[2]) if len(sys.argv) > 2 else 5
days_ahead = float(sys.argv[3]) if len(sys.argv) > 3 else 1
tmp = tempfile.mkdtemp(prefix="meridian-prune-")
path = os.path.join(tmp, "news.sqlite")
shutil.copyfile(src, path)
try:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys=ON")  # D1 enforces foreign keys
    db.execute("PRAGMA journal_mode=WAL")
    total = db.execute("SELECT count(*) FROM news_items").fetchone()[0]
    cutoff = int((time.time() + days_ahead * 86400) * 1000) - 365 * 86_400_000
    due = db.execute("SELECT count(*) FROM news_items WHERE ts < ?", (cutoff,)).fetchone()[0]
    times = []
    for _ in range(ticks):
        t0 = time.perf_counter()
        deleted = len(db.execute(
            "DELETE FROM news_items WHERE id IN (SELECT id FROM news_items WHERE ts < ? ORDER BY ts LIMIT 500) RETURNING id",
            (cutoff,)).fetchall())
        times.append((time.perf_counter() - t0) * 1000)
        if deleted == 0:
            break
    t0 = time.perf_counter()
    db.execute("INSERT INTO news_items (ts, received_at, source_id, source_kind, external_id, author, title, symbols, importance, is_garbage, is_test, dedup_key, one_pct_movement, metadata) "
               "VALUES (?, ?, 'rss:prune', 'rss', 'prune-1', 'x', 'Bitcoin prune check', '[]', 'low', 0, 0, 'prune-1', 0, '{}')",
               (int(time.time() * 1000), int(time.time() * 1000)))
    insert_ms = (time.perf_counter() - t0) * 1000
    left = db.execute("SELECT count(*) FROM news_items WHERE ts < ?", (cutoff,)).fetchone()[0]
    print(f"{total:,} headlines, {due:,} past retention {days_ahead:g} day(s) after the fill; "
          f"{len(times)} prune ticks of 500: " + ", ".join(f"{t:.0f}" for t in times) + " ms; "
          f"then one headline insert {insert_ms:.1f} ms; {left:,} still due")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
