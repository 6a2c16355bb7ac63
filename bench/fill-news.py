"""Fills the local news D1 (NEWS_DB's SQLite file, scripts/lib.mjs localD1File) with N news items (default 1,000,000) for the feed benchmark.

Realistic mix: 20 symbols, 4 importances, several sources, ~3% garbage, ~1% test items, spread
over a year. The FTS5 index is rebuilt once at the end (the insert trigger is dropped for speed and
recreated afterwards, exactly as in migrations-news/0000_news_content.sql).
"""
import json
import random
import sqlite3
import sys
import time

path, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(42)
SYMBOLS = ["BTC", "ETH", "SOL", "BNB", "XRP", "DOGE", "ADA", "AVAX", "LINK", "DOT", "TRX", "TON", "LTC", "ETC", "ARB", "OP", "SUI", "APT", "PEPE", "SHIB"]
NAMES = {"BTC": "Bitcoin", "ETH": "Ethereum", "SOL": "Solana", "BNB": "BNB Chain", "XRP": "XRP", "DOGE": "Dogecoin"}
VERBS = ["surges", "slides", "breaks out", "consolidates", "rallies", "dumps", "reclaims key level", "hits new high", "faces resistance", "sees record volume"]
EVENTS = ["after ETF inflows", "as funding flips negative", "amid exchange outflows", "on whale accumulation", "after SEC comments", "ahead of CPI", "as open interest climbs", "after exploit report"]
SOURCES = [("twitter:tier10k", "twitter", "@tier10k"), ("twitter:WatcherGuru", "twitter", "@WatcherGuru"), ("rss:coindesk", "rss", "CoinDesk"), ("rss:theblock", "rss", "The Block"), ("telegram:wu", "telegram", "Wu Blockchain")]
IMPORTANCE = ["critical"] * 2 + ["high"] * 13 + ["medium"] * 45 + ["low"] * 40

db = sqlite3.connect(path)
db.execute("PRAGMA synchronous=OFF")
db.execute("DROP TRIGGER IF EXISTS news_items_fts_insert")
base = max(db.execute("SELECT coalesce(max(id), 0) FROM news_items").fetchone()[0],
           (db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'news_items'").fetchone() or (0,))[0])
now = int(time.time() * 1000)
start = now - 365 * 86_400_000
step = (now - start) // count
started = time.time()
batch, symbol_rows = [], []
for i in range(count):
    ts = start + i * step + rng.randrange(step or 1)
    syms = rng.sample(SYMBOLS, rng.choice([0, 1, 1, 1, 2, 2, 3]))
    lead = syms[0] if syms else None
    title = f"{NAMES.get(lead, lead or 'Crypto market')} {rng.choice(VERBS)} {rng.choice(EVENTS)}"
    source_id, kind, name = rng.choice(SOURCES)
    meta = json.dumps({"matchedSpecialMappings": [], "bannedBy": [], "matchedRules": []})
    batch.append((base + i + 1, ts, ts + rng.randrange(200, 3000), source_id, kind, f"b{i}", name, title, None, None, json.dumps(syms), rng.choice(IMPORTANCE),
                  1 if rng.random() < 0.03 else 0, 1 if rng.random() < 0.01 else 0, f"bench{i}", 1 if rng.random() < 0.05 else 0, meta))
    for s in syms:
        symbol_rows.append((s, ts, base + i + 1))
    if len(batch) == 50_000:
        db.executemany("INSERT INTO news_items (id, ts, received_at, source_id, source_kind, external_id, author, title, body, url, symbols, importance, is_garbage, is_test, dedup_key, one_pct_movement, metadata) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", batch)
        db.executemany("INSERT INTO news_item_symbols (symbol, ts, item_id) VALUES (?,?,?)", symbol_rows)
        batch, symbol_rows = [], []
        db.commit()
if batch:
    db.executemany("INSERT INTO news_items (id, ts, received_at, source_id, source_kind, external_id, author, title, body, url, symbols, importance, is_garbage, is_test, dedup_key, one_pct_movement, metadata) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", batch)
    db.executemany("INSERT INTO news_item_symbols (symbol, ts, item_id) VALUES (?,?,?)", symbol_rows)
db.execute("INSERT INTO news_fts(news_fts) VALUES('rebuild')")
db.execute("""CREATE TRIGGER `news_items_fts_insert` AFTER INSERT ON `news_items` BEGIN
  INSERT INTO news_fts(rowid, title, body, author) VALUES (new.id, new.title, coalesce(new.body, ''), coalesce(new.author, ''));
END""")
db.commit()
print(f"  {count:,} news items in {time.time() - started:.0f} s")
db.close()
