// N accounts × a year of history for the history benchmark: hourly rows for the whole year, minute
// rows for the last 7 days (the shape the snapshot and rollup crons keep). One template account
// walks here; the others are scaled copies made inside SQLite (fast). Writes straight into the local
// D1 file while no workerd has it open.
import { inTransaction, openForFill, seeded } from './sqlite.mjs';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const COLS =
  'total_balance, futures_balance, spot_balance, futures_upnl, total_upnl, notional, leverage, btc_price, positions_count';
const SCALED =
  'total_balance * ?2, futures_balance * ?2, spot_balance * ?2, futures_upnl * ?2, total_upnl * ?2, notional * ?2, leverage, btc_price, positions_count';
const TEMPLATE = 'bench-00000';

export function fillAccountHistory(path, accounts, traderEmail) {
  const db = openForFill(path);
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const hourStart = Math.floor((now - 365 * DAY) / HOUR) * HOUR;
  const minuteStart = Math.floor((now - 7 * DAY) / HOUR) * HOUR;
  const rng = seeded(7);
  const started = performance.now();
  let balance = 100_000;
  const row = (ts) => {
    balance *= 1 + rng.gauss(0, 0.002);
    const upnl = balance * rng.gauss(0, 0.01);
    const notional = balance * rng.uniform(0.5, 4);
    return [TEMPLATE, ts, balance, balance * 0.8, balance * 0.2, upnl, upnl, notional, notional / (balance * 0.8), 90_000, 3];
  };
  const hourly = db.prepare(
    `INSERT INTO account_snapshots_hourly (account_id, ts, ${COLS}, min_total_balance, max_total_balance) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  const minute = db.prepare(`INSERT INTO account_snapshots_minute (account_id, ts, ${COLS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)`);
  const account = db.prepare(
    "INSERT INTO exchange_accounts (id, exchange, email, label, status, created_at) VALUES (?, 'simulated', ?, ?, 'active', ?)",
  );
  const copyHourly = db.prepare(
    `INSERT INTO account_snapshots_hourly SELECT ?1, ts, ${SCALED}, min_total_balance * ?2, max_total_balance * ?2 FROM account_snapshots_hourly WHERE account_id = '${TEMPLATE}'`,
  );
  const copyMinute = db.prepare(
    `INSERT INTO account_snapshots_minute SELECT ?1, ts, ${SCALED} FROM account_snapshots_minute WHERE account_id = '${TEMPLATE}'`,
  );
  inTransaction(db, () => {
    for (let ts = hourStart; ts <= now; ts += HOUR) hourly.run(...row(ts), balance * 0.99, balance * 1.01);
    for (let ts = minuteStart; ts <= now; ts += MINUTE) minute.run(...row(ts));
  });
  for (let n = 0; n < accounts; n += 200)
    inTransaction(db, () => {
      for (let k = n; k < Math.min(accounts, n + 200); k++) {
        const id = `bench-${String(k).padStart(5, '0')}`;
        account.run(id, `${id}@bench.meridian`, `Bench ${k}`, hourStart);
        if (k === 0) continue;
        const factor = seeded(k).uniform(0.05, 5);
        copyHourly.run(id, factor);
        copyMinute.run(id, factor);
      }
      if (n + 200 < accounts)
        console.log(`  ${n + 200} accounts filled (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    });
  db.prepare(
    "INSERT INTO account_assignments (user_id, account_id, created_at) SELECT id, 'bench-00000', ? FROM users WHERE email = ?",
  ).run(now, traderEmail);
  const total = db
    .prepare('SELECT (SELECT count(*) FROM account_snapshots_hourly) + (SELECT count(*) FROM account_snapshots_minute) AS n')
    .get().n;
  console.log(
    `  ${accounts} accounts, ${total.toLocaleString('en-US')} history rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  db.close();
}
