import type { Db } from '../../db/client';
import type { VenueFill } from '../../exchanges/fill-history';
import {
  HISTORY_PAGE,
  TRADES_WINDOW_MS,
  type BinanceTrade,
  type BinanceTradeHistory,
} from '../../exchanges/binance/trade-history';
import { batchReads } from '../../db/batch-reads';
import { FUNDING_INTERVAL_MS, simFilledRowsQuery, simFillOf, simFundingBetween } from '../../exchanges/simulated/sim-history';
import type { ExchangeAccountRow } from '../orders/order-types';
import { cursorsQuery, isStable, readCursors, writePage } from './fill-writes';

/**
 * Imports an account's fills, funding and fees, incrementally and exactly once: each stream keeps
 * a cursor per account (fill_cursors); each page is written with its cursor in one transaction;
 * every fill and income row is stored under the exchange's own id, so an import that runs twice at
 * once, or again after a crash, stores nothing twice and skips nothing.
 */

/**
 * A first import reaches this far back: as far as Binance's income history goes (3 months; userTrades
 * keep 6), since the income's commissions name the symbols whose trades are read.
 */
export const FIRST_IMPORT_MS = 90 * 24 * 3_600_000;

export type FillSource =
  { kind: 'simulated' } | { kind: 'binance'; history: BinanceTradeHistory; usdPrice: (asset: string) => Promise<number> };

export interface ImportCount {
  fills: number;
  income: number;
}

export async function importAccountFills(
  db: Db,
  account: ExchangeAccountRow,
  source: FillSource,
  now = Date.now(),
): Promise<ImportCount> {
  if (source.kind === 'simulated') return importSimulated(db, account, now);
  return importBinance(db, account, source, await readCursors(db, account.id), now);
}

/**
 * The simulated venue: one read (the cursors and every filled row of the account), one write (the
 * fills after the cursor, the funding since its cursor, both cursors), so a performance read that
 * imports first stays short.
 */
async function importSimulated(db: Db, account: ExchangeAccountRow, now: number) {
  const [cursorRows, rows] = await batchReads(db, [cursorsQuery(db, account.id), simFilledRowsQuery(db, account.email)]);
  const cursors = Object.fromEntries(cursorRows.map((r) => [r.stream, r.cursor]));
  const after = cursors.sim ?? 0;
  const fills = rows.filter((r) => r.fillSeq! > after).map((r) => simFillOf(account.email, r));
  const from = cursors.funding ?? now - FIRST_IMPORT_MS;
  const last = Math.floor(now / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
  const income = last > from ? simFundingBetween(account.email, rows, from, last) : [];
  const moved: Record<string, number> = {};
  if (fills.length > 0) moved.sim = rows.at(-1)!.fillSeq!;
  if (last > from) moved.funding = last;
  if (Object.keys(moved).length > 0) await writePage(db, account.id, { fills, income, cursors: moved }, now);
  return { fills: fills.length, income: income.length };
}

/**
 * Binance: income first, page by page (funding is stored; commissions and realized PnL name the
 * symbols that traded). A page's symbols have their trades imported before the page's income
 * cursor moves, so a failure leaves the page to be read again: no symbol's trades are skipped.
 */
async function importBinance(
  db: Db,
  account: ExchangeAccountRow,
  source: Extract<FillSource, { kind: 'binance' }>,
  cursors: Record<string, number>,
  now: number,
) {
  const count: ImportCount = { fills: 0, income: 0 };
  let start = cursors.income ?? now - FIRST_IMPORT_MS;
  for (;;) {
    const page = await source.history.income(start, HISTORY_PAGE);
    const firstTrade = new Map<string, number>();
    for (const row of page)
      if (row.symbol && (row.kind === 'COMMISSION' || row.kind === 'REALIZED_PNL') && !firstTrade.has(row.symbol))
        firstTrade.set(row.symbol, row.ts);
    // The cursors move in memory too: a later page's symbols read on from where this one stopped
    // (re-reading every trade from the page's first on was quadratic in a first import: bench/fills.mjs).
    for (const [symbol, at] of firstTrade) {
      const done = await importTrades(db, account, source, symbol, cursors[`trades:${symbol}`], at, now);
      count.fills += done.imported;
      if (done.next !== undefined) cursors[`trades:${symbol}`] = done.next;
    }
    const funding = page.filter((r) => r.kind === 'FUNDING_FEE');
    const last = page.at(-1)?.ts ?? start;
    // Re-read from the last row's time (inclusive: rows share milliseconds); a full page of one instant moves on.
    const next = page.length === HISTORY_PAGE && last === start ? start + 1 : last;
    await writePage(db, account.id, { income: funding, cursors: { income: next } }, now);
    count.income += funding.length;
    if (page.length < HISTORY_PAGE) break;
    start = next;
  }
  return count;
}

/** One symbol's trades after its cursor (the next trade id), or, the first time, from when it traded. */
async function importTrades(
  db: Db,
  account: ExchangeAccountRow,
  source: Extract<FillSource, { kind: 'binance' }>,
  symbol: string,
  cursor: number | undefined,
  tradedAt: number,
  now: number,
): Promise<{ imported: number; next: number | undefined }> {
  let imported = 0;
  let fromId = cursor;
  // No trade seen yet: 7-day windows (Binance's maximum) from shortly before the first income row.
  for (let t = Math.max(tradedAt - 60_000, now - FIRST_IMPORT_MS); fromId === undefined && t <= now; t += TRADES_WINDOW_MS) {
    const trades = await source.history.userTrades(symbol, { startTime: t, endTime: Math.min(now, t + TRADES_WINDOW_MS - 1) });
    if (trades.length === 0) continue;
    imported += await writeTrades(db, account, source, symbol, trades, now);
    fromId = trades.at(-1)!.id + 1;
  }
  for (let full = fromId !== undefined; full;) {
    const trades = await source.history.userTrades(symbol, { fromId: fromId! });
    imported += await writeTrades(db, account, source, symbol, trades, now);
    if (trades.length > 0) fromId = trades.at(-1)!.id + 1;
    full = trades.length === HISTORY_PAGE;
  }
  return { imported, next: fromId };
}

async function writeTrades(
  db: Db,
  account: ExchangeAccountRow,
  source: Extract<FillSource, { kind: 'binance' }>,
  symbol: string,
  trades: BinanceTrade[],
  now: number,
): Promise<number> {
  if (trades.length === 0) return 0;
  const prices = new Map<string, number>();
  for (const asset of new Set(trades.map((t) => t.feeAsset)))
    prices.set(asset, isStable(asset) ? 1 : await source.usdPrice(asset));
  const fills: VenueFill[] = trades.map(({ id: _id, ...t }) => ({ ...t, feeUsd: t.fee * prices.get(t.feeAsset)! }));
  await writePage(db, account.id, { fills, cursors: { [`trades:${symbol}`]: trades.at(-1)!.id + 1 } }, now);
  return fills.length;
}
