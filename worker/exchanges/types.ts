import type { ExchangeKind } from '../contract/enums';

/** What the platform needs from an exchange: sub-accounts, one account's state, and mark prices. */

export interface SubAccount {
  email: string;
  label?: string;
  frozen: boolean;
  /** ms since epoch */
  createdAt?: number;
}

export type PositionSide = 'LONG' | 'SHORT';

export interface Position {
  symbol: string;
  side: PositionSide;
  /** Absolute quantity in the base asset. */
  size: number;
  entryPrice: number;
  markPrice: number;
  liquidationPrice: number | null;
  /** The configured initial leverage of the symbol, not the account's effective leverage. */
  leverage: number;
  /** USD */
  unrealizedPnl: number;
  /** |size × mark|, USD */
  notional: number;
  /** notional ÷ leverage, USD */
  margin: number;
}

export interface SpotBalance {
  asset: string;
  free: number;
  locked: number;
  usdValue: number;
}

export interface AccountSnapshot {
  email: string;
  /** ms since epoch */
  takenAt: number;
  futures: {
    usdtM: {
      walletBalance: number;
      marginBalance: number;
      unrealizedPnl: number;
      initialMargin: number;
      maintenanceMargin: number;
    };
    coinM: { walletBalanceUsd: number; marginBalanceUsd: number; unrealizedPnlUsd: number };
  };
  positions: Position[];
  spot: { totalUsd: number; balances: SpotBalance[] };
  btcPrice: number;
}

/** Last rate-limit weights the exchange reported (null until seen); for the health display. */
export interface UsedWeight {
  sapiIp: number | null;
  sapiUid: number | null;
  api: number | null;
  futures: number | null;
  /** ms since epoch of the last response that carried a weight header */
  at: number | null;
}

export interface SnapshotOptions {
  spot?: SpotBalance[];
}

export interface ExchangeAdapter {
  readonly kind: ExchangeKind;
  /** Every sub-account of the master account (all pages). */
  listSubAccounts(): Promise<SubAccount[]>;
  /**
   * One account's state. With `spot`, the spot balances are not read again: these (from an earlier
   * read) are re-priced instead, which spares the exchange's weight budget.
   */
  getAccountSnapshot(email: string, options?: SnapshotOptions): Promise<AccountSnapshot>;
  /** Futures mark prices keyed by symbol (e.g. BTCUSDT); all symbols when none are given. */
  getMarkPrices(symbols?: string[]): Promise<Record<string, number>>;
  /**
   * The current funding rate of each given futures symbol (a fraction per funding interval:
   * 0.0001 = 0.01 %), keyed by symbol; a symbol without one is left out. Alerts on funding read it.
   */
  getFundingRates(symbols: string[]): Promise<Record<string, number>>;
  lastUsedWeight(): UsedWeight;
}
