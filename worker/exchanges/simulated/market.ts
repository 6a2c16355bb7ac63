import { domainError } from '../../lib/domain-error';
import type { SymbolRules } from '../order-venue';
import { hashString, hashUnit } from './prng';
import { REFERENCE_AS_OF, REFERENCE_MARKETS, type ReferenceMarket } from './reference-markets';

export { REFERENCE_AS_OF };

interface SimAsset extends ReferenceMarket {
  /** Multiplier of the octave amplitudes below that gives the asset its volatility. */
  scale: number;
  /** Decimals of the tick: prices print like the exchange's. */
  decimals: number;
  seed: number;
}

/**
 * What the octave model below yields at scale 1, as annualised volatility in percent: measured on
 * its own output (5-minute log returns ≈ 43 %, daily ≈ 39 %), so an asset's `vol` of 80 means
 * moves about twice BTC's. market.test.ts checks the realised volatility against each row's.
 */
const MODEL_VOL_AT_SCALE_1 = 40;

const decimalsOf = (tick: number) => Math.max(0, Math.round(-Math.log10(tick)));

const ASSETS = new Map<string, SimAsset>(
  REFERENCE_MARKETS.map((m) => [
    m.base,
    { ...m, scale: m.vol / MODEL_VOL_AT_SCALE_1, decimals: decimalsOf(m.tick), seed: hashString(`meridian-asset-${m.base}`) },
  ]),
);

/** Every listed base asset (BTC, ETH, 1000PEPE …), most traded first. */
export const SIM_ASSETS: readonly string[] = REFERENCE_MARKETS.map((m) => m.base);
/** Every listed contract as the exchange names it (BTCUSDT …). */
export const SIM_SYMBOLS: readonly string[] = SIM_ASSETS.map((a) => `${a}USDT`);

/**
 * The symbols the simulated accounts' own books trade, in the order their shuffle expects (it was
 * the whole market before the reference data; kept, so the demo books did not change hands).
 */
export const BOOK_SYMBOLS: readonly string[] = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT'];

/**
 * The order rules of every listed contract, in the shape of the venues' SymbolRules: step size
 * (also the minimum quantity), a maximum of about $10M per market order, the minimum notional.
 */
export const SIM_ORDER_RULES: Readonly<Record<string, Omit<SymbolRules, 'symbol'>>> = Object.fromEntries(
  REFERENCE_MARKETS.map((m) => {
    const stepDecimals = decimalsOf(m.step);
    const maxQty = Number((Math.floor(10_000_000 / m.price / m.step) * m.step).toFixed(stepDecimals));
    // PRICE_FILTER's tick, and Binance's usual PERCENT_PRICE band for a limit (5 % either side of the mark).
    const price = { tickSize: m.tick, minPrice: m.tick, maxPrice: 0, multiplierUp: 1.05, multiplierDown: 0.95 };
    return [`${m.base}USDT`, { stepSize: m.step, minQty: m.step, maxQty, minNotional: m.minNotional, ...price }];
  }),
);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Fractal value noise: each octave is smooth noise over its period, amplitudes roughly ∝ √period,
 * so the sum looks like a random walk at every zoom level, yet costs O(octaves) for any timestamp
 * and stays bounded around the reference price (never drifting to zero or infinity). The 10 s
 * octave makes prices tick.
 */
const OCTAVES: [period: number, amplitude: number][] = [
  [30 * DAY, 0.12],
  [7 * DAY, 0.06],
  [DAY, 0.025],
  [4 * HOUR, 0.012],
  [HOUR, 0.006],
  [15 * MINUTE, 0.003],
  [MINUTE, 0.0012],
  [10_000, 0.0005],
];

const MARKET_SEED = hashString('meridian-market');

function smoothNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const u = f * f * (3 - 2 * f);
  const a = hashUnit(seed, i);
  return a + (hashUnit(seed, i + 1) - a) * u;
}

function fractal(seed: number, ms: number): number {
  let sum = 0;
  for (let k = 0; k < OCTAVES.length; k++) {
    const [period, amplitude] = OCTAVES[k]!;
    sum += amplitude * smoothNoise(seed + k * 0x9e3779b1, ms / period);
  }
  return sum;
}

let lastMarket = { ms: NaN, value: 0 };

/** A snapshot prices several symbols at one instant: the shared factor is computed once for them. */
function marketFactor(ms: number): number {
  if (lastMarket.ms !== ms) lastMarket = { ms, value: fractal(MARKET_SEED, ms) };
  return lastMarket.value;
}

/** 'BTC' or 'BTCUSDT' → 'BTC' (no check). */
const bareOf = (symbol: string) => (symbol.endsWith('USDT') ? symbol.slice(0, -4) : symbol);

/** Whether the simulated market lists the symbol ('BTC' or 'BTCUSDT'). */
export function isListed(symbol: string): boolean {
  return ASSETS.has(bareOf(symbol));
}

/** 'BTC' or 'BTCUSDT' → 'BTC'; NOT_FOUND for a symbol the simulated market does not list. */
export function baseAsset(symbol: string): string {
  const base = bareOf(symbol);
  if (!ASSETS.has(base)) throw domainError('NOT_FOUND', `The simulated market has no symbol ${symbol}`);
  return base;
}

/** The listed asset's price, a pure function of (asset, ms): no clock, no I/O, O(octaves). */
function pricedAt(asset: SimAsset, ms: number): number {
  // A shared market factor makes coins move together, as they do.
  const move = asset.scale * (0.7 * marketFactor(ms) + 0.7 * fractal(asset.seed, ms));
  const scale = 10 ** asset.decimals;
  // On the tick; k / 10^d is correctly rounded, so it prints like the exchange without toFixed's cost.
  return Math.max(1, Math.round(asset.price * Math.exp(move) * scale)) / scale;
}

/** Price in USDT of a listed symbol at any instant; NOT_FOUND for any other symbol. */
export function priceAt(symbol: string, ms: number): number {
  return pricedAt(ASSETS.get(baseAsset(symbol))!, ms);
}

/** The price of a listed symbol, or undefined: the market invents no price for a symbol it does not list. */
export function listedPriceAt(symbol: string, ms: number): number | undefined {
  const asset = ASSETS.get(bareOf(symbol));
  return asset ? pricedAt(asset, ms) : undefined;
}

/** The mark an order is sized at: an unlisted symbol is the caller's mistake (BAD_REQUEST), as on an exchange. */
export function orderPriceAt(symbol: string, ms: number): number {
  const price = listedPriceAt(symbol, ms);
  if (price === undefined) throw domainError('BAD_REQUEST', `${symbol} is not listed on the simulated market`);
  return price;
}
