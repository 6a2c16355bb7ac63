import { domainError } from '../../lib/domain-error';
import { hashString, hashUnit } from './prng';

interface SimAsset {
  start: number;
  /** volatility multiplier against the octave amplitudes below (BTC = 1) */
  vol: number;
  /** price decimals, like the exchange's tick size */
  decimals: number;
}

const ASSETS: Record<string, SimAsset> = {
  BTC: { start: 95_000, vol: 1, decimals: 1 },
  ETH: { start: 3_400, vol: 1.3, decimals: 2 },
  SOL: { start: 190, vol: 1.8, decimals: 2 },
  BNB: { start: 650, vol: 1.0, decimals: 2 },
  XRP: { start: 2.3, vol: 1.7, decimals: 4 },
  DOGE: { start: 0.38, vol: 2.0, decimals: 5 },
};

export const SIM_ASSETS = Object.keys(ASSETS);
export const SIM_SYMBOLS = SIM_ASSETS.map((a) => `${a}USDT`);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Fractal value noise: each octave is smooth noise over its period, amplitudes roughly ∝ √period,
 * so the sum looks like a random walk at every zoom level, yet costs O(octaves) for any timestamp
 * and stays bounded (prices never drift to zero or infinity). The 10 s octave makes prices tick.
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

const seeds = new Map(SIM_ASSETS.map((a) => [a, hashString(`meridian-asset-${a}`)]));

let lastMarket = { ms: NaN, value: 0 };

/** A snapshot prices several symbols at one instant: the shared factor is computed once for them. */
function marketFactor(ms: number): number {
  if (lastMarket.ms !== ms) lastMarket = { ms, value: fractal(MARKET_SEED, ms) };
  return lastMarket.value;
}

/** 'BTC' or 'BTCUSDT' → 'BTC'. */
export function baseAsset(symbol: string): string {
  const base = symbol.endsWith('USDT') ? symbol.slice(0, -4) : symbol;
  if (!(base in ASSETS)) throw domainError('NOT_FOUND', `The simulated market has no symbol ${symbol}`);
  return base;
}

/** Price in USDT of a simulated symbol at any instant: a pure function of (symbol, ms), O(1). */
export function priceAt(symbol: string, ms: number): number {
  const base = baseAsset(symbol);
  const asset = ASSETS[base]!;
  // A shared market factor makes coins move together, as they do.
  const move = asset.vol * (0.7 * marketFactor(ms) + 0.7 * fractal(seeds.get(base)!, ms));
  const scale = 10 ** asset.decimals;
  // k / 10^d is correctly rounded, so this prints like the exchange's decimals without toFixed's cost.
  return Math.max(1, Math.round(asset.start * Math.exp(move) * scale)) / scale;
}

/**
 * Price of any symbol: the listed ones as priceAt, any other (news tags symbols the simulated
 * exchange does not list) from a start price and volatility derived from its name, so the local
 * terminal shows every chip moving.
 */
export function anyPriceAt(symbol: string, ms: number): number {
  const base = symbol.endsWith('USDT') ? symbol.slice(0, -4) : symbol;
  if (base in ASSETS) return priceAt(base, ms);
  const seed = hashString(`meridian-asset-${base}`);
  // hashUnit is in [-1, 1]: a start price between 0.1 and 1,000.
  const start = 10 ** (hashUnit(seed, 1) * 2 + 1);
  const move = 1.6 * (0.7 * marketFactor(ms) + 0.7 * fractal(seed, ms));
  const digits = Math.max(2, 4 - Math.floor(Math.log10(start)));
  const scale = 10 ** digits;
  return Math.max(1, Math.round(start * Math.exp(move) * scale)) / scale;
}
