"""Measures D1 bytes per row (table + its indexes, FTS index included) and projects a year at
PRODUCT.md §9's scale (issue 16 part 4). Run: python3 bench/storage-footprint.py [accounts] [news items]

Builds two scratch SQLite files, one per D1 database (main: migrations/, news: migrations-news/;
issue 16 §4), fills them with the bench fillers (bench/fill-history.py into the main one,
bench/fill-news.py into the news one) plus the daily rollup and the news price checks, then reads
page usage from SQLite's dbstat table and reports each database against D1's 10 GB cap. Bytes per row are size-independent
enough that a small fill (default 20 accounts, 100,000 headlines) gives the per-row figures.
"""
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
accounts = int(sys.argv[1]) if len(sys.argv) > 1 else 20
items = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
scratch = tempfile.mkdtemp(prefix="meridian-footprint-")
paths = {"main": os.path.join(scratch, "main.sqlite"), "news": os.path.join(scratch, "news.sqlite")}

for which, folder in (("main", "migrations"), ("news", "migrations-news")):
    db = sqlite3.connect(paths[which])
    for name in sorted(f for f in os.listdir(os.path.join(root, folder)) if f.endswith(".sql")):
        with open(os.path.join(root, folder, name)) as f:
            db.executescript(f.read())
    db.commit()
    db.close()

subprocess.run(["python3", os.path.join(root, "bench/fill-history.py"), paths["main"], str(accounts), "nobody@bench"], check=True)
subprocess.run(["python3", os.path.join(root, "bench/fill-news.py"), paths["news"], str(items)], check=True)

DAY = 86_400_000
db = sqlite3.connect(paths["main"])
now = int(time.time() * 1000) // DAY * DAY
# The risk daily rollup: one row per account per day, a year of them.
db.execute(
    """INSERT INTO account_daily SELECT a.id, ?1 - d.n * ?2, ?1 - d.n * ?2, 100000.5, ?1 - d.n * ?2 + 86340000, 100100.25,
         99000.125, 101000.75, 1440 * 1.7, 1440, 3.2, 250000.5, 200000.25, -50000.5
       FROM exchange_accounts a,
            (WITH RECURSIVE n(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM n WHERE n < 364) SELECT n FROM n) d""",
    (now, DAY),
)
db.commit()
db.close()
db = sqlite3.connect(paths["news"])
# Price checks: 1, 5 and 15 minutes after publish for each symbol of a headline. Since issue 16 a
# measured check is deleted, so only the last ~15 minutes' checks exist; fill one per window to
# measure bytes/row and project the in-flight count.
db.execute(
    """INSERT INTO price_checks (item_id, symbol, price_at_publish, due_at, window_minutes, done)
       SELECT s.item_id, s.symbol, 64123.5, s.ts + w.m * 60000, w.m, 1
       FROM news_item_symbols s, (SELECT 1 AS m UNION ALL SELECT 5 UNION ALL SELECT 15) w"""
)
db.commit()

sizes = {}
for which in ("main", "news"):
    with sqlite3.connect(paths[which]) as d:
        owner = {name: tbl for name, tbl in d.execute("SELECT name, tbl_name FROM sqlite_master WHERE name IS NOT NULL")}
        for name, size in d.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"):
            table = owner.get(name, name)
            if table.startswith("news_fts"):
                table = "news_fts"
            sizes[table] = sizes.get(table, 0) + size

def count(t):
    with sqlite3.connect(paths["news" if t.startswith(("news", "price")) else "main"]) as d:
        return d.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
headlines = count("news_items")
rows = {t: count(t) for t in ["account_snapshots_minute", "account_snapshots_hourly", "account_daily", "news_items", "news_item_symbols", "price_checks"]}
rows["news_fts"] = headlines
database = lambda t: "news" if t.startswith(("news", "price")) else "main"

# Steady state at PRODUCT.md §9 under the retention of issue 16: 2,000 accounts; minute rows kept
# 7 days (then rolled up), hourly rows 13 months (395 days), daily rows a year (they grow ~0.13 GB a
# year); 5 million headlines (a year) with their symbols and FTS entries; price checks in flight only
# (15 minutes of headlines).
ACC, NEWS = 2_000, 5_000_000
scale = {
    "account_snapshots_minute": ACC * 7 * 1440,
    "account_snapshots_hourly": ACC * 395 * 24,
    "account_daily": ACC * 365,
    "news_items": NEWS,
    "news_item_symbols": round(NEWS * rows["news_item_symbols"] / headlines),
    "price_checks": round(NEWS / 365 / 96 * rows["price_checks"] / headlines),
    "news_fts": NEWS,
}
size_mb = sum(os.path.getsize(p) for p in paths.values()) / 1e6
print(f"\nMeasured on {accounts} accounts x 1 year and {headlines:,} headlines ({size_mb:.1f} MB in two files).\n")
print("| Database | Table (with its indexes) | rows measured | bytes/row | rows at §9 scale | projected GB |")
print("|---|---|---:|---:|---:|---:|")
totals = {"main": 0.0, "news": 0.0}
for t, n in rows.items():
    per = sizes.get(t, 0) / n if n else 0
    gb = per * scale[t] / 1e9
    totals[database(t)] += gb
    print(f"| {database(t)} | {t} | {n:,} | {per:.0f} | {scale[t]:,} | {gb:.2f} |")
for which, gb in totals.items():
    print(f"| **{which}** | **total** | | | | **{gb:.2f}** ({gb / 10 * 100:.0f} % of D1's 10 GB) |")

# What a retention tick costs (foreign keys on, as in D1): the news prune batch with its cascades
# and FTS delete trigger, and the hourly prune's per-account seeks.
def timed(stmt, args=()):
    t = time.perf_counter()
    n = len(db.execute(stmt, args).fetchall())
    db.commit()
    return (time.perf_counter() - t) * 1000, n
db = sqlite3.connect(paths["news"])
db.execute("PRAGMA foreign_keys = ON")
news_ms = []
for _ in range(10):
    oldest = db.execute("SELECT ts FROM news_items ORDER BY ts LIMIT 1 OFFSET 500").fetchone()[0]
    ms, n = timed("DELETE FROM news_items WHERE id IN (SELECT id FROM news_items WHERE ts < ? ORDER BY ts LIMIT 500) RETURNING id", (oldest + 1,))
    news_ms.append(ms)
db.close()
db = sqlite3.connect(paths["main"])
db.execute("PRAGMA foreign_keys = ON")
newest_hour = db.execute("SELECT max(ts) FROM account_snapshots_hourly").fetchone()[0]
hourly_ms, _ = timed(
    """DELETE FROM account_snapshots_hourly WHERE rowid IN (SELECT h.rowid FROM exchange_accounts a
       JOIN account_snapshots_hourly h ON h.account_id = a.id AND h.ts < ?) RETURNING ts""",
    (newest_hour - 364 * DAY,),
)
news_ms.sort()
print(f"\nRetention tick: news prune of 500 headlines median {news_ms[5]:.0f} ms, max {news_ms[-1]:.0f} ms (10 runs);")
print(f"hourly prune over {accounts} accounts {hourly_ms:.1f} ms.")
db.close()
print(f"\n(scratch databases left in {scratch})")
