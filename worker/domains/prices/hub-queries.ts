import type { Candle, PriceHubStats } from '../../contract/prices';
import type { Bindings } from '../../env';
import { markPriceUpstreamFor } from './upstream-for-env';
import { exchangeSymbol } from './upstream';

/** The one PriceHub instance: one upstream subscription per symbol needs every viewer in one place. */
export const PRICE_HUB_NAME = 'global';

export async function priceCandles(
  env: Bindings,
  symbol: string,
  minutes: number,
): Promise<{ symbol: string; candles: Candle[] }> {
  return { symbol, candles: await markPriceUpstreamFor(env).candles(exchangeSymbol(symbol), minutes) };
}

export function priceHubStats(env: Bindings): Promise<PriceHubStats> {
  return env.PRICE_HUB.getByName(PRICE_HUB_NAME).stats();
}
