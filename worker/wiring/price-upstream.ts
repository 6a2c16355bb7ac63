import { getProviderConfig, type Bindings } from '../env';
import { BinancePublicMarket } from '../exchanges/binance/public-market';
import { BinanceMarkPrices, SimulatedMarkPrices, type MarkPriceUpstream } from '../domains/prices/upstream';

export function markPriceUpstreamFor(env: Bindings): MarkPriceUpstream {
  const { prices } = getProviderConfig(env);
  if (prices.source === 'binance') return new BinanceMarkPrices(new BinancePublicMarket({ baseUrl: prices.futuresBaseUrl }));
  return new SimulatedMarkPrices();
}
