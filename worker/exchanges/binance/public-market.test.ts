import { describe, expect, it } from 'vitest';
import { BinancePublicMarket } from './public-market';

const BASE = 'http://fake-fapi.test';

/** A fake futures host answering the documented shapes (numbers as strings). */
function fakeFapi(handler: (url: URL) => Response) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(`${url.pathname}${url.search}`);
    return handler(url);
  };
  return { calls, market: new BinancePublicMarket({ baseUrl: `${BASE}/`, fetch }) };
}

describe('Binance public market data', () => {
  it('reads the wanted mark prices from one all-symbols premiumIndex request', async () => {
    const { calls, market } = fakeFapi(() =>
      Response.json([
        { symbol: 'BTCUSDT', markPrice: '95012.30000000', indexPrice: '95000.1', time: 1 },
        { symbol: 'ETHUSDT', markPrice: '3401.25000000', time: 1 },
        { symbol: 'DELISTEDUSDT', markPrice: '', time: 1 },
      ]),
    );
    expect(await market.markPrices(['BTCUSDT', 'ETHUSDT', 'NOPEUSDT', 'DELISTEDUSDT'])).toEqual({
      BTCUSDT: 95012.3,
      ETHUSDT: 3401.25,
    });
    expect(calls).toEqual(['/fapi/v1/premiumIndex']);
  });

  it('maps klines to candles', async () => {
    const { calls, market } = fakeFapi(() =>
      Response.json([[1700000000000, '100.0', '110.5', '99.5', '105.0', '12.3', 1700000059999, '0', 5, '0', '0', '0']]),
    );
    expect(await market.klines('BTCUSDT', 240)).toEqual([{ time: 1700000000000, open: 100, high: 110.5, low: 99.5, close: 105 }]);
    expect(calls).toEqual(['/fapi/v1/klines?symbol=BTCUSDT&interval=1m&limit=240']);
  });

  it('turns rate limits, server errors and garbage into clear errors', async () => {
    const limited = fakeFapi(() => Response.json({ code: -1003, msg: 'Too many requests' }, { status: 429 })).market;
    await expect(limited.markPrices(['BTCUSDT'])).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const down = fakeFapi(() => new Response('bad gateway', { status: 502 })).market;
    await expect(down.markPrices(['BTCUSDT'])).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    const html = fakeFapi(() => new Response('<html>', { headers: { 'content-type': 'text/html' } })).market;
    await expect(html.markPrices(['BTCUSDT'])).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    const lost = new BinancePublicMarket({
      baseUrl: BASE,
      fetch: () => Promise.reject(new TypeError('Network connection lost.')),
    });
    await expect(lost.klines('BTCUSDT', 10)).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
  });
});
