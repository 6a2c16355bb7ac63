// Local demo data for the dashboards: the simulated sub-accounts, who they belong to, and 30 days
// of history (statements stay under D1's 100 KB limit; hourly beyond 7 days, 5-minute rows from 7 days to 24 hours, minute rows after),
// computed with the same simulated exchange the Worker uses. Local only.
import { executeLocalD1, importWorkerModules, queryLocalD1, scratchDir, sqlString } from './lib.mjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Rows per INSERT statement: keeps each statement under D1's 100 KB limit. */
const ROWS_PER_INSERT = 150;

export const DEMO_ACCOUNTS = [
  { email: 'trader-main@sim.meridian', label: 'Main book', owners: ['trader@example.com'] },
  { email: 'trader-alt@sim.meridian', label: 'Alt book', owners: ['trader@example.com'] },
  { email: 'admin-book@sim.meridian', label: 'Admin book', owners: ['admin@example.com'] },
  { email: 'risk-hedge@sim.meridian', label: 'Risk hedge', owners: ['risk@example.com'] },
];


function historyTimes(now) {
  const times = [];
  const hourStart = Math.floor((now - 30 * DAY) / HOUR) * HOUR;
  const minuteStart = Math.floor((now - 7 * DAY) / HOUR) * HOUR;
  // Every hour has its row (the hour's last value), recent ones too, as the snapshot cron keeps them.
  for (let t = hourStart; t <= now; t += HOUR) times.push(['hourly', t]);
  const fineStart = Math.floor((now - DAY) / MINUTE) * MINUTE;
  for (let t = minuteStart; t < fineStart; t += 5 * MINUTE) times.push(['minute', t]);
  for (let t = fineStart; t <= now; t += MINUTE) times.push(['minute', t]);
  return times;
}

const values = (m) => [
  m.totalBalance,
  m.futuresBalance,
  m.spotBalance,
  m.futuresUpnl,
  m.totalUpnl,
  m.notional,
  m.leverage ?? 'NULL',
  m.btcPrice,
  m.positions,
];
const COLUMNS =
  'total_balance, futures_balance, spot_balance, futures_upnl, total_upnl, notional, leverage, btc_price, positions_count';

export async function seedAccounts() {
  if (queryLocalD1('SELECT count(*) AS n FROM exchange_accounts')[0].n > 0) return;
  const dir = scratchDir('seed-accounts');
  // The Worker's own simulated exchange, so the seed and the Worker agree exactly.
  const { snapshotAt, computeMetrics } = await importWorkerModules(
    "export { snapshotAt } from './worker/exchanges/simulated/accounts'; export { computeMetrics } from './worker/exchanges/metrics';",
    dir,
  );
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const statements = [];
  for (const account of DEMO_ACCOUNTS) {
    const id = crypto.randomUUID();
    statements.push(
      `INSERT INTO exchange_accounts (id, exchange, email, label, status, created_at, last_snapshot_at) VALUES (${sqlString(id)}, 'simulated', ${sqlString(account.email)}, ${sqlString(account.label)}, 'active', ${now - 30 * DAY}, ${now});`,
    );
    for (const owner of account.owners) {
      statements.push(
        `INSERT INTO account_assignments (user_id, account_id, created_at) SELECT id, ${sqlString(id)}, ${now} FROM users WHERE email = ${sqlString(owner)};`,
      );
    }
    const minute = [];
    const hourly = [];
    let last;
    for (const [kind, ts] of historyTimes(now)) {
      if (kind === 'hourly') {
        const m = computeMetrics(snapshotAt(account.email, Math.min(ts + HOUR - MINUTE, now)));
        hourly.push(`(${sqlString(id)}, ${ts}, ${values(m).join(', ')}, ${m.totalBalance}, ${m.totalBalance})`);
        continue;
      }
      const snapshot = snapshotAt(account.email, ts);
      const m = computeMetrics(snapshot);
      last = { ts, m, positions: snapshot.positions };
      minute.push(`(${sqlString(id)}, ${ts}, ${values(m).join(', ')})`);
    }
    for (let i = 0; i < minute.length; i += ROWS_PER_INSERT)
      statements.push(
        `INSERT INTO account_snapshots_minute (account_id, ts, ${COLUMNS}) VALUES ${minute.slice(i, i + ROWS_PER_INSERT).join(', ')};`,
      );
    for (let i = 0; i < hourly.length; i += ROWS_PER_INSERT)
      statements.push(
        `INSERT INTO account_snapshots_hourly (account_id, ts, ${COLUMNS}, min_total_balance, max_total_balance) VALUES ${hourly.slice(i, i + ROWS_PER_INSERT).join(', ')};`,
      );
    statements.push(
      `INSERT INTO account_latest (account_id, ts, metrics, positions) VALUES (${sqlString(id)}, ${last.ts}, ${sqlString(JSON.stringify(last.m))}, ${sqlString(JSON.stringify(last.positions))});`,
    );
  }
  executeLocalD1(statements, dir, 'accounts.sql');
  console.log(
    `  Simulated accounts with 30 days of history: ${DEMO_ACCOUNTS.map((a) => `${a.email} → ${a.owners.join(', ')}`).join('; ')}\n`,
  );
}
