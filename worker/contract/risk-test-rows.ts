import type { TraderLatest } from './risk';

/**
 * A desk row for tests, on both sides of the wire (the worker's diffDesk, the web's applyDeskPatch):
 * one account of 1,000 at leverage 1, flat, no breach, with the given fields. Only tests import it.
 */
export const traderRow = (traderId: string, over: Partial<TraderLatest> = {}): TraderLatest => ({
  traderId,
  name: `Trader ${traderId}`,
  email: `${traderId}@patch.test`,
  accounts: 1,
  equity: 1000,
  dayPnl: 0,
  upnl: 0,
  leverage: 1,
  notional: 1000,
  drawdown: 0,
  largestPositionShare: 1,
  lastUpdate: 1,
  breaches: [],
  ...over,
});
