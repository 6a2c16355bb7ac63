"""Fills a local D1 (SQLite) file with N accounts x 1 year of history for the history benchmark.

Hourly rows for the whole year, minute rows for the last 7 days (the shape the snapshot and
rollup crons keep). Values follow a cheap random walk: the benchmark measures the query, not the
simulator. Writes straight into the file while no workerd has it open.
"""
import random
import sqlite3
import sys
import time

path, accounts, trader_email = sys.argv[1], int(sys.argv[2]), sys.argv[3]
MINUTE, HOUR, DAY = 60_000, 3_600_000, 86_400_000
now = int(time.time() * 1000) // MINUTE * MINUTE
hour_start = (now - 365 * DAY) // HOUR * HOUR
minute_start = (now - 7 * DAY) // HOUR * HOUR

db = sqlite3.connect(path)
db.execute("PRAGMA synchronous=OFF")
cols = "total_balance, futures_balance, spot_balance, futures_upnl, total_upnl, notional, leverage, btc_price, positions_count"
started = time.time()
rng = random.Random(7)
balance = 100_000.0


def row(account_id, ts):
    global balance
    balance *= 1 + rng.gauss(0, 0.002)
    upnl = balance * rng.gauss(0, 0.01)
    notional = balance * rng.uniform(0.5, 4)
    return (account_id, ts, balance, balance * 0.8, balance * 0.2, upnl, upnl, notional, notional / (balance * 0.8), 90_000.0, 3)


# One template account walks in Python; the others are scaled copies made inside SQLite (fast).
template = "bench-00000"
hourly = [row(template, ts) + (balance * 0.99, balance * 1.01) for ts in range(hour_start, now + 1, HOUR)]
db.executemany(f"INSERT INTO account_snapshots_hourly (account_id, ts, {cols}, min_total_balance, max_total_balance) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", hourly)
minute = [row(template, ts) for ts in range(minute_start, now + 1, MINUTE)]
db.executemany(f"INSERT INTO account_snapshots_minute (account_id, ts, {cols}) VALUES (?,?,?,?,?,?,?,?,?,?,?)", minute)
scaled = "total_balance * ?2, futures_balance * ?2, spot_balance * ?2, futures_upnl * ?2, total_upnl * ?2, notional * ?2, leverage, btc_price, positions_count"
for n in range(accounts):
    account_id = f"bench-{n:05d}"
    db.execute(
        "INSERT INTO exchange_accounts (id, exchange, email, label, status, created_at) VALUES (?, 'simulated', ?, ?, 'active', ?)",
        (account_id, f"{account_id}@bench.meridian", f"Bench {n}", hour_start),
    )
    if n == 0:
        continue
    factor = random.Random(n).uniform(0.05, 5)
    db.execute(f"INSERT INTO account_snapshots_hourly SELECT ?1, ts, {scaled}, min_total_balance * ?2, max_total_balance * ?2 FROM account_snapshots_hourly WHERE account_id = '{template}'", (account_id, factor))
    db.execute(f"INSERT INTO account_snapshots_minute SELECT ?1, ts, {scaled} FROM account_snapshots_minute WHERE account_id = '{template}'", (account_id, factor))
    if n % 200 == 199:
        db.commit()
        print(f"  {n + 1} accounts filled ({time.time() - started:.0f} s)", flush=True)
db.execute(
    "INSERT INTO account_assignments (user_id, account_id, created_at) SELECT id, 'bench-00000', ? FROM users WHERE email = ?",
    (now, trader_email),
)
db.commit()
total = db.execute("SELECT (SELECT count(*) FROM account_snapshots_hourly) + (SELECT count(*) FROM account_snapshots_minute)").fetchone()[0]
print(f"  {accounts} accounts, {total:,} history rows in {time.time() - started:.0f} s")
db.close()
