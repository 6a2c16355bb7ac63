"""Fills a local D1 (SQLite) file with a risk desk for the risk benchmark: T traders (users), A
accounts assigned round-robin, D days of the daily rollup per account, and each account's latest
state with 1-4 positions. Values follow a cheap random walk: the benchmark measures the queries.
Writes straight into the file while no workerd has it open.
"""
import json
import random
import sqlite3
import sys
import time

path, traders, accounts, days = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
DAY = 86_400_000
now = int(time.time() * 1000) // 60_000 * 60_000
today = now // DAY * DAY
db = sqlite3.connect(path)
db.execute("PRAGMA synchronous=OFF")
rng = random.Random(12)
started = time.time()
SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "BNBUSDT", "XRPUSDT", "DOGEUSDT"]
pw = db.execute("SELECT password_hash FROM users LIMIT 1").fetchone()[0]

for t in range(traders):
    db.execute(
        "INSERT INTO users (id, email, name, role, approved, is_risk_team, can_use_terminal, password_hash, created_at, approved_at, updated_at) VALUES (?, ?, ?, 'user', 1, 0, 0, ?, ?, ?, ?)",
        (f"bench-trader-{t:04d}", f"bench-trader-{t:04d}@bench.meridian", f"Bench Trader {t:04d}", pw, now, now, now),
    )
daily = []
for a in range(accounts):
    aid = f"bench-risk-{a:05d}"
    db.execute(
        "INSERT INTO exchange_accounts (id, exchange, email, label, status, created_at, last_snapshot_at) VALUES (?, 'simulated', ?, ?, 'active', ?, ?)",
        (aid, f"{aid}@bench.meridian", f"Book {a}", today - days * DAY, now),
    )
    db.execute("INSERT INTO account_assignments (user_id, account_id, created_at) VALUES (?, ?, ?)", (f"bench-trader-{a % traders:04d}", aid, now))
    equity = rng.uniform(5_000, 500_000)
    for d in range(days, -1, -1):
        o = equity
        equity *= 1 + rng.gauss(0, 0.02)
        lo, hi = min(o, equity) * 0.99, max(o, equity) * 1.01
        lev = rng.uniform(0.5, 4)
        notional = equity * lev
        daily.append((aid, today - d * DAY, today - d * DAY, o, today - d * DAY + DAY - 60_000, equity, lo, hi, lev * 1440, 1440, lev * 1.2, notional * 1.1, notional, notional * rng.uniform(-1, 1)))
    positions = []
    for s in rng.sample(SYMBOLS, rng.randint(1, 4)):
        n = equity * rng.uniform(0.2, 1.5)
        positions.append({"symbol": s, "side": rng.choice(["LONG", "SHORT"]), "size": n / 100, "entryPrice": 100, "markPrice": 100, "liquidationPrice": None, "leverage": 10, "unrealizedPnl": n * rng.gauss(0, 0.02), "notional": n, "margin": n / 10})
    notional = sum(p["notional"] for p in positions)
    metrics = {"totalBalance": equity, "futuresBalance": equity * 0.9, "spotBalance": equity * 0.1, "futuresUpnl": 0, "totalUpnl": 0, "notional": notional, "leverage": notional / (equity * 0.9), "btcPrice": 90_000, "positions": len(positions)}
    db.execute("INSERT INTO account_latest (account_id, ts, metrics, positions) VALUES (?, ?, ?, ?)", (aid, now, json.dumps(metrics), json.dumps(positions)))
    if len(daily) > 50_000:
        db.executemany("INSERT INTO account_daily VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", daily)
        daily = []
db.executemany("INSERT INTO account_daily VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", daily)
db.commit()
n = db.execute("SELECT count(*) FROM account_daily").fetchone()[0]
print(f"  {traders} traders, {accounts} accounts, {n:,} daily rows in {time.time() - started:.0f} s")
db.close()
