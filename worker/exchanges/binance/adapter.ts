import { domainError } from '../../lib/domain-error';
import { parseDecimal } from '../parse-number';
import type { AccountSnapshot, ExchangeAdapter, SnapshotOptions, SubAccount, UsedWeight } from '../types';
import { BinanceHttpClient, type BinanceConfig } from './client';
import {
  createUsdPricer,
  expectArray,
  repriceSpot,
  toCoinFutures,
  toCoinPositions,
  toSpot,
  toSubAccount,
  toUsdtFutures,
  toUsdtPositions,
  type RawCoinFuturesAccount,
  type RawCoinPositions,
  type RawPremiumIndex,
  type RawSpotAssets,
  type RawSubAccountList,
  type RawTickerPrices,
  type RawUsdtFuturesAccount,
  type RawUsdtPositions,
} from './responses';

const PAGE_LIMIT = 200;
// 500 pages × 200 = 100,000 sub-accounts: far above Binance's cap, so hitting it means a paging bug.
const MAX_PAGES = 500;
const USDT_M = 1;
const COIN_M = 2;
/**
 * All spot tickers cost /api weight 4: read once per account, 2,000 accounts a minute would spend
 * 8,000 of the 6,000 a minute. A batch of accounts shares one read instead.
 */
const TICKER_TTL_MS = 10_000;

/** A Binance master account reading its sub-accounts (read-only, all GETs). */
export class BinanceAdapter implements ExchangeAdapter {
  readonly kind = 'binance' as const;
  private readonly http: BinanceHttpClient;
  private readonly now: () => number;

  constructor(config: BinanceConfig) {
    this.http = new BinanceHttpClient(config);
    this.now = config.now ?? Date.now;
  }

  private tickers: { at: number; prices: Promise<RawTickerPrices> } | null = null;

  private spotTickers(): Promise<RawTickerPrices> {
    const now = this.now();
    if (!this.tickers || now - this.tickers.at >= TICKER_TTL_MS) {
      const prices = this.http.publicGet<RawTickerPrices>('spot', '/api/v3/ticker/price');
      const entry = { at: now, prices };
      this.tickers = entry;
      // A failed read is not kept: the next account asks again.
      prices.catch(() => {
        if (this.tickers === entry) this.tickers = null;
      });
    }
    return this.tickers.prices;
  }

  lastUsedWeight(): UsedWeight {
    return this.http.lastUsedWeight();
  }

  async listSubAccounts(): Promise<SubAccount[]> {
    const all: SubAccount[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const res = await this.http.signedGet<RawSubAccountList>('/sapi/v1/sub-account/list', { page, limit: PAGE_LIMIT });
      const rows = expectArray<RawSubAccountList['subAccounts'][number]>(res?.subAccounts, 'subAccounts');
      all.push(...rows.map(toSubAccount));
      if (rows.length < PAGE_LIMIT) return all;
    }
    throw domainError('BAD_GATEWAY', `Binance kept returning sub-account pages past ${MAX_PAGES * PAGE_LIMIT} accounts.`);
  }

  async getAccountSnapshot(email: string, options: SnapshotOptions = {}): Promise<AccountSnapshot> {
    const futures = (futuresType: number) => ({ email, futuresType });
    const stored = options.spot;
    const [usdtAccount, coinAccount, usdtPositions, coinPositions, spotAssets, tickers] = await Promise.all([
      this.http.signedGet<RawUsdtFuturesAccount>('/sapi/v2/sub-account/futures/account', futures(USDT_M)),
      this.http.signedGet<RawCoinFuturesAccount>('/sapi/v2/sub-account/futures/account', futures(COIN_M)),
      this.http.signedGet<RawUsdtPositions>('/sapi/v2/sub-account/futures/positionRisk', futures(USDT_M)),
      this.http.signedGet<RawCoinPositions>('/sapi/v2/sub-account/futures/positionRisk', futures(COIN_M)),
      stored ? null : this.http.signedGet<RawSpotAssets>('/sapi/v4/sub-account/assets', { email }),
      // All symbols in one call (weight 4) beats one call per held asset; shared for TICKER_TTL_MS.
      this.spotTickers(),
    ]);
    const priceOf = createUsdPricer(expectArray(tickers, 'ticker prices'));
    const btcPrice = priceOf('BTC');
    if (btcPrice === undefined) throw domainError('BAD_GATEWAY', 'Binance sent no BTCUSDT price.');
    return {
      email,
      takenAt: this.now(),
      futures: { usdtM: toUsdtFutures(usdtAccount), coinM: toCoinFutures(coinAccount, priceOf) },
      positions: [...toUsdtPositions(usdtPositions), ...toCoinPositions(coinPositions)],
      spot: spotAssets ? toSpot(spotAssets, priceOf) : repriceSpot(stored ?? [], priceOf),
      btcPrice,
    };
  }

  async getMarkPrices(symbols?: string[]): Promise<Record<string, number>> {
    const prices: Record<string, number> = {};
    if (symbols?.length === 0) return prices;
    if (symbols?.length === 1) {
      const one = await this.http.publicGet<RawPremiumIndex>('futures', '/fapi/v1/premiumIndex', { symbol: symbols[0] });
      prices[one.symbol] = parseDecimal(one.markPrice, `${one.symbol} markPrice`);
      return prices;
    }
    const wanted = symbols ? new Set(symbols) : undefined;
    const all = expectArray<RawPremiumIndex>(await this.http.publicGet('futures', '/fapi/v1/premiumIndex'), 'premiumIndex');
    for (const row of all) {
      if (wanted && !wanted.has(row.symbol)) continue;
      // Settled or delisted contracts can carry an empty mark price; only a requested symbol must parse.
      if (!wanted && !(Number(row.markPrice) > 0)) continue;
      prices[row.symbol] = parseDecimal(row.markPrice, `${row.symbol} markPrice`);
    }
    return prices;
  }

  /** premiumIndex's lastFundingRate: one request for one symbol, the all-symbols list otherwise. */
  async getFundingRates(symbols: string[]): Promise<Record<string, number>> {
    if (symbols.length === 0) return {};
    const rows =
      symbols.length === 1
        ? [await this.http.publicGet<RawPremiumIndex>('futures', '/fapi/v1/premiumIndex', { symbol: symbols[0] })]
        : expectArray<RawPremiumIndex>(await this.http.publicGet('futures', '/fapi/v1/premiumIndex'), 'premiumIndex');
    const wanted = new Set(symbols);
    const rates: Record<string, number> = {};
    for (const row of rows) {
      const rate = Number(row.lastFundingRate);
      if (wanted.has(row.symbol) && row.lastFundingRate && Number.isFinite(rate)) rates[row.symbol] = rate;
    }
    return rates;
  }
}
