import type { AccountSnapshot, ExchangeAdapter, SubAccount, UsedWeight } from '../types';
import { snapshotAt } from './accounts';
import { priceAt, SIM_SYMBOLS } from './market';
import { FUNDING_INTERVAL_MS, simFundingRate } from './sim-history';

export const DEFAULT_SIMULATED_ACCOUNTS: SubAccount[] = [
  { email: 'trader-main@sim.meridian', label: 'Main book', frozen: false, createdAt: Date.UTC(2025, 0, 6) },
  { email: 'trader-alt@sim.meridian', label: 'Alt book', frozen: false, createdAt: Date.UTC(2025, 1, 3) },
  { email: 'admin-book@sim.meridian', label: 'Admin book', frozen: false, createdAt: Date.UTC(2025, 2, 10) },
  { email: 'risk-hedge@sim.meridian', label: 'Risk hedge', frozen: false, createdAt: Date.UTC(2025, 3, 14) },
];

export interface SimulatedExchangeOptions {
  /** What listSubAccounts returns; defaults to DEFAULT_SIMULATED_ACCOUNTS. */
  accounts?: SubAccount[];
  now?: () => number;
}

/**
 * The exchange used when no keys are configured. Any email yields a deterministic account, so
 * accounts added later work too; the list only says which ones the "master account" reports.
 */
export class SimulatedExchange implements ExchangeAdapter {
  readonly kind = 'simulated' as const;
  private readonly accounts: SubAccount[];
  private readonly now: () => number;

  constructor(options: SimulatedExchangeOptions = {}) {
    this.accounts = (options.accounts ?? DEFAULT_SIMULATED_ACCOUNTS).map((a) => ({ ...a }));
    this.now = options.now ?? Date.now;
  }

  async listSubAccounts(): Promise<SubAccount[]> {
    return this.accounts.map((a) => ({ ...a }));
  }

  async getAccountSnapshot(email: string): Promise<AccountSnapshot> {
    return snapshotAt(email, this.now());
  }

  async getMarkPrices(symbols?: string[]): Promise<Record<string, number>> {
    const at = this.now();
    const wanted = symbols ? SIM_SYMBOLS.filter((s) => symbols.includes(s)) : SIM_SYMBOLS;
    return Object.fromEntries(wanted.map((s) => [s, priceAt(s, at)]));
  }

  /** The rate of the coming settlement (the one open positions will pay or receive next). */
  async getFundingRates(symbols: string[]): Promise<Record<string, number>> {
    const next = (Math.floor(this.now() / FUNDING_INTERVAL_MS) + 1) * FUNDING_INTERVAL_MS;
    return Object.fromEntries(symbols.filter((s) => SIM_SYMBOLS.includes(s)).map((s) => [s, simFundingRate(s, next)]));
  }

  lastUsedWeight(): UsedWeight {
    return { sapiIp: null, sapiUid: null, api: null, futures: null, at: null };
  }

  /** For the seed and history back-fill: no clock, no I/O. */
  snapshotAt(email: string, ms: number): AccountSnapshot {
    return snapshotAt(email, ms);
  }

  priceAt(symbol: string, ms: number): number {
    return priceAt(symbol, ms);
  }
}
