import type { DayPerformance, FirmPerformance, TraderPerformance } from '../../contract/performance';
import type { Db } from '../../db/client';

/**
 * The firm's performance over a range and each trader's beside it, read in one D1 batch from the
 * imported fills and funding (the minute cron imports every active account; this read imports
 * nothing, so the risk team's page costs one round however many accounts there are).
 * The firm counts every fill and funding payment once. A trader's are the fills of their own
 * orders plus their accounts' unattributed fills (made outside Meridian) and their accounts'
 * funding, as on their own Performance page: a shared account's unattributed fills and funding
 * therefore count for each of its traders, and the traders' lines may add up to more than the firm.
 */
const DAY = 86_400_000;

/** A subquery, not a CTE: a statement that starts with WITH counts as a write (db/d1-intercept.ts) and waits for the caller's check. */
const TRADER_FILLS = `(
  SELECT user_id AS trader, ts, realized_pnl, fee_usd, price, quantity FROM account_fills
  WHERE user_id IS NOT NULL AND ts >= ?1 AND ts < ?2
  UNION ALL
  SELECT a.user_id AS trader, f.ts, f.realized_pnl, f.fee_usd, f.price, f.quantity
  FROM account_fills f JOIN account_assignments a ON a.account_id = f.account_id
  WHERE f.user_id IS NULL AND f.ts >= ?1 AND f.ts < ?2) AS scoped`;

const TOTALS = `count(*) AS trades, coalesce(sum(realized_pnl <> 0), 0) AS closing, coalesce(sum(realized_pnl > 0), 0) AS wins,
  coalesce(sum(realized_pnl), 0) AS realized, coalesce(sum(fee_usd), 0) AS fees, coalesce(sum(price * quantity), 0) AS volume`;

const FUNDING = `kind = 'FUNDING_FEE' AND i.ts >= ?1 AND i.ts < ?2`;

interface TotalsRow {
  trades: number;
  closing: number;
  wins: number;
  realized: number;
  fees: number;
  volume: number;
}
type Results = [
  TotalsRow[],
  { day: number; trades: number; realized: number; fees: number }[],
  { day: number; amount: number }[],
  { id: string; name: string; email: string }[],
  (TotalsRow & { trader: string })[],
  { trader: string; day: number; realized: number; fees: number }[],
  { trader: string; day: number; amount: number }[],
  { simulated: number }[],
];

/** The statements of the read bound to the range (?1, ?2), in the batch's order around the traders' list. */
export const FIRM_RANGE_READS = {
  totals: `SELECT ${TOTALS} FROM account_fills WHERE ts >= ?1 AND ts < ?2`,
  days: `SELECT ts / ${DAY} AS day, count(*) AS trades, sum(realized_pnl) AS realized, sum(fee_usd) AS fees
      FROM account_fills WHERE ts >= ?1 AND ts < ?2 GROUP BY day`,
  funding: `SELECT i.ts / ${DAY} AS day, sum(i.amount_usd) AS amount FROM account_income i WHERE ${FUNDING} GROUP BY day`,
  traderTotals: `SELECT trader, ${TOTALS} FROM ${TRADER_FILLS} GROUP BY trader`,
  traderDays: `SELECT trader, ts / ${DAY} AS day, sum(realized_pnl) AS realized, sum(fee_usd) AS fees
      FROM ${TRADER_FILLS} GROUP BY trader, day`,
  traderFunding: `SELECT a.user_id AS trader, i.ts / ${DAY} AS day, sum(i.amount_usd) AS amount
      FROM account_income i JOIN account_assignments a ON a.account_id = i.account_id WHERE ${FUNDING} GROUP BY a.user_id, day`,
};

async function readAll(db: Db, from: number, to: number): Promise<Results> {
  const d1 = db.$client;
  const bind = (sql: string) => d1.prepare(sql).bind(from, to);
  const r = FIRM_RANGE_READS;
  const results = await d1.batch([
    bind(r.totals),
    bind(r.days),
    bind(r.funding),
    d1.prepare(`SELECT DISTINCT u.id, u.name, u.email FROM users u JOIN account_assignments a ON a.user_id = u.id`),
    bind(r.traderTotals),
    bind(r.traderDays),
    bind(r.traderFunding),
    d1.prepare(`SELECT EXISTS (SELECT 1 FROM exchange_accounts WHERE exchange = 'simulated' AND status = 'active') AS simulated`),
  ]);
  return results.map((r) => r.results) as unknown as Results;
}

const winRate = (wins: number, closing: number) => (closing > 0 ? wins / closing : null);

function totalsOf(t: TotalsRow | undefined, funding: number) {
  const r = t ?? { trades: 0, closing: 0, wins: 0, realized: 0, fees: 0, volume: 0 };
  return {
    trades: r.trades,
    closing: r.closing,
    wins: r.wins,
    winRate: winRate(r.wins, r.closing),
    realizedPnl: r.realized,
    fees: r.fees,
    funding,
    net: r.realized - r.fees + funding,
    volume: r.volume,
  };
}

/** A trader's net per day: fills' realized − fees, plus funding; oldest first. */
function traderDays(fills: Results[5], funding: Results[6], trader: string) {
  const net = new Map<number, number>();
  for (const f of fills) if (f.trader === trader) net.set(f.day, (net.get(f.day) ?? 0) + f.realized - f.fees);
  for (const f of funding) if (f.trader === trader) net.set(f.day, (net.get(f.day) ?? 0) + f.amount);
  return [...net].sort((a, b) => a[0] - b[0]).map(([day, value]) => ({ day: day * DAY, net: value }));
}

function firmDays(fills: Results[1], funding: Results[2]): DayPerformance[] {
  const rows = new Map<number, DayPerformance>();
  const row = (day: number) => {
    let r = rows.get(day);
    if (!r) rows.set(day, (r = { day: day * DAY, trades: 0, realizedPnl: 0, fees: 0, funding: 0, net: 0 }));
    return r;
  };
  for (const d of fills) Object.assign(row(d.day), { trades: d.trades, realizedPnl: d.realized, fees: d.fees });
  for (const d of funding) row(d.day).funding = d.amount;
  return [...rows.values()].map((d) => ({ ...d, net: d.realizedPnl - d.fees + d.funding })).sort((a, b) => a.day - b.day);
}

export async function firmPerformanceFor(db: Db, input: { from: number; to: number }): Promise<FirmPerformance> {
  const read = await readAll(db, input.from, input.to);
  const [firmTotals, firmFills, firmFunding, traders, traderTotals, traderFills, traderFunding, [sim]] = read;
  const fundingOf = new Map<string, number>();
  for (const f of traderFunding) fundingOf.set(f.trader, (fundingOf.get(f.trader) ?? 0) + f.amount);
  const totalsBy = new Map(traderTotals.map((t) => [t.trader, t]));
  const lines: TraderPerformance[] = traders.map((t) => ({
    traderId: t.id,
    name: t.name,
    email: t.email,
    ...totalsOf(totalsBy.get(t.id), fundingOf.get(t.id) ?? 0),
    days: traderDays(traderFills, traderFunding, t.id),
  }));
  return {
    from: input.from,
    to: input.to,
    totals: totalsOf(
      firmTotals[0],
      firmFunding.reduce((a, f) => a + f.amount, 0),
    ),
    days: firmDays(firmFills, firmFunding),
    traders: lines.sort((a, b) => Math.abs(b.net) - Math.abs(a.net) || a.name.localeCompare(b.name)),
    simulated: sim?.simulated === 1,
  };
}
