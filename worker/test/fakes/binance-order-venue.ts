import { BinanceOrderVenue } from '../../exchanges/binance/order-venue';
import { FakeBinanceOrders, type FakeSymbol } from './fake-binance-orders';

/** BTCUSDT at 95,000 on a 0.001 step, 100 USD the smallest order: a new one each call (the fake moves its mark). */
export const btcSymbol = (): FakeSymbol => ({
  symbol: 'BTCUSDT',
  stepSize: '0.001',
  minQty: '0.001',
  maxQty: '120',
  minNotional: '100',
  markPrice: '95000.00',
});

/**
 * A fake Binance exchange that knows `apiKey` / `apiSecret` and these symbols, and a venue on it
 * signing with `venueSecret` (the right secret unless told). Each its own base URL: the
 * exchangeInfo and mark caches are per base URL.
 */
export function fakeOrderVenue(opts: { apiKey: string; apiSecret: string; symbols: FakeSymbol[]; venueSecret?: string }) {
  const fake = new FakeBinanceOrders({ apiKey: opts.apiKey, apiSecret: opts.apiSecret, symbols: opts.symbols });
  const venue = new BinanceOrderVenue({
    futuresBaseUrl: `https://fapi-${crypto.randomUUID()}.fake`,
    apiKey: opts.apiKey,
    apiSecret: opts.venueSecret ?? opts.apiSecret,
    fetch: fake.fetch,
  });
  return { fake, venue };
}

/** A market order of 0.002 BTC, not reduce-only, with a fresh client id; `extra` changes any field. */
export const btcOrder = (extra: Partial<Parameters<BinanceOrderVenue['placeMarketOrder']>[0]> = {}) => ({
  symbol: 'BTCUSDT',
  side: 'BUY' as const,
  quantity: 0.002,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
  ...extra,
});
