import { describe, expect, it } from 'vitest';
import { FAKE_KEY, FAKE_SECRET, sampleFakeBinance } from '../test/fakes/binance-fixtures';
import { createExchangeAdapter, defaultExchangeKind } from './factory';

describe('createExchangeAdapter', () => {
  it('defaults to the simulated exchange when no keys are set', async () => {
    expect(defaultExchangeKind({})).toBe('simulated');
    expect(defaultExchangeKind({ BINANCE_API_KEY: 'k', BINANCE_API_SECRET: ' ' })).toBe('simulated');
    const adapter = createExchangeAdapter('simulated', { settings: {} });
    expect(adapter.kind).toBe('simulated');
    expect(await adapter.listSubAccounts()).toHaveLength(4);
  });

  it('refuses Binance without keys, with a message an admin can act on', () => {
    expect(() => createExchangeAdapter('binance', { settings: { BINANCE_API_KEY: 'k' } })).toThrow(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('BINANCE_API_SECRET') }),
    );
  });

  it('builds Binance from env, honouring the configured base URLs', async () => {
    const server = sampleFakeBinance();
    const settings = {
      BINANCE_API_KEY: FAKE_KEY,
      BINANCE_API_SECRET: FAKE_SECRET,
      BINANCE_BASE_URL: 'http://fake-binance.test/',
      BINANCE_FUTURES_BASE_URL: 'http://fake-fapi.test',
      BINANCE_RECV_WINDOW: '7000',
    };
    expect(defaultExchangeKind(settings)).toBe('binance');
    const urls: string[] = [];
    const adapter = createExchangeAdapter('binance', {
      settings,
      binance: {
        fetch: (input, init) => {
          urls.push(new Request(input, init).url);
          return server.fetch(input, init);
        },
      },
    });
    expect(adapter.kind).toBe('binance');
    expect(await adapter.listSubAccounts()).toEqual([
      { email: 'desk+one@meridian.test', label: 'Desk one', frozen: false, createdAt: 1_689_744_671_462 },
    ]);
    await adapter.getMarkPrices(['BTCUSDT']);
    expect(urls[0]).toMatch(
      /^http:\/\/fake-binance\.test\/sapi\/v1\/sub-account\/list\?page=1&limit=200&recvWindow=7000&timestamp=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(urls[1]).toBe('http://fake-fapi.test/fapi/v1/premiumIndex?symbol=BTCUSDT');
    // Funding rates (alerts): premiumIndex's lastFundingRate, the one symbol's or all symbols' list.
    expect(await adapter.getFundingRates(['BTCUSDT'])).toEqual({ BTCUSDT: 0.0001 });
    expect(urls[2]).toBe('http://fake-fapi.test/fapi/v1/premiumIndex?symbol=BTCUSDT');
    const two = await adapter.getFundingRates(['BTCUSDT', 'NOPEUSDT', 'ETHUSDT']);
    expect(urls[3]).toBe('http://fake-fapi.test/fapi/v1/premiumIndex');
    expect(Object.values(two).every((r) => r === 0.0001)).toBe(true);
    expect(two.BTCUSDT).toBe(0.0001);
    expect(two.NOPEUSDT).toBeUndefined();
    expect(await adapter.getFundingRates([])).toEqual({});
  });
});
