import { describe, expect, it } from 'vitest';
import {
  FAKE_EMAIL,
  FAKE_FAPI_URL,
  FAKE_KEY,
  FAKE_SECRET,
  FAKE_BINANCE_URL,
  sampleFakeBinance,
} from '../../test/fakes/binance-fixtures';
import type { FakeBinance, FakeSubAccount } from '../../test/fakes/fake-binance';
import { computeMetrics } from '../metrics';
import { BinanceAdapter } from './adapter';

const NOW = 1_750_000_000_000;

function adapterFor(server: FakeBinance) {
  return new BinanceAdapter({
    baseUrl: FAKE_BINANCE_URL,
    futuresBaseUrl: FAKE_FAPI_URL,
    apiKey: FAKE_KEY,
    apiSecret: FAKE_SECRET,
    fetch: server.fetch,
    now: () => NOW,
    sleep: async () => {},
  });
}

describe('BinanceAdapter against the fake Binance', () => {
  it('lists every sub-account, paging 200 at a time', async () => {
    const subAccounts: FakeSubAccount[] = Array.from({ length: 451 }, (_, i) => ({
      email: `sub${i}@meridian.test`,
      isFreeze: i === 7,
      createTime: 1_600_000_000_000 + i,
    }));
    subAccounts[0]!.remark = 'First';
    const server = sampleFakeBinance({ now: () => NOW, subAccounts });
    const list = await adapterFor(server).listSubAccounts();
    expect(list).toHaveLength(451);
    expect(list[0]).toEqual({ email: 'sub0@meridian.test', label: 'First', frozen: false, createdAt: 1_600_000_000_000 });
    expect(list[7]!.frozen).toBe(true);
    expect(list[450]!.email).toBe('sub450@meridian.test');
    const pages = server.callsTo('/sapi/v1/sub-account/list').map((r) => [r.params.get('page'), r.params.get('limit')]);
    expect(pages).toEqual([
      ['1', '200'],
      ['2', '200'],
      ['3', '200'],
    ]);
  });

  it('stops after a full last page answered by an empty one', async () => {
    const subAccounts = Array.from({ length: 200 }, (_, i) => ({ email: `s${i}@m.test` }));
    const server = sampleFakeBinance({ now: () => NOW, subAccounts });
    expect(await adapterFor(server).listSubAccounts()).toHaveLength(200);
    expect(server.callsTo('/sapi/v1/sub-account/list')).toHaveLength(2);
  });

  it('builds a snapshot from futures accounts, positions and spot assets, and its metrics add up', async () => {
    const server = sampleFakeBinance({ now: () => NOW });
    const snapshot = await adapterFor(server).getAccountSnapshot(FAKE_EMAIL);

    expect(snapshot.email).toBe(FAKE_EMAIL);
    expect(snapshot.takenAt).toBe(NOW);
    expect(snapshot.btcPrice).toBe(100_000);
    expect(snapshot.futures.usdtM).toEqual({
      walletBalance: 10_000,
      marginBalance: 10_250.5,
      unrealizedPnl: 250.5,
      initialMargin: 2_000,
      maintenanceMargin: 100,
    });
    expect(snapshot.futures.coinM.walletBalanceUsd).toBeCloseTo(50_000, 6);
    expect(snapshot.futures.coinM.marginBalanceUsd).toBeCloseTo(51_000, 6);
    expect(snapshot.futures.coinM.unrealizedPnlUsd).toBeCloseTo(1_000, 6);

    // The zero SOLUSDT position is dropped; the COIN-M one is converted to coins and USD.
    expect(snapshot.positions.map((p) => p.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'BTCUSD_PERP']);
    const [btc, eth, coin] = snapshot.positions;
    expect(btc).toEqual({
      symbol: 'BTCUSDT',
      side: 'LONG',
      size: 0.2,
      entryPrice: 95_000,
      markPrice: 100_000,
      liquidationPrice: 80_000,
      leverage: 10,
      unrealizedPnl: 1_000,
      notional: 20_000,
      margin: 2_000,
    });
    expect(eth).toMatchObject({
      side: 'SHORT',
      size: 5,
      notional: 17_000,
      margin: 3_400,
      liquidationPrice: 4_000,
      unrealizedPnl: 500,
    });
    expect(coin).toMatchObject({ side: 'LONG', liquidationPrice: null, leverage: 20 });
    expect(coin!.size).toBeCloseTo(0.01, 12);
    expect(coin!.notional).toBeCloseTo(1_000, 9);
    expect(coin!.margin).toBeCloseTo(50, 9);
    expect(coin!.unrealizedPnl).toBeCloseTo(111, 9);

    expect(snapshot.spot.balances.map((b) => b.asset)).toEqual(['USDT', 'BTC', 'ETH', 'FDUSD', 'XYZ']);
    expect(snapshot.spot.balances[1]).toMatchObject({ asset: 'BTC', free: 0.1, locked: 0.05 });
    expect(snapshot.spot.balances[1]!.usdValue).toBeCloseTo(15_000, 6);
    expect(snapshot.spot.balances[4]).toEqual({ asset: 'XYZ', free: 42, locked: 0, usdValue: 0 });
    expect(snapshot.spot.totalUsd).toBeCloseTo(23_300, 6);

    const metrics = computeMetrics(snapshot);
    expect(metrics.spotBalance).toBeCloseTo(23_300, 6);
    expect(metrics.futuresBalance).toBeCloseTo(61_250.5, 6);
    expect(metrics.totalBalance).toBeCloseTo(84_550.5, 6);
    expect(metrics.futuresUpnl).toBe(250.5);
    expect(metrics.totalUpnl).toBeCloseTo(1_250.5, 6);
    expect(metrics.notional).toBeCloseTo(38_000, 6);
    expect(metrics.leverage).toBeCloseTo(38_000 / 61_250.5, 9);
    expect(metrics.btcPrice).toBe(100_000);
    expect(metrics.positions).toBe(3);

    // Both futures wallets were asked for, with the email sent encoded.
    const futuresTypes = server.callsTo('/sapi/v2/sub-account/futures/account').map((r) => r.params.get('futuresType'));
    expect(futuresTypes.sort()).toEqual(['1', '2']);
    expect(server.callsTo('/sapi/v4/sub-account/assets')[0]!.query).toContain('email=desk%2Bone%40meridian.test');
  });

  it('with stored spot balances it skips the spot read (weight 60) and re-prices them', async () => {
    const server = sampleFakeBinance({ now: () => NOW });
    const adapter = adapterFor(server);
    const snapshot = await adapter.getAccountSnapshot(FAKE_EMAIL, {
      spot: [{ asset: 'BTC', free: 0.1, locked: 0.1, usdValue: 1 }],
    });
    expect(server.callsTo('/sapi/v4/sub-account/assets')).toHaveLength(0);
    expect(server.callsTo('/sapi/v2/sub-account/futures/account')).toHaveLength(2);
    expect(snapshot.spot.balances[0]!.usdValue).toBeCloseTo(20_000, 6);
    expect(snapshot.spot.totalUsd).toBeCloseTo(20_000, 6);
    // A second account within the ticker TTL shares the tickers read (weight 4) of the first.
    await adapter.getAccountSnapshot(FAKE_EMAIL, { spot: [] });
    expect(server.callsTo('/api/v3/ticker/price')).toHaveLength(1);
  });

  it('reads mark prices from the futures host: one symbol, some, or all', async () => {
    const server = sampleFakeBinance({ now: () => NOW });
    const adapter = adapterFor(server);
    expect(await adapter.getMarkPrices(['ETHUSDT'])).toEqual({ ETHUSDT: 3401.25 });
    expect(await adapter.getMarkPrices(['BTCUSDT', 'SOLUSDT'])).toEqual({ BTCUSDT: 100_010.5, SOLUSDT: 190.1 });
    expect(await adapter.getMarkPrices()).toEqual({ BTCUSDT: 100_010.5, ETHUSDT: 3401.25, SOLUSDT: 190.1 });
    expect(await adapter.getMarkPrices([])).toEqual({});
    expect(server.requests.every((r) => r.path === '/fapi/v1/premiumIndex' && r.apiKey === null)).toBe(true);
  });

  it('exposes the last rate-limit weights Binance reported', async () => {
    const server = sampleFakeBinance({ now: () => NOW });
    const adapter = adapterFor(server);
    expect(adapter.lastUsedWeight()).toEqual({ sapiIp: null, sapiUid: null, api: null, futures: null, at: null });
    await adapter.getAccountSnapshot(FAKE_EMAIL);
    await adapter.getMarkPrices(['BTCUSDT']);
    expect(adapter.lastUsedWeight()).toEqual({ sapiIp: 4, sapiUid: 60, api: 4, futures: 1, at: NOW });
  });

  it('rejects numbers that are not numbers', async () => {
    const server = sampleFakeBinance({ now: () => NOW });
    server.accounts[FAKE_EMAIL]!.usdtM.totalMarginBalance = 'NaN';
    await expect(adapterFor(server).getAccountSnapshot(FAKE_EMAIL)).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'Exchange sent an invalid number for totalMarginBalance',
    });
  });
});
