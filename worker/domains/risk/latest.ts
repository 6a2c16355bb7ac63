import type { TraderLatest } from '../../contract/risk';
import type { Db } from '../../db/client';
import { batchReads } from '../../db/batch-reads';
import type { BatchResponse } from 'drizzle-orm/batch';
import {
  accountsOf,
  deskFrom,
  deskQueries,
  peaksFrom,
  traderPeaksQuery,
  type Desk,
  type DeskAccount,
  type DeskTrader,
} from './desk';
import { largestShare, rangesOf, traderExposure, type TraderExposure } from './exposure-model';
import { drawdownFromPeak } from './metrics';
import { openBreachesFrom, openBreachesQuery } from './breaches';
import { storedFrom, storedOrReads, STORED } from './stored-state';

const DAY = 86_400_000;
export const PEAK_WINDOW_MS = 30 * DAY;

interface Totals {
  equity: number;
  dayPnl: number;
  upnl: number;
  notional: number;
  leverage: number | null;
  lastUpdate: number | null;
}

function totalsOf(accounts: DeskAccount[]): Totals {
  let equity = 0;
  let dayPnl = 0;
  let upnl = 0;
  let notional = 0;
  let futures = 0;
  let lastUpdate: number | null = null;
  for (const a of accounts) {
    if (!a.metrics) continue;
    equity += a.metrics.totalBalance;
    dayPnl += a.metrics.totalBalance - (a.dayOpen ?? a.metrics.totalBalance);
    upnl += a.metrics.totalUpnl;
    notional += a.metrics.notional;
    futures += a.metrics.futuresBalance;
    lastUpdate = Math.max(lastUpdate ?? 0, a.ts ?? 0);
  }
  // Leverage as the accounts define it: notional over futures margin balance (docs/PRODUCT-RULES.md §7).
  return { equity, dayPnl, upnl, notional, leverage: futures > 0 ? notional / futures : null, lastUpdate };
}

export interface TraderState {
  trader: DeskTrader;
  accounts: DeskAccount[];
  totals: Totals;
  exposure: TraderExposure;
}

/** Every trader's current state and the exposure their limits are checked against. */
export function traderStates(desk: Desk, peaks: Map<string, number>): TraderState[] {
  return desk.traders.map((trader) => {
    const accounts = accountsOf(desk, trader);
    const totals = totalsOf(accounts);
    const peak = Math.max(peaks.get(trader.id) ?? 0, totals.equity);
    const futures = accounts.reduce((a, x) => a + (x.metrics?.futuresBalance ?? 0), 0);
    const positions = accounts.flatMap((a) => rangesOf(a.id, a.positions));
    return { trader, accounts, totals, exposure: traderExposure(futures, positions, drawdownFromPeak(totals.equity, peak)) };
  });
}

/** loadTraderStates' reads, unawaited (for a batch): the desk's two and the traders' peaks. */
export const traderStatesQueries = (db: Db, now: number, traderId?: string) =>
  [...deskQueries(db, now, traderId), traderPeaksQuery(db, now - PEAK_WINDOW_MS, traderId)] as const;

type StatesRows = BatchResponse<ReturnType<typeof traderStatesQueries>>;

/** The desk and every trader's state from traderStatesQueries' rows. */
export function traderStatesFrom([traderRows, accountRows, peakRows]: StatesRows) {
  const desk = deskFrom(traderRows, accountRows);
  return { desk, states: traderStates(desk, peaksFrom(peakRows)) };
}

export async function loadTraderStates(db: Db, now: number, traderId?: string) {
  return traderStatesFrom(await batchReads(db, traderStatesQueries(db, now, traderId)));
}

export function toLatest(s: TraderState, breaches: TraderLatest['breaches']): TraderLatest {
  return {
    traderId: s.trader.id,
    name: s.trader.name,
    email: s.trader.email,
    accounts: s.accounts.length,
    equity: s.totals.equity,
    dayPnl: s.totals.dayPnl,
    upnl: s.totals.upnl,
    leverage: s.totals.leverage,
    notional: s.totals.notional,
    drawdown: s.exposure.drawdown,
    largestPositionShare: largestShare(s.exposure)?.share ?? 0,
    lastUpdate: s.totals.lastUpdate,
    breaches,
  };
}

/** The desk as getAllTradersLatestMetrics shows it, without the breaches (read live). */
export interface DeskSnapshot {
  firm: Totals;
  traders: Omit<TraderLatest, 'breaches'>[];
}

/** Every trader's row plus the firm's total (each account once). */
export function deskSnapshot(desk: Desk, states: TraderState[]): DeskSnapshot {
  const firm = totalsOf(
    [...new Set(desk.traders.flatMap((t) => t.accountIds))].map((id) => desk.accounts.get(id)!).filter(Boolean),
  );
  return { firm, traders: states.map((s) => toLatest(s, [])).map(({ breaches: _breaches, ...row }) => row) };
}

const snapshotOf = (desk: Desk, peaks: Map<string, number>) => deskSnapshot(desk, traderStates(desk, peaks));

/** Computes the desk state from the accounts' latest rows (what the evaluation does). */
export async function computeDeskSnapshot(db: Db, now: number): Promise<DeskSnapshot> {
  const { desk, states } = await loadTraderStates(db, now);
  return deskSnapshot(desk, states);
}

/**
 * getAllTradersLatestMetrics: the desk state of the newest evaluation (the snapshot ages are
 * computed by the reader from each row's lastUpdate against `ts`), with the breaches open now.
 * One D1 call either way: the stored state, or, only when none is fresh (the first minute after a
 * deploy, a stalled cron), computeDeskSnapshot's reads, in one batch with the breaches' read.
 */
export async function allTradersLatest(db: Db, now = Date.now()) {
  const stored = storedOrReads(STORED.latest, now);
  const [state, traderRows, accountRows, peakRows, openRows] = await batchReads(db, [
    stored.read(db),
    ...deskQueries(db, now, undefined, stored.gate),
    traderPeaksQuery(db, now - PEAK_WINDOW_MS, undefined, stored.gate),
    openBreachesQuery(db),
  ]);
  const fresh = storedFrom<DeskSnapshot>(state);
  const snapshot = fresh?.value ?? snapshotOf(deskFrom(traderRows, accountRows), peaksFrom(peakRows));
  return { ts: now, asOf: fresh?.computedAt ?? now, ...withBreaches(snapshot, openBreachesFrom(openRows)) };
}

/** The desk's rows as getAllTradersLatestMetrics answers them: each with its open breaches. */
export function withBreaches(snapshot: DeskSnapshot, open: Map<string, TraderLatest['breaches']>) {
  return { firm: snapshot.firm, traders: snapshot.traders.map((t) => ({ ...t, breaches: open.get(t.traderId) ?? [] })) };
}
