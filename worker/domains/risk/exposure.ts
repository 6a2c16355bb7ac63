import type { Db } from '../../db/client';
import { stressShocks } from '../../contract/risk';
import { accountsOf, loadDesk, netBySymbol, type DeskAccount } from './desk';

export const BTC_SYMBOLS = new Set(['BTCUSDT', 'BTCUSD', 'BTCUSDC']);

/** The move of `symbol` for a BTC shock: BTC moves by the shock, every alt by beta × the shock. */
export function shockFor(symbol: string, btcShock: number, altBeta: number) {
  return BTC_SYMBOLS.has(symbol) ? btcShock : btcShock * altBeta;
}

/** PnL of a signed notional (long +, short −) under each shock: a linear book, mark × (1 + move). */
export function stressPnl(signedNotional: number, symbol: string, shocks: readonly number[], altBeta: number) {
  return shocks.map((s) => signedNotional * shockFor(symbol, s, altBeta));
}

const sumColumns = (rows: number[][], width: number) =>
  Array.from({ length: width }, (_, i) => rows.reduce((a, r) => a + r[i]!, 0));

/**
 * Net exposure by symbol across the firm, concentration, and the stress grid from current
 * positions. The firm counts each account once (an account shared by two traders is in both
 * traders' rows), so firm = Σ positions, and = Σ traders when no account is shared.
 */
export async function riskExposure(db: Db, altBeta: number, now = Date.now()) {
  const desk = await loadDesk(db, now);
  const held = new Set(desk.traders.flatMap((t) => t.accountIds));
  const accounts = [...desk.accounts.values()].filter((a) => held.has(a.id));
  const bySymbol = new Map<string, { long: number; short: number }>();
  for (const a of accounts)
    for (const p of a.positions) {
      const s = bySymbol.get(p.symbol) ?? { long: 0, short: 0 };
      if (p.side === 'LONG') s.long += p.notional;
      else s.short += p.notional;
      bySymbol.set(p.symbol, s);
    }
  const symbols = [...bySymbol]
    .map(([symbol, s]) => ({ symbol, ...s, net: s.long - s.short }))
    .sort((a, b) => Math.abs(b.net) - Math.abs(a.net));
  const gross = symbols.reduce((a, s) => a + s.long + s.short, 0);
  const bySymbolGross = [...symbols].sort((a, b) => b.long + b.short - (a.long + a.short))[0];
  const traderGross = desk.traders
    .map((t) => ({
      name: t.name,
      gross: accountsOf(desk, t).reduce((a, x) => a + x.positions.reduce((b, p) => b + p.notional, 0), 0),
    }))
    .sort((a, b) => b.gross - a.gross)[0];

  const positionRows = accounts.flatMap((a: DeskAccount) =>
    a.positions.map((p) => {
      const notional = p.side === 'LONG' ? p.notional : -p.notional;
      return { accountId: a.id, symbol: p.symbol, notional, pnl: stressPnl(notional, p.symbol, stressShocks, altBeta) };
    }),
  );
  const traders = desk.traders.map((t) => {
    const net = netBySymbol(accountsOf(desk, t));
    const rows = Object.entries(net).map(([symbol, n]) => stressPnl(n, symbol, stressShocks, altBeta));
    return { traderId: t.id, name: t.name, pnl: sumColumns(rows, stressShocks.length) };
  });
  return {
    ts: now,
    symbols,
    concentration: {
      largestSymbol: bySymbolGross?.symbol ?? null,
      largestSymbolShare: gross > 0 && bySymbolGross ? (bySymbolGross.long + bySymbolGross.short) / gross : 0,
      largestTrader: traderGross && traderGross.gross > 0 ? traderGross.name : null,
      largestTraderShare: gross > 0 && traderGross ? traderGross.gross / gross : 0,
      gross,
    },
    stress: {
      shocks: [...stressShocks],
      altBeta,
      traders,
      firm: sumColumns(
        positionRows.map((p) => p.pnl),
        stressShocks.length,
      ),
      positions: positionRows,
    },
  };
}
