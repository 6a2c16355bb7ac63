// Local demo data for the dashboards and the risk desk: the simulated sub-accounts, who they belong
// to, 90 days of history (hourly beyond 7 days, 5-minute rows from 7 days to 24 hours, minute rows
// after; the desk's books coarser; statements stay under D1's 100 KB limit), the daily rollup the risk stats read, and the
// risk limits. Computed with the same simulated exchange the Worker uses. Local only.
import { executeLocalD1, importWorkerModules, queryLocalD1, scratchDir, sqlString } from './lib.mjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HISTORY_DAYS = 90;
/** Rows per INSERT statement: keeps each statement under D1's 100 KB limit. */
const ROWS_PER_INSERT = 150;

export const DEMO_ACCOUNTS = [
  { email: 'trader-main@sim.meridian', label: 'Main book', owners: ['trader@example.com'] },
  { email: 'trader-alt@sim.meridian', label: 'Alt book', owners: ['trader@example.com'] },
  { email: 'admin-book@sim.meridian', label: 'Admin book', owners: ['admin@example.com'] },
  { email: 'risk-hedge@sim.meridian', label: 'Risk hedge', owners: ['risk@example.com'] },
];

/** The rest of the desk: two simulated books each (seed.mjs creates the users). */
export const DESK_TRADERS = [
  { email: 'morgan.hale@example.com', name: 'Morgan Hale' },
  { email: 'jordan.kim@example.com', name: 'Jordan Kim' },
  { email: 'casey.ortiz@example.com', name: 'Casey Ortiz' },
  { email: 'sam.novak@example.com', name: 'Sam Novak' },
  { email: 'avery.chen@example.com', name: 'Avery Chen' },
  { email: 'quinn.baker@example.com', name: 'Quinn Baker' },
  { email: 'drew.patel@example.com', name: 'Drew Patel' },
  { email: 'reese.morgan@example.com', name: 'Reese Morgan' },
  { email: 'skyler.diaz@example.com', name: 'Skyler Diaz' },
  { email: 'rowan.fischer@example.com', name: 'Rowan Fischer' },
];
/** Who the demo desk's stories are about: a deep drawdown, and over a tightened leverage limit. */
const DRAWDOWN_TRADER = 'morgan.hale@example.com';
const LEVERAGED_TRADER = 'jordan.kim@example.com';

/** Firm-wide defaults (drawdown and share are fractions), and the override that tightens one trader. */
const FIRM_LIMITS = { maxLeverage: 4, maxDrawdown: 0.2, maxPositionNotional: 2_000_000, maxSymbolNetExposure: 10_000_000 };
const TIGHTENED_LEVERAGE = 2;
/**
 * The simulated market follows the clock, so some months no book falls past the firm's 20 %. The
 * drawdown trader's own limit is then tightened to half of the fall their books show at seed time:
 * the desk always has its drawdown story, with room for the market to move until the test reads it.
 */
const drawdownOverride = (drawdown) => Math.max(0.005, Math.min(FIRM_LIMITS.maxDrawdown, Math.floor(drawdown * 500) / 1000));

/** The desk's books step coarser through the last week (15 minutes, 5 in the last day): a third of the rows. */
function historyTimes(now, desk = false) {
  const times = [];
  const hourStart = Math.floor((now - HISTORY_DAYS * DAY) / HOUR) * HOUR;
  const minuteStart = Math.floor((now - 7 * DAY) / HOUR) * HOUR;
  // Every hour has its row (the hour's last value), recent ones too, as the snapshot cron keeps them.
  for (let t = hourStart; t <= now; t += HOUR) times.push(['hourly', t]);
  const fineStart = Math.floor((now - DAY) / MINUTE) * MINUTE;
  for (let t = minuteStart; t < fineStart; t += (desk ? 15 : 5) * MINUTE) times.push(['minute', t]);
  for (let t = fineStart; t <= now; t += (desk ? 5 : 1) * MINUTE) times.push(['minute', t]);
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

/**
 * Picks the desk's books from candidate simulated emails by what the simulated market did over the
 * last 30 days: the two deepest drawdowns for one trader, the two most levered for another, calm
 * books for the rest. The market depends on the clock, so the pick is made at seed time.
 */
function pickDeskBooks(snapshotAt, computeMetrics, now) {
  const candidates = [];
  for (let i = 0; i < 120; i++) {
    const email = `desk-${i}@sim.meridian`;
    let peak = 0;
    let equity = 0;
    for (let t = now - 30 * DAY; t <= now; t += 2 * HOUR) {
      equity = computeMetrics(snapshotAt(email, t)).totalBalance;
      peak = Math.max(peak, equity);
    }
    const leverage = computeMetrics(snapshotAt(email, now)).leverage ?? 0;
    candidates.push({ email, drawdown: 1 - equity / peak, leverage });
  }
  const take = (list, n) => list.splice(0, n);
  const pool = [...candidates].sort((a, b) => b.drawdown - a.drawdown);
  const deep = take(pool, 2);
  let peak = 0;
  let equity = 0;
  for (let t = now - 30 * DAY; t <= now; t += 2 * HOUR) {
    equity = deep.reduce((sum, c) => sum + computeMetrics(snapshotAt(c.email, t)).totalBalance, 0);
    peak = Math.max(peak, equity);
  }
  const deskDrawdown = 1 - equity / peak;
  pool.sort((a, b) => b.leverage - a.leverage);
  const levered = take(pool, 2);
  const calm = pool.filter((c) => c.drawdown < 0.15 && c.leverage < 3);
  const books = new Map([
    [DRAWDOWN_TRADER, deep],
    [LEVERAGED_TRADER, levered],
  ]);
  for (const t of DESK_TRADERS) if (!books.has(t.email)) books.set(t.email, take(calm, 2));
  const accounts = DESK_TRADERS.flatMap((t) =>
    books.get(t.email).map((c, i) => ({
      email: c.email,
      label: `${t.name.split(' ')[0]} ${i === 0 ? 'core' : 'tactical'}`,
      owners: [t.email],
      desk: true,
    })),
  );
  return { accounts, deskDrawdown };
}

/** The daily rollup row of each UTC day, as the snapshot cron keeps it, from the hourly samples. */
function dailyRows(id, samples) {
  const days = new Map();
  for (const { ts, m, net } of samples) {
    const day = Math.floor(ts / DAY) * DAY;
    const lev = m.leverage ?? 0;
    const d = days.get(day);
    if (!d) {
      days.set(day, {
        day,
        openTs: ts,
        open: m.totalBalance,
        closeTs: ts,
        close: m.totalBalance,
        min: m.totalBalance,
        max: m.totalBalance,
        levSum: lev,
        n: 1,
        peakLev: lev,
        peakNotional: m.notional,
        closeNotional: m.notional,
        net,
      });
      continue;
    }
    Object.assign(d, { closeTs: ts, close: m.totalBalance, closeNotional: m.notional, net });
    d.min = Math.min(d.min, m.totalBalance);
    d.max = Math.max(d.max, m.totalBalance);
    d.levSum += lev;
    d.n += 1;
    d.peakLev = Math.max(d.peakLev, lev);
    d.peakNotional = Math.max(d.peakNotional, m.notional);
  }
  return [...days.values()].map(
    (d) =>
      `(${sqlString(id)}, ${d.day}, ${d.openTs}, ${d.open}, ${d.closeTs}, ${d.close}, ${d.min}, ${d.max}, ${d.levSum}, ${d.n}, ${d.peakLev}, ${d.peakNotional}, ${d.closeNotional}, ${d.net})`,
  );
}

function limitStatements(now, deskDrawdown) {
  const statements = [];
  const by = "(SELECT name || ' <' || email || '>' FROM users WHERE email = 'risk@example.com')";
  for (const [kind, value] of Object.entries(FIRM_LIMITS)) {
    statements.push(
      `INSERT INTO risk_limits (id, trader_id, kind, value, updated_by, updated_at) VALUES (${sqlString(crypto.randomUUID())}, NULL, '${kind}', ${value}, NULL, ${now - 20 * DAY});`,
      `INSERT INTO risk_limit_changes (id, trader_id, kind, old_value, new_value, changed_by, changed_at) VALUES (${sqlString(crypto.randomUUID())}, NULL, '${kind}', NULL, ${value}, coalesce(${by}, 'seed'), ${now - 20 * DAY});`,
    );
  }
  const override = (email, kind, value) => {
    const trader = `(SELECT id FROM users WHERE email = ${sqlString(email)})`;
    statements.push(
      `INSERT INTO risk_limits (id, trader_id, kind, value, updated_by, updated_at) SELECT ${sqlString(crypto.randomUUID())}, ${trader}, '${kind}', ${value}, NULL, ${now - 3 * DAY} WHERE ${trader} IS NOT NULL;`,
      `INSERT INTO risk_limit_changes (id, trader_id, kind, old_value, new_value, changed_by, changed_at) SELECT ${sqlString(crypto.randomUUID())}, ${trader}, '${kind}', NULL, ${value}, coalesce(${by}, 'seed'), ${now - 3 * DAY} WHERE ${trader} IS NOT NULL;`,
    );
  };
  override(LEVERAGED_TRADER, 'maxLeverage', TIGHTENED_LEVERAGE);
  const drawdownLimit = drawdownOverride(deskDrawdown);
  if (drawdownLimit < FIRM_LIMITS.maxDrawdown) override(DRAWDOWN_TRADER, 'maxDrawdown', drawdownLimit);
  return statements;
}

/** Seeds the accounts while there are none; answers what it seeded (null: nothing to do). */
export async function seedAccounts(existing = queryLocalD1('SELECT count(*) AS n FROM exchange_accounts')[0].n) {
  if (existing > 0) return null;
  const dir = scratchDir('seed-accounts');
  // The Worker's own simulated exchange, so the seed and the Worker agree exactly.
  const { snapshotAt, computeMetrics } = await importWorkerModules(
    "export { snapshotAt } from './worker/exchanges/simulated/accounts'; export { computeMetrics } from './worker/exchanges/metrics';",
    dir,
  );
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const desk = pickDeskBooks(snapshotAt, computeMetrics, now);
  const accounts = [...DEMO_ACCOUNTS, ...desk.accounts];
  const statements = [];
  for (const account of accounts) {
    const id = crypto.randomUUID();
    statements.push(
      `INSERT INTO exchange_accounts (id, exchange, email, label, status, created_at, last_snapshot_at) VALUES (${sqlString(id)}, 'simulated', ${sqlString(account.email)}, ${sqlString(account.label)}, 'active', ${now - HISTORY_DAYS * DAY}, ${now});`,
    );
    for (const owner of account.owners) {
      statements.push(
        `INSERT INTO account_assignments (user_id, account_id, created_at) SELECT id, ${sqlString(id)}, ${now} FROM users WHERE email = ${sqlString(owner)};`,
      );
    }
    const minute = [];
    const hourly = [];
    const samples = [];
    let last;
    for (const [kind, ts] of historyTimes(now, account.desk)) {
      if (kind === 'hourly') {
        const sampleTs = Math.min(ts + HOUR - MINUTE, now);
        const snapshot = snapshotAt(account.email, sampleTs);
        const m = computeMetrics(snapshot);
        const net = snapshot.positions.reduce((a, p) => a + (p.side === 'LONG' ? p.notional : -p.notional), 0);
        samples.push({ ts: sampleTs, m, net });
        hourly.push(`(${sqlString(id)}, ${ts}, ${values(m).join(', ')}, ${m.totalBalance}, ${m.totalBalance})`);
        continue;
      }
      const snapshot = snapshotAt(account.email, ts);
      const m = computeMetrics(snapshot);
      last = { ts, m, positions: snapshot.positions };
      minute.push(`(${sqlString(id)}, ${ts}, ${values(m).join(', ')})`);
    }
    const daily = dailyRows(id, samples);
    const insert = (table, columns, rows) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
        statements.push(`INSERT INTO ${table} (${columns}) VALUES ${rows.slice(i, i + ROWS_PER_INSERT).join(', ')};`);
    };
    insert('account_snapshots_minute', `account_id, ts, ${COLUMNS}`, minute);
    insert('account_snapshots_hourly', `account_id, ts, ${COLUMNS}, min_total_balance, max_total_balance`, hourly);
    insert(
      'account_daily',
      'account_id, day, open_ts, open_equity, close_ts, close_equity, min_equity, max_equity, leverage_sum, samples, peak_leverage, peak_notional, close_notional, close_net_notional',
      daily,
    );
    statements.push(
      `INSERT INTO account_latest (account_id, ts, metrics, positions) VALUES (${sqlString(id)}, ${last.ts}, ${sqlString(JSON.stringify(last.m))}, ${sqlString(JSON.stringify(last.positions))});`,
    );
  }
  statements.push(...limitStatements(now, desk.deskDrawdown));
  executeLocalD1(statements, dir, 'accounts.sql');
  // The trader, the admin and the risk user own the named books; each desk trader has two.
  return `${accounts.length} simulated accounts with ${HISTORY_DAYS} days of history`;
}
