import { FakeBinance, type FakeAccount, type FakeBinanceOptions } from './fake-binance';

export const FAKE_BINANCE_URL = 'http://fake-binance.test';
export const FAKE_FAPI_URL = 'http://fake-fapi.test';
export const FAKE_KEY = 'fake-api-key';
export const FAKE_SECRET = 'fake-api-secret';
export const FAKE_EMAIL = 'desk+one@meridian.test';

/**
 * One sub-account with hand-checkable numbers (BTC 100,000, ETH 3,400):
 * USDT-M margin 10,250.50 (uPnL 250.50); COIN-M 0.51 BTC margin = 51,000 USD (uPnL 0.01 BTC = 1,000);
 * positions BTCUSDT long 0.2 (20,000), ETHUSDT short 5 (17,000), BTCUSD_PERP 10 contracts (1,000);
 * spot 1,000 USDT + 0.15 BTC + 2 ETH + 500 FDUSD = 23,300 USD (+ an unpriceable XYZ).
 */
export function sampleAccount(): FakeAccount {
  return {
    usdtM: {
      totalWalletBalance: '10000.00000000',
      totalMarginBalance: '10250.50000000',
      totalUnrealizedProfit: '250.50000000',
      totalInitialMargin: '2000.00000000',
      totalMaintenanceMargin: '100.00000000',
    },
    coinMAssets: [
      { asset: 'BTC', walletBalance: '0.50000000', marginBalance: '0.51000000', unrealizedProfit: '0.01000000' },
      { asset: 'ETH', walletBalance: '0.00000000', marginBalance: '0.00000000', unrealizedProfit: '0.00000000' },
    ],
    usdtPositions: [
      {
        symbol: 'BTCUSDT',
        positionAmount: '0.200',
        entryPrice: '95000.0',
        markPrice: '100000.00000000',
        liquidationPrice: '80000.00',
        leverage: '10',
        unrealizedProfit: '1000.00000000',
      },
      {
        symbol: 'ETHUSDT',
        positionAmount: '-5.000',
        entryPrice: '3500.00',
        markPrice: '3400.00000000',
        liquidationPrice: '4000.00',
        leverage: '5',
        unrealizedProfit: '500.00000000',
      },
      {
        symbol: 'SOLUSDT',
        positionAmount: '0.000',
        entryPrice: '0.0',
        markPrice: '190.00000000',
        liquidationPrice: '0',
        leverage: '20',
        unrealizedProfit: '0.00000000',
      },
    ],
    coinPositions: [
      {
        symbol: 'BTCUSD_PERP',
        positionAmount: '10',
        entryPrice: '90000.0',
        markPrice: '100000.00000000',
        liquidationPrice: '0',
        leverage: '20',
        unrealizedProfit: '0.00111000',
      },
    ],
    balances: [
      { asset: 'USDT', free: '1000.00000000', locked: '0.00000000' },
      { asset: 'BTC', free: '0.10000000', locked: '0.05000000' },
      { asset: 'ETH', free: '2.00000000', locked: '0.00000000' },
      { asset: 'FDUSD', free: '500.00000000', locked: '0.00000000' },
      { asset: 'XYZ', free: '42.00000000', locked: '0.00000000' },
      { asset: 'DOGE', free: '0.00000000', locked: '0.00000000' },
    ],
  };
}

export const SAMPLE_TICKERS = {
  BTCUSDT: '100000.00000000',
  ETHUSDT: '3400.00000000',
  ETHBTC: '0.03400000',
  BNBUSDT: '650.00000000',
};
export const SAMPLE_MARKS = { BTCUSDT: '100010.50000000', ETHUSDT: '3401.25000000', SOLUSDT: '190.10000000' };

export function sampleFakeBinance(overrides: Partial<FakeBinanceOptions> = {}) {
  return new FakeBinance({
    apiKey: FAKE_KEY,
    apiSecret: FAKE_SECRET,
    accounts: { [FAKE_EMAIL]: sampleAccount() },
    tickers: SAMPLE_TICKERS,
    markPrices: SAMPLE_MARKS,
    subAccounts: [{ email: FAKE_EMAIL, remark: 'Desk one' }],
    ...overrides,
  });
}
