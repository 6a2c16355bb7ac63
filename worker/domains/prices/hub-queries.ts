import type { Candle, MarketListing } from '../../contract/prices';
import { REFERENCE_AS_OF } from '../../exchanges/simulated/market';
import { assertListed } from './stream-limits';
import { exchangeSymbol, type MarkPriceUpstream } from './upstream';

/** The one PriceHub instance: one upstream subscription per symbol needs every viewer in one place. */
export const PRICE_HUB_NAME = 'global';

export async function priceCandles(
  upstream: MarkPriceUpstream,
  symbol: string,
  minutes: number,
): Promise<{ symbol: string; candles: Candle[] }> {
  await assertListed(upstream, [symbol]);
  return { symbol, candles: await upstream.candles(exchangeSymbol(symbol), minutes) };
}

/**
 * What the terminal may price and where the prices come from: it asks the hub only for these
 * symbols (anything else is refused) and shows "no market" on the rest.
 */
export async function marketListing(upstream: MarkPriceUpstream): Promise<MarketListing> {
  const symbols = [...(await upstream.listed())].sort();
  return upstream.kind === 'simulated'
    ? { source: 'simulated', symbols, referenceAsOf: REFERENCE_AS_OF }
    : { source: 'binance', symbols };
}
