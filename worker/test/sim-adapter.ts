import type { SimulatedExchange } from '../exchanges/simulated/adapter';
import type { ExchangeAdapter } from '../exchanges/types';

/**
 * The simulator as an exchange adapter whose account reads are the test's own (to make some fail,
 * wait or answer at a fixed time); sub-accounts, marks, funding and weight are the simulator's.
 */
export function simAdapterWith(
  sim: SimulatedExchange,
  getAccountSnapshot: ExchangeAdapter['getAccountSnapshot'],
): ExchangeAdapter {
  return {
    kind: 'simulated',
    listSubAccounts: () => sim.listSubAccounts(),
    getMarkPrices: (s) => sim.getMarkPrices(s),
    getFundingRates: (s) => sim.getFundingRates(s),
    lastUsedWeight: () => sim.lastUsedWeight(),
    getAccountSnapshot,
  };
}
