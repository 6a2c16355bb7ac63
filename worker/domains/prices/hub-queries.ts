import type { Candle, MarketListing, PriceHubStats } from '../../contract/prices';
import type { Bindings } from '../../env';
import { REFERENCE_AS_OF } from '../../exchanges/simulated/market';
import { assertListed } from './stream-limits';
import { markPriceUpstreamFor } from './upstream-for-env';
import { exchangeSymbol } from './upstream';

/** The one PriceHub instance: one upstream subscription per symbol needs every viewer in one place. */
export const PRICE_HUB_NAME = 'global';

export async function priceCandles(
  env: Bindings,
  symbol: string,
  minutes: number,
): Promise<{ symbol: string; candles: Candle[] }> {
  const upstream = markPriceUpstreamFor(env);
  await assertListed(upstream, [symbol]);
  return { symbol, candles: await upstream.candles(exchangeSymbol(symbol), minutes) };
}

/**
 * What the terminal may price and where the prices come from: it asks the hub only for these
 * symbols (anything else is refused) and shows "no market" on the rest.
 */
export async function marketListing(env: Bindings): Promise<MarketListing> {
  const upstream = markPriceUpstreamFor(env);
  const symbols = [...(await upstream.listed())].sort();
  return upstream.kind === 'simulated'
    ? { source: 'simulated', symbols, referenceAsOf: REFERENCE_AS_OF }
    : { source: 'binance', symbols };
}

export function priceHubStats(env: Bindings): Promise<PriceHubStats> {
  return env.PRICE_HUB.getByName(PRICE_HUB_NAME).stats();
}
