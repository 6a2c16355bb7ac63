import { afterEach, describe, expect, it, vi } from 'vitest';
import { testEnv } from '../../test/harness';
import { markPriceUpstreamFor } from '../../wiring/price-upstream';
import { marketListing, priceCandles } from './hub-queries';

afterEach(() => vi.restoreAllMocks());

describe('the market listing follows the configured price source', () => {
  it('locally: the simulated market, its reference date, its own list', async () => {
    const listing = await marketListing(markPriceUpstreamFor(testEnv));
    expect(listing).toMatchObject({ source: 'simulated', referenceAsOf: '2025-11-28' });
    expect(listing.symbols).toContain('BTC');
  });

  it('with Binance (keys set): the exchangeInfo list and no simulated reference', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname !== '/fapi/v1/exchangeInfo') return new Response('unexpected', { status: 404 });
      return Response.json({
        symbols: [
          { symbol: 'BTCUSDT', quoteAsset: 'USDT', contractType: 'PERPETUAL', status: 'TRADING' },
          { symbol: 'ETHUSDT', quoteAsset: 'USDT', contractType: 'PERPETUAL', status: 'TRADING' },
        ],
      });
    });
    const env = {
      ...testEnv,
      BINANCE_API_KEY: 'k',
      BINANCE_API_SECRET: 's',
      BINANCE_FUTURES_BASE_URL: 'http://fapi.listing.test',
    };
    expect(await marketListing(markPriceUpstreamFor(env))).toEqual({ source: 'binance', symbols: ['BTC', 'ETH'] });
    // Candles of an unlisted symbol are refused before any klines request.
    await expect(priceCandles(markPriceUpstreamFor(env), 'SOL', 10)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(fetchSpy.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual(['/fapi/v1/exchangeInfo']);
  });
});
