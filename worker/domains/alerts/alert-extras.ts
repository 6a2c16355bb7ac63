import type { Db } from '../../db/client';
import type { ExchangeKind } from '../../contract/enums';
import type { Position } from '../../exchanges/types';
import { logError } from '../../lib/log';
import type { Extras, ExtraMetric } from './evaluate';

/**
 * The alert values a snapshot's figures do not hold, computed only for the accounts with a rule on
 * them: the held symbol's funding rate of largest size (% per interval, signed: positive, longs
 * pay), and today's (UTC) realized loss net of fees and funding (USD, 0 on a winning day) from the
 * imported fills and funding. Each position's distance to liquidation (% of its mark) is judged per
 * position (position-alerts.ts).
 */
export interface ExtrasWanted {
  accountId: string;
  exchange: ExchangeKind;
  metrics: Set<ExtraMetric>;
  positions: Position[] | undefined;
}

/** The exchange's current funding rates of some symbols (ExchangeAdapter.getFundingRates). */
export type FundingRates = (exchange: ExchangeKind, symbols: string[]) => Promise<Record<string, number>>;

const DAY = 86_400_000;

/** Each position's distance to its liquidation price, as a % of its mark (positions without one left out). */
export function liquidationDistances(positions: Position[]): { value: number; symbol: string }[] {
  return positions
    .filter((p) => p.liquidationPrice && p.liquidationPrice > 0 && p.markPrice > 0 && p.size !== 0)
    .map((p) => ({ value: (Math.abs(p.markPrice - p.liquidationPrice!) / p.markPrice) * 100, symbol: p.symbol }));
}

/** Of the held symbols, the one whose funding rate is largest in size, in % (signed). */
export function largestFunding(positions: Position[], rates: Record<string, number>) {
  let largest: { value: number; symbol: string } | null = null;
  for (const p of positions) {
    const rate = rates[p.symbol];
    if (p.size === 0 || rate === undefined) continue;
    if (!largest || Math.abs(rate * 100) > Math.abs(largest.value)) largest = { value: rate * 100, symbol: p.symbol };
  }
  return largest;
}

async function dailyLosses(db: Db, accountIds: string[], now: number): Promise<Map<string, number>> {
  const net = new Map<string, number>(accountIds.map((id) => [id, 0]));
  if (accountIds.length === 0) return net;
  const day = Math.floor(now / DAY) * DAY;
  const d1 = db.$client;
  for (let i = 0; i < accountIds.length; i += 90) {
    const ids = accountIds.slice(i, i + 90);
    const marks = ids.map((_, j) => `?${j + 2}`).join(', ');
    const [fills, funding] = await d1.batch<{ account_id: string; amount: number }>([
      d1
        .prepare(
          `SELECT account_id, sum(realized_pnl - fee_usd) AS amount FROM account_fills WHERE ts >= ?1 AND account_id IN (${marks}) GROUP BY account_id`,
        )
        .bind(day, ...ids),
      d1
        .prepare(
          `SELECT account_id, sum(amount_usd) AS amount FROM account_income WHERE kind = 'FUNDING_FEE' AND ts >= ?1 AND account_id IN (${marks}) GROUP BY account_id`,
        )
        .bind(day, ...ids),
    ]);
    for (const r of [...fills!.results, ...funding!.results]) net.set(r.account_id, (net.get(r.account_id) ?? 0) + r.amount);
  }
  return new Map([...net].map(([id, n]) => [id, Math.max(0, -n)]));
}

export async function alertExtras(
  db: Db,
  wanted: ExtrasWanted[],
  fundingRates: FundingRates | undefined,
  now: number,
): Promise<Map<string, Extras>> {
  const out = new Map<string, Extras>(wanted.map((w) => [w.accountId, {}]));
  const losses = await dailyLosses(
    db,
    wanted.filter((w) => w.metrics.has('dailyRealizedLoss')).map((w) => w.accountId),
    now,
  );
  for (const [id, value] of losses) out.get(id)!.dailyRealizedLoss = { value, symbol: null };
  // One funding read per exchange for every held symbol of the accounts that watch it.
  const funding = wanted.filter((w) => w.metrics.has('fundingRate') && w.positions?.length);
  const byExchange = new Map<ExchangeKind, Set<string>>();
  for (const w of funding)
    for (const p of w.positions!)
      (byExchange.get(w.exchange) ?? byExchange.set(w.exchange, new Set()).get(w.exchange)!).add(p.symbol);
  const rates = new Map<ExchangeKind, Record<string, number>>();
  for (const [exchange, symbols] of byExchange) {
    if (!fundingRates) break;
    try {
      rates.set(exchange, await fundingRates(exchange, [...symbols]));
    } catch (error) {
      // No rate, no evaluation this time: the rule keeps its state and is checked at the next snapshot.
      logError(`funding rates for alerts (${exchange})`, error);
    }
  }
  for (const w of wanted) {
    const extras = out.get(w.accountId)!;
    const r = rates.get(w.exchange);
    if (w.metrics.has('fundingRate') && w.positions && r) {
      const largest = largestFunding(w.positions, r);
      if (largest) extras.fundingRate = largest;
    }
  }
  return out;
}
