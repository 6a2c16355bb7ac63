// A risk desk for the risk benchmark: T traders (users), A accounts assigned round-robin, D days of
// the daily rollup per account, and each account's latest state with 1-4 positions. Values follow
// a cheap random walk: the benchmark measures the queries. Writes straight into the local D1 file
// while no workerd has it open.
import { inTransaction, openForFill, seeded } from './sqlite.mjs';

const DAY = 86_400_000;
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT'];

export function fillRiskDesk(path, traders, accounts, days) {
  const db = openForFill(path);
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const today = Math.floor(now / DAY) * DAY;
  const rng = seeded(12);
  const started = performance.now();
  const pw = db.prepare('SELECT password_hash FROM users LIMIT 1').get().password_hash;
  const user = db.prepare(
    "INSERT INTO users (id, email, name, role, approved, is_risk_team, can_use_terminal, password_hash, created_at, approved_at, updated_at) VALUES (?, ?, ?, 'user', 1, 0, 0, ?, ?, ?, ?)",
  );
  const account = db.prepare(
    "INSERT INTO exchange_accounts (id, exchange, email, label, status, created_at, last_snapshot_at) VALUES (?, 'simulated', ?, ?, 'active', ?, ?)",
  );
  const assign = db.prepare('INSERT INTO account_assignments (user_id, account_id, created_at) VALUES (?, ?, ?)');
  const daily = db.prepare('INSERT INTO account_daily VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)');
  const latest = db.prepare('INSERT INTO account_latest (account_id, ts, metrics, positions) VALUES (?, ?, ?, ?)');
  const id = (t) => `bench-trader-${String(t).padStart(4, '0')}`;
  inTransaction(db, () => {
    for (let t = 0; t < traders; t++)
      user.run(id(t), `${id(t)}@bench.meridian`, `Bench Trader ${String(t).padStart(4, '0')}`, pw, now, now, now);
    for (let a = 0; a < accounts; a++) {
      const aid = `bench-risk-${String(a).padStart(5, '0')}`;
      account.run(aid, `${aid}@bench.meridian`, `Book ${a}`, today - days * DAY, now);
      assign.run(id(a % traders), aid, now);
      let equity = rng.uniform(5_000, 500_000);
      for (let d = days; d >= 0; d--) {
        const open = equity;
        equity *= 1 + rng.gauss(0, 0.02);
        const lo = Math.min(open, equity) * 0.99;
        const hi = Math.max(open, equity) * 1.01;
        const lev = rng.uniform(0.5, 4);
        const notional = equity * lev;
        const day = today - d * DAY;
        daily.run(
          aid,
          day,
          day,
          open,
          day + DAY - 60_000,
          equity,
          lo,
          hi,
          lev * 1440,
          1440,
          lev * 1.2,
          notional * 1.1,
          notional,
          notional * rng.uniform(-1, 1),
        );
      }
      const positions = rng.sample(SYMBOLS, rng.int(1, 4)).map((symbol) => {
        const n = equity * rng.uniform(0.2, 1.5);
        return {
          symbol,
          side: rng.choice(['LONG', 'SHORT']),
          size: n / 100,
          entryPrice: 100,
          markPrice: 100,
          liquidationPrice: null,
          leverage: 10,
          unrealizedPnl: n * rng.gauss(0, 0.02),
          notional: n,
          margin: n / 10,
        };
      });
      const notional = positions.reduce((s, p) => s + p.notional, 0);
      const metrics = {
        totalBalance: equity,
        futuresBalance: equity * 0.9,
        spotBalance: equity * 0.1,
        futuresUpnl: 0,
        totalUpnl: 0,
        notional,
        leverage: notional / (equity * 0.9),
        btcPrice: 90_000,
        positions: positions.length,
      };
      latest.run(aid, now, JSON.stringify(metrics), JSON.stringify(positions));
    }
  });
  const n = db.prepare('SELECT count(*) AS n FROM account_daily').get().n;
  console.log(
    `  ${traders} traders, ${accounts} accounts, ${n.toLocaleString('en-US')} daily rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  db.close();
}
