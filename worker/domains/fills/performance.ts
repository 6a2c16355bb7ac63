import type { DayPerformance, FillDto, FillsCursor, Performance, SymbolPerformance } from '../../contract/performance';
import type { Db } from '../../db/client';
import type { Position } from '../../exchanges/types';
import type { Session } from '../auth/access';
import { orderReaderTrader } from '../orders/orders';
import type { TradingSettings } from '../orders/orders';
import type { ExchangeAccountRow } from '../orders/order-types';
import { importFillsOf } from './fill-source';

/**
 * Performance over a range, per symbol and per UTC day, read in one D1 batch: a trader's fills
 * are the fills of their own orders plus the fills of their accounts that no Meridian order made
 * (placed on the exchange directly); funding and unrealized PnL are their accounts'. An account
 * not imported in the last IMPORT_FRESH_MS is imported first (the minute cron keeps them fresh).
 */
export const IMPORT_FRESH_MS = 10_000;
const DAY = 86_400_000;

/** The trader's fills in [from, to): their orders' (indexed by trader) and their accounts' unattributed ones. */
const SCOPED = `WITH scoped AS (
  SELECT * FROM account_fills WHERE user_id = ?1 AND ts >= ?2 AND ts < ?3
  UNION ALL
  SELECT f.* FROM account_fills f JOIN account_assignments a ON a.account_id = f.account_id AND a.user_id = ?1
  WHERE f.user_id IS NULL AND f.ts >= ?2 AND f.ts < ?3)`;

const ACCOUNTS_OF = `SELECT account_id FROM account_assignments WHERE user_id = ?1`;

interface SymbolRow {
  symbol: string;
  trades: number;
  closing: number;
  wins: number;
  realized: number;
  fees: number;
  best: number | null;
  worst: number | null;
  volume: number;
}

function readStatements(db: Db, traderId: string, from: number, to: number) {
  const d1 = db.$client;
  const bind = (sql: string) => d1.prepare(sql).bind(traderId, from, to);
  return [
    bind(`${SCOPED} SELECT symbol, count(*) AS trades, sum(realized_pnl <> 0) AS closing, sum(realized_pnl > 0) AS wins,
      sum(realized_pnl) AS realized, sum(fee_usd) AS fees, max(CASE WHEN realized_pnl <> 0 THEN realized_pnl END) AS best,
      min(CASE WHEN realized_pnl <> 0 THEN realized_pnl END) AS worst, sum(price * quantity) AS volume
      FROM scoped GROUP BY symbol`),
    bind(`${SCOPED} SELECT ts / ${DAY} AS day, count(*) AS trades, sum(realized_pnl) AS realized, sum(fee_usd) AS fees
      FROM scoped GROUP BY day`),
    bind(`SELECT coalesce(symbol, '') AS symbol, ts / ${DAY} AS day, sum(amount_usd) AS amount FROM account_income
      WHERE account_id IN (${ACCOUNTS_OF}) AND kind = 'FUNDING_FEE' AND ts >= ?2 AND ts < ?3 GROUP BY symbol, day`),
    d1
      .prepare(
        `SELECT l.positions AS positions, e.exchange AS exchange, e.id AS id, e.status AS status, e.email AS email,
      e.label AS label, e.created_at AS createdAt, e.last_snapshot_at AS lastSnapshotAt, e.last_error_at AS lastErrorAt,
      e.last_error AS lastError, (SELECT min(c.updated_at) FROM fill_cursors c WHERE c.account_id = e.id) AS imported,
      (SELECT max(o.received_at) FROM orders o WHERE o.account_id = e.id) AS lastOrderAt
      FROM exchange_accounts e JOIN account_assignments a ON a.account_id = e.id AND a.user_id = ?1
      LEFT JOIN account_latest l ON l.account_id = e.id`,
      )
      .bind(traderId),
  ];
}

type Results = [
  SymbolRow[],
  { day: number; trades: number; realized: number; fees: number }[],
  { symbol: string; day: number; amount: number }[],
  (ExchangeAccountRow & { positions: string | null; imported: number | null; lastOrderAt: number | null })[],
];

async function readAll(db: Db, traderId: string, from: number, to: number): Promise<Results> {
  const results = await db.$client.batch(readStatements(db, traderId, from, to));
  return results.map((r) => r.results) as unknown as Results;
}

const winRate = (wins: number, closing: number) => (closing > 0 ? wins / closing : null);

function assemble(input: { from: number; to: number }, [symbols, days, funding, accounts]: Results): Performance {
  const unrealized = new Map<string, number>();
  for (const a of accounts)
    for (const p of a.positions ? (JSON.parse(a.positions) as Position[]) : [])
      unrealized.set(p.symbol, (unrealized.get(p.symbol) ?? 0) + p.unrealizedPnl);
  const fundingBySymbol = new Map<string, number>();
  const fundingByDay = new Map<number, number>();
  for (const f of funding) {
    fundingBySymbol.set(f.symbol, (fundingBySymbol.get(f.symbol) ?? 0) + f.amount);
    fundingByDay.set(f.day, (fundingByDay.get(f.day) ?? 0) + f.amount);
  }
  const bySymbol = new Map<string, SymbolPerformance>();
  const row = (symbol: string): SymbolPerformance => {
    let r = bySymbol.get(symbol);
    if (!r) {
      r = {
        symbol,
        trades: 0,
        closing: 0,
        wins: 0,
        winRate: null,
        realizedPnl: 0,
        fees: 0,
        funding: 0,
        net: 0,
        unrealizedPnl: 0,
        bestTrade: null,
        worstTrade: null,
        volume: 0,
      };
      bySymbol.set(symbol, r);
    }
    return r;
  };
  for (const s of symbols)
    Object.assign(row(s.symbol), {
      trades: s.trades,
      closing: s.closing,
      wins: s.wins,
      winRate: winRate(s.wins, s.closing),
      realizedPnl: s.realized,
      fees: s.fees,
      bestTrade: s.best,
      worstTrade: s.worst,
      volume: s.volume,
    });
  for (const [symbol, amount] of fundingBySymbol) if (symbol) row(symbol).funding = amount;
  for (const [symbol, amount] of unrealized) row(symbol).unrealizedPnl = amount;
  const list = [...bySymbol.values()].map((r) => ({ ...r, net: r.realizedPnl - r.fees + r.funding }));
  const sum = (k: 'trades' | 'closing' | 'wins' | 'realizedPnl' | 'fees' | 'funding' | 'unrealizedPnl' | 'volume') =>
    list.reduce((a, r) => a + r[k], 0);
  // Funding without a symbol (none on USDⓈ-M, but the column allows it) still counts in the totals.
  const funding0 = fundingBySymbol.get('') ?? 0;
  const totals = {
    trades: sum('trades'),
    closing: sum('closing'),
    wins: sum('wins'),
    winRate: winRate(sum('wins'), sum('closing')),
    realizedPnl: sum('realizedPnl'),
    fees: sum('fees'),
    funding: sum('funding') + funding0,
    net: sum('realizedPnl') - sum('fees') + sum('funding') + funding0,
    unrealizedPnl: sum('unrealizedPnl'),
    volume: sum('volume'),
  };
  const dayRows = new Map<number, DayPerformance>();
  for (const d of days)
    dayRows.set(d.day, { day: d.day * DAY, trades: d.trades, realizedPnl: d.realized, fees: d.fees, funding: 0, net: 0 });
  for (const [day, amount] of fundingByDay) {
    const r = dayRows.get(day) ?? { day: day * DAY, trades: 0, realizedPnl: 0, fees: 0, funding: 0, net: 0 };
    r.funding = amount;
    dayRows.set(day, r);
  }
  const dayList = [...dayRows.values()]
    .map((d) => ({ ...d, net: d.realizedPnl - d.fees + d.funding }))
    .sort((a, b) => a.day - b.day);
  const imports = accounts.filter((a) => a.status === 'active').map((a) => a.imported);
  return {
    from: input.from,
    to: input.to,
    totals,
    symbols: list.sort((a, b) => Math.abs(b.net) - Math.abs(a.net) || a.symbol.localeCompare(b.symbol)),
    days: dayList,
    importedAt: imports.length === 0 || imports.some((t) => t === null) ? null : Math.min(...(imports as number[])),
    simulated: accounts.some((a) => a.exchange === 'simulated'),
  };
}

/**
 * An account is imported again when its last import is older than IMPORT_FRESH_MS, or when an order
 * was placed on it since (the trader who just traded sees that fill, not the one before it).
 */
function importDue(a: { imported: number | null; lastOrderAt: number | null }, now: number) {
  if (a.imported === null || now - a.imported > IMPORT_FRESH_MS) return true;
  return a.lastOrderAt !== null && a.lastOrderAt >= a.imported;
}

export async function performanceFor(
  db: Db,
  trading: TradingSettings,
  session: Session,
  input: { from: number; to: number; traderId?: string },
  now = Date.now(),
): Promise<Performance> {
  const traderId = orderReaderTrader(session, input.traderId);
  const read = await readAll(db, traderId, input.from, input.to);
  const stale = read[3].filter((a) => a.status === 'active' && importDue(a, now));
  if (stale.length === 0) return assemble(input, read);
  // The accounts as the read found them (no second read): import, then read again.
  await importFillsOf(db, stale, trading, now);
  return assemble(input, await readAll(db, traderId, input.from, input.to));
}

/**
 * A page of the trader's fills, newest first: the range's end is pulled in to the cursor so the
 * trader-and-time index bounds the read, and fills sharing the cursor's time go by id.
 */
export const FILLS_PAGE = `${SCOPED} SELECT s.id, e.email AS accountEmail, s.order_id AS orderId, s.symbol, s.side, s.price,
  s.quantity, s.fee, s.fee_asset AS feeAsset, s.fee_usd AS feeUsd, s.realized_pnl AS realizedPnl, s.maker, s.ts
  FROM scoped s JOIN exchange_accounts e ON e.id = s.account_id
  WHERE s.ts < ?5 OR (s.ts = ?5 AND s.id < ?6) ORDER BY s.ts DESC, s.id DESC LIMIT ?4`;

/** FILLS_PAGE's parameters: with no cursor, every fill of the range passes its cursor test. */
export function fillsPageBinds(traderId: string, input: { from: number; to: number; limit: number; before?: FillsCursor }) {
  const { from, to, limit, before } = input;
  if (!before) return [traderId, from, to, limit, to, ''] as const;
  return [traderId, from, Math.min(to, before.ts + 1), limit, before.ts, before.id] as const;
}

/** The trader's fills over the range, newest first, one page (the fills table and its CSV): one D1 call. */
export async function fillsFor(
  db: Db,
  session: Session,
  input: { from: number; to: number; traderId?: string; limit: number; before?: FillsCursor },
): Promise<FillDto[]> {
  const traderId = orderReaderTrader(session, input.traderId);
  const { results } = await db.$client
    .prepare(FILLS_PAGE)
    .bind(...fillsPageBinds(traderId, input))
    .all<Omit<FillDto, 'maker'> & { maker: number }>();
  return results.map((r) => ({ ...r, maker: r.maker === 1 }));
}
