/** Binance response shapes we read (numbers arrive as strings) and their mapping to our types. */
import { domainError } from '../../lib/domain-error';
import { parseDecimal } from '../parse-number';
import type { AccountSnapshot, Position, SpotBalance, SubAccount } from '../types';

type Decimal = string | number;

export interface RawSubAccountList {
  subAccounts: { email: string; remark?: string; isFreeze: boolean; createTime?: number; subUserId?: number }[];
}

export interface RawFuturesAsset {
  asset: string;
  walletBalance: Decimal;
  marginBalance: Decimal;
  unrealizedProfit: Decimal;
}

export interface RawUsdtFuturesAccount {
  futureAccountResp: {
    totalWalletBalance: Decimal;
    totalMarginBalance: Decimal;
    totalUnrealizedProfit: Decimal;
    totalInitialMargin: Decimal;
    totalMaintenanceMargin: Decimal;
    assets?: RawFuturesAsset[];
  };
}

/** COIN-M carries no USD totals: each asset is in its own coin. */
export interface RawCoinFuturesAccount {
  deliveryAccountResp: { assets: RawFuturesAsset[] };
}

export interface RawPosition {
  symbol: string;
  positionAmount: Decimal;
  entryPrice: Decimal;
  markPrice: Decimal;
  liquidationPrice?: Decimal;
  leverage: Decimal;
  unrealizedProfit: Decimal;
}

export interface RawUsdtPositions {
  futurePositionRiskVos: RawPosition[];
}

export interface RawCoinPositions {
  deliveryPositionRiskVos: RawPosition[];
}

export interface RawSpotAssets {
  balances: { asset: string; free: Decimal; locked: Decimal; freeze?: Decimal; withdrawing?: Decimal }[];
}

export type RawTickerPrices = { symbol: string; price: string }[];

export interface RawPremiumIndex {
  symbol: string;
  markPrice: string;
  /** the rate of the coming settlement (empty on delivery contracts) */
  lastFundingRate?: string;
}

export function expectArray<T>(value: unknown, field: string): T[] {
  if (!Array.isArray(value)) throw domainError('BAD_GATEWAY', `Binance sent an unexpected response (${field} missing).`);
  return value as T[];
}

export function expectObject<T>(value: unknown, field: string): T {
  if (!value || typeof value !== 'object')
    throw domainError('BAD_GATEWAY', `Binance sent an unexpected response (${field} missing).`);
  return value as T;
}

export function toSubAccount(raw: RawSubAccountList['subAccounts'][number]): SubAccount {
  const account: SubAccount = { email: raw.email, frozen: raw.isFreeze === true };
  if (raw.remark) account.label = raw.remark;
  if (typeof raw.createTime === 'number') account.createdAt = raw.createTime;
  return account;
}

const STABLECOINS = new Set(['USDT', 'USDC', 'FDUSD', 'BUSD']);

/** USD price of an asset from spot tickers: stablecoins 1, else ASSETUSDT, else ASSETBTC × BTCUSDT. */
export function createUsdPricer(tickers: RawTickerPrices) {
  const raw = new Map(tickers.map((t) => [t.symbol, t.price]));
  // Parsed lazily: one odd ticker among thousands must not fail a snapshot that never needs it.
  const price = (symbol: string) => {
    const value = raw.get(symbol);
    return value === undefined ? undefined : parseDecimal(value, `price of ${symbol}`);
  };
  return (asset: string): number | undefined => {
    if (STABLECOINS.has(asset)) return 1;
    const direct = price(`${asset}USDT`);
    if (direct !== undefined) return direct;
    const inBtc = price(`${asset}BTC`);
    const btc = price('BTCUSDT');
    return inBtc !== undefined && btc !== undefined ? inBtc * btc : undefined;
  };
}

type UsdPricer = ReturnType<typeof createUsdPricer>;

/** Unpriceable assets count as 0 USD rather than failing the whole snapshot. */
function usd(amount: number, asset: string, priceOf: UsdPricer) {
  return amount === 0 ? 0 : amount * (priceOf(asset) ?? 0);
}

/** Stored spot balances re-priced with this minute's tickers (the spot read itself costs weight 60). */
export function repriceSpot(balances: SpotBalance[], priceOf: UsdPricer): AccountSnapshot['spot'] {
  const repriced = balances.map((b) => ({ ...b, usdValue: usd(b.free + b.locked, b.asset, priceOf) }));
  return { totalUsd: repriced.reduce((sum, b) => sum + b.usdValue, 0), balances: repriced };
}

export function toUsdtFutures(raw: RawUsdtFuturesAccount): AccountSnapshot['futures']['usdtM'] {
  const a = expectObject<RawUsdtFuturesAccount['futureAccountResp']>(raw.futureAccountResp, 'futureAccountResp');
  return {
    walletBalance: parseDecimal(a.totalWalletBalance, 'totalWalletBalance'),
    marginBalance: parseDecimal(a.totalMarginBalance, 'totalMarginBalance'),
    unrealizedPnl: parseDecimal(a.totalUnrealizedProfit, 'totalUnrealizedProfit'),
    initialMargin: parseDecimal(a.totalInitialMargin, 'totalInitialMargin'),
    maintenanceMargin: parseDecimal(a.totalMaintenanceMargin, 'totalMaintenanceMargin'),
  };
}

export function toCoinFutures(raw: RawCoinFuturesAccount, priceOf: UsdPricer): AccountSnapshot['futures']['coinM'] {
  const resp = expectObject<RawCoinFuturesAccount['deliveryAccountResp']>(raw.deliveryAccountResp, 'deliveryAccountResp');
  const totals = { walletBalanceUsd: 0, marginBalanceUsd: 0, unrealizedPnlUsd: 0 };
  for (const a of expectArray<RawFuturesAsset>(resp.assets, 'deliveryAccountResp.assets')) {
    totals.walletBalanceUsd += usd(parseDecimal(a.walletBalance, `${a.asset} walletBalance`), a.asset, priceOf);
    totals.marginBalanceUsd += usd(parseDecimal(a.marginBalance, `${a.asset} marginBalance`), a.asset, priceOf);
    totals.unrealizedPnlUsd += usd(parseDecimal(a.unrealizedProfit, `${a.asset} unrealizedProfit`), a.asset, priceOf);
  }
  return totals;
}

function basePosition(raw: RawPosition) {
  const amount = parseDecimal(raw.positionAmount, `${raw.symbol} positionAmount`);
  const liq = raw.liquidationPrice === undefined ? 0 : parseDecimal(raw.liquidationPrice, `${raw.symbol} liquidationPrice`);
  return {
    amount,
    symbol: raw.symbol,
    side: amount < 0 ? ('SHORT' as const) : ('LONG' as const),
    entryPrice: parseDecimal(raw.entryPrice, `${raw.symbol} entryPrice`),
    markPrice: parseDecimal(raw.markPrice, `${raw.symbol} markPrice`),
    // Binance reports "0" when there is no liquidation price (e.g. fully collateralised).
    liquidationPrice: liq > 0 ? liq : null,
    leverage: parseDecimal(raw.leverage, `${raw.symbol} leverage`),
    unrealizedProfit: parseDecimal(raw.unrealizedProfit, `${raw.symbol} unrealizedProfit`),
  };
}

function finish(p: ReturnType<typeof basePosition>, size: number, unrealizedPnl: number): Position {
  const notional = Math.abs(size * p.markPrice);
  return {
    symbol: p.symbol,
    side: p.side,
    size,
    entryPrice: p.entryPrice,
    markPrice: p.markPrice,
    liquidationPrice: p.liquidationPrice,
    leverage: p.leverage,
    unrealizedPnl,
    notional,
    margin: p.leverage > 0 ? notional / p.leverage : notional,
  };
}

export function toUsdtPositions(raw: RawUsdtPositions): Position[] {
  return expectArray<RawPosition>(raw.futurePositionRiskVos, 'futurePositionRiskVos')
    .map(basePosition)
    .filter((p) => p.amount !== 0)
    .map((p) => finish(p, Math.abs(p.amount), p.unrealizedProfit));
}

/** COIN-M contracts are worth a fixed USD face value: 100 for BTC, 10 for every other coin. */
export function coinContractUsd(symbol: string): number {
  return symbol.startsWith('BTCUSD') ? 100 : 10;
}

/**
 * COIN-M positionAmount counts contracts and unrealizedProfit is in the coin: convert to base-coin
 * size (contracts × face ÷ mark) and USD PnL so every position obeys notional = |size × mark|.
 */
export function toCoinPositions(raw: RawCoinPositions): Position[] {
  return expectArray<RawPosition>(raw.deliveryPositionRiskVos, 'deliveryPositionRiskVos')
    .map(basePosition)
    .filter((p) => p.amount !== 0 && p.markPrice > 0)
    .map((p) => finish(p, (Math.abs(p.amount) * coinContractUsd(p.symbol)) / p.markPrice, p.unrealizedProfit * p.markPrice));
}

/** `locked` folds in frozen and withdrawing amounts, so free + locked is everything the account holds. */
export function toSpot(raw: RawSpotAssets, priceOf: UsdPricer): AccountSnapshot['spot'] {
  const balances: SpotBalance[] = [];
  for (const b of expectArray<RawSpotAssets['balances'][number]>(raw.balances, 'balances')) {
    const free = parseDecimal(b.free, `${b.asset} free`);
    const locked =
      parseDecimal(b.locked, `${b.asset} locked`) +
      (b.freeze === undefined ? 0 : parseDecimal(b.freeze, `${b.asset} freeze`)) +
      (b.withdrawing === undefined ? 0 : parseDecimal(b.withdrawing, `${b.asset} withdrawing`));
    if (free === 0 && locked === 0) continue;
    balances.push({ asset: b.asset, free, locked, usdValue: usd(free + locked, b.asset, priceOf) });
  }
  return { totalUsd: balances.reduce((sum, b) => sum + b.usdValue, 0), balances };
}
