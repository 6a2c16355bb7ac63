import { sql } from 'drizzle-orm';
import { PRE_TRADE_LIMIT_KINDS, type RiskLimitKind } from '../../contract/enums';
import type { Db } from '../../db/client';
import type { RiskCheckRecord } from '../../db/schema/orders';
import { SIM_ORDER_LEVERAGE } from '../../exchanges/simulated/fills';
import { deskFrom, deskQueries, peaksFrom, traderPeaksQuery, type Desk } from '../risk/desk';
import { PEAK_WINDOW_MS, traderStates } from '../risk/latest';
import { limitsQuery, limitTableFrom, type LimitTable } from '../risk/limit-store';
import {
  effectiveLimits,
  evaluateFirmLimits,
  evaluateTraderLimits,
  exposureAfterOrder,
  leverageOf,
  type LimitViolation,
} from '../risk/limits';

/**
 * The firm's net exposure in one symbol (Σ signed notionals of every account's latest positions,
 * as the risk evaluation's netBySymbol over the whole desk), summed in D1.
 */
export async function firmNetIn(db: Db, symbol: string): Promise<number> {
  return firmNetFrom(await firmNetQuery(db, symbol));
}

const firmNetQuery = (db: Db, symbol: string) =>
  db.all<{ net: number | null }>(sql`
    SELECT sum(CASE json_extract(p.value, '$.side') WHEN 'LONG' THEN 1 ELSE -1 END * json_extract(p.value, '$.notional')) AS net
    FROM account_latest l JOIN exchange_accounts ea ON ea.id = l.account_id, json_each(l.positions) p
    WHERE json_extract(p.value, '$.symbol') = ${symbol}`);
const firmNetFrom = (rows: { net: number | null }[]) => rows[0]?.net ?? 0;

/** What the pre-trade check reads: only the trader's own accounts, and the firm's net in the one symbol. */
export interface PreTradeData {
  desk: Desk;
  peaks: Map<string, number>;
  limits: LimitTable;
  firmNet: number;
}

/**
 * The check's reads, unawaited, so the order path puts them in its one db.batch (the check itself does no I/O); preTradeDataFrom
 * turns the batch's answers back into PreTradeData.
 */
export function preTradeQueries(db: Db, traderId: string, symbol: string, now: number) {
  return [
    ...deskQueries(db, now, traderId),
    traderPeaksQuery(db, now - PEAK_WINDOW_MS, traderId),
    limitsQuery(db),
    firmNetQuery(db, symbol),
  ] as const;
}

type Settled<T> = { -readonly [K in keyof T]: Awaited<T[K]> };
type PreTradeRows = Settled<ReturnType<typeof preTradeQueries>>;

export function preTradeDataFrom([traders, accounts, peaks, limits, firmNet]: PreTradeRows): PreTradeData {
  return { desk: deskFrom(traders, accounts), peaks: peaksFrom(peaks), limits: limitTableFrom(limits), firmNet: firmNetFrom(firmNet) };
}

const PRE_TRADE = new Set<RiskLimitKind>(PRE_TRADE_LIMIT_KINDS);
const key = (v: LimitViolation) => `${v.kind}:${v.symbol ?? ''}`;

export interface PreTradeInput {
  traderId: string;
  accountId: string;
  symbol: string;
  /** USD at the mark, buy +, sell − */
  signedNotional: number;
  now: number;
}

export interface PreTradeResult extends RiskCheckRecord {
  /** the account's position in the symbol, signed base units, before the order */
  accountPosition: number;
}

/**
 * The risk team's own limits and evaluation (domains/risk/limits.ts) on the exposure the order
 * would leave. An order is refused when it takes a limit over, or further over: a limit already
 * crossed by the book does not stop an order that does not add to it.
 */
export function evaluatePreTrade(data: PreTradeData, input: PreTradeInput): PreTradeResult {
  const { desk, peaks, limits, firmNet: firmBeforeNet } = data;
  const trader = desk.traders.find((t) => t.id === input.traderId);
  const account = desk.accounts.get(input.accountId);
  const position = account?.positions.find((p) => p.symbol === input.symbol);
  const accountPosition = position ? (position.side === 'LONG' ? position.size : -position.size) : 0;
  const exposure = trader
    ? traderStates({ traders: [trader], accounts: desk.accounts }, peaks)[0]!.exposure
    : { equity: 0, notional: 0, drawdown: 0, positions: {} };
  const after = exposureAfterOrder(exposure, input.symbol, input.signedNotional);
  const accountNotionalAfter = Math.abs(
    (position ? (position.side === 'LONG' ? 1 : -1) * position.notional : 0) + input.signedNotional,
  );
  const summary = {
    leverage: Number.isFinite(leverageOf(after)) ? leverageOf(after) : null,
    positionNotional: Math.abs(after.positions[input.symbol] ?? 0),
    margin: accountNotionalAfter / (position?.leverage ?? SIM_ORDER_LEVERAGE),
  };

  const limitSet = effectiveLimits(limits.firm, limits.byTrader.get(input.traderId));
  const before = new Map(evaluateTraderLimits(exposure, limitSet).map((v) => [key(v), v.value]));
  const firmAfter = { [input.symbol]: firmBeforeNet + input.signedNotional };
  const firmBeforeValue = Math.abs(firmBeforeNet);
  const crossed = [
    ...evaluateTraderLimits(after, limitSet).filter((v) => PRE_TRADE.has(v.kind) && v.value > (before.get(key(v)) ?? -Infinity)),
    ...evaluateFirmLimits(firmAfter, limits.firm).filter((v) => v.symbol === input.symbol && v.value > firmBeforeValue),
  ];
  const worst = crossed[0];
  if (!worst) return { passed: true, after: summary, accountPosition };
  return {
    passed: false,
    limit: worst.kind,
    symbol: worst.symbol,
    value: worst.value,
    limitValue: worst.limit,
    after: summary,
    accountPosition,
  };
}

const LABELS: Record<string, string> = {
  maxLeverage: 'Max leverage',
  maxPositionNotional: 'Max position notional',
  maxPositionShare: 'Max share of one position',
  maxSymbolNetExposure: 'Firm net exposure limit',
};

function format(kind: string, n: number) {
  if (kind === 'maxLeverage') return `${n.toFixed(2)}×`;
  if (kind === 'maxPositionShare') return `${(n * 100).toFixed(1)} %`;
  return `$${Math.round(n).toLocaleString('en-US')}`;
}

/** "Max leverage 5.00× would be crossed by 2.20× (7.20× after this order)". */
export function refusalMessage(r: RiskCheckRecord): string {
  if (r.limit === 'tradingOff') return 'Trading is off for you: the risk team has stopped new orders';
  const kind = r.limit ?? '';
  const over = (r.value ?? 0) - (r.limitValue ?? 0);
  const on = r.symbol && kind !== 'maxLeverage' ? ` on ${r.symbol}` : '';
  return `${LABELS[kind] ?? kind} ${format(kind, r.limitValue ?? 0)}${on} would be crossed by ${format(kind, over)} (${format(kind, r.value ?? 0)} after this order)`;
}
