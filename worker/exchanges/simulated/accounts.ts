import type { AccountSnapshot, Position, PositionSide, SpotBalance } from '../types';
import { BOOK_SYMBOLS, priceAt } from './market';
import { hashString, hashUnit, mulberry32 } from './prng';

const HOUR = 3_600_000;
/** Positions are closed and reopened every epoch, with a per-account phase so books don't all turn over at once. */
const EPOCH_MS = 72 * HOUR;
const MAINTENANCE_RATE = 0.005;
const LEVERAGES = [5, 10, 20];

interface Profile {
  seed: number;
  phaseMs: number;
  walletBase: number;
  /** target account leverage (notional ÷ wallet) */
  leverage: number;
  coinMBtc: number;
  spot: [asset: string, free: number, locked: number][];
  lastBook?: { epoch: number; book: Book };
}

function logUniform(rng: () => number, min: number, max: number) {
  return min * Math.exp(rng() * Math.log(max / min));
}

function round(value: number, decimals: number) {
  return Number(value.toFixed(decimals));
}

const profiles = new Map<string, Profile>();

/** Everything about an account that does not move with time, derived from its email alone. */
function profileOf(email: string): Profile {
  let profile = profiles.get(email);
  if (profile) return profile;
  const seed = hashString(email);
  const rng = mulberry32(seed);
  const usdt = round(logUniform(rng, 500, 30_000), 2);
  const spot: Profile['spot'] = [['USDT', usdt, rng() < 0.2 ? round(usdt * 0.1, 2) : 0]];
  if (rng() < 0.6) spot.push(['BTC', round(rng() * 0.8, 5), 0]);
  if (rng() < 0.5) spot.push(['ETH', round(rng() * 12, 4), 0]);
  if (rng() < 0.4) spot.push(['BNB', round(rng() * 40, 3), 0]);
  if (rng() < 0.3) spot.push(['SOL', round(rng() * 200, 3), 0]);
  profile = {
    seed,
    phaseMs: Math.floor(rng() * EPOCH_MS),
    walletBase: logUniform(rng, 5_000, 250_000),
    leverage: 0.8 + rng() * 2.2,
    coinMBtc: rng() < 0.5 ? round(0.1 + rng() * 1.4, 4) : 0,
    spot,
  };
  profiles.set(email, profile);
  return profile;
}

/** Fisher–Yates: unlike sort() with a random comparator, the order depends only on the rng. */
function shuffle<T>(items: T[], rng: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

interface Book {
  wallet: number;
  openedAt: number;
  legs: { symbol: string; side: PositionSide; size: number; entryPrice: number; leverage: number; liquidationPrice: number }[];
}

function liquidationPrice(side: PositionSide, entry: number, leverage: number) {
  // Isolated-margin approximation; cross margin would depend on the whole wallet.
  const distance = 1 / leverage - MAINTENANCE_RATE;
  return side === 'LONG' ? entry * (1 - distance) : entry * (1 + distance);
}

/** The positions held during one epoch: 1–4 symbols, sized so the book runs near the profile's leverage. */
function bookFor(profile: Profile, epoch: number): Book {
  const rng = mulberry32(profile.seed ^ Math.imul(epoch, 0x9e3779b1));
  // Realised PnL between epochs: the wallet drifts a little each time the book turns over.
  const wallet = round(profile.walletBase * Math.exp(0.08 * hashUnit(profile.seed, epoch)), 2);
  const openedAt = epoch * EPOCH_MS - profile.phaseMs;
  const symbols = shuffle([...BOOK_SYMBOLS], rng).slice(0, 1 + Math.floor(rng() * 4));
  const weights = symbols.map(() => 0.2 + rng());
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const leverage = profile.leverage * (0.7 + rng() * 0.6);
  const legs = symbols.map((symbol, i) => {
    const entryPrice = priceAt(symbol, openedAt);
    const notional = (wallet * leverage * weights[i]!) / totalWeight;
    const side: PositionSide = rng() < 0.6 ? 'LONG' : 'SHORT';
    const positionLeverage = LEVERAGES[Math.floor(rng() * LEVERAGES.length)]!;
    return {
      symbol,
      side,
      size: Number((notional / entryPrice).toPrecision(4)),
      entryPrice,
      leverage: positionLeverage,
      liquidationPrice: round(liquidationPrice(side, entryPrice, positionLeverage), 5),
    };
  });
  return { wallet, openedAt, legs };
}

/** The simulated account of `email` at instant `ms`: a pure function, cheap enough for 30 days of history. */
export function snapshotAt(email: string, ms: number): AccountSnapshot {
  const profile = profileOf(email);
  const epoch = Math.floor((ms + profile.phaseMs) / EPOCH_MS);
  // History back-fills walk time in order, so the last epoch's book is nearly always the one needed.
  if (profile.lastBook?.epoch !== epoch) profile.lastBook = { epoch, book: bookFor(profile, epoch) };
  const { book } = profile.lastBook;
  const positions: Position[] = book.legs.map((leg) => {
    const markPrice = priceAt(leg.symbol, ms);
    const notional = leg.size * markPrice;
    return {
      ...leg,
      markPrice,
      unrealizedPnl: (markPrice - leg.entryPrice) * leg.size * (leg.side === 'LONG' ? 1 : -1),
      notional,
      margin: notional / leg.leverage,
    };
  });
  const unrealizedPnl = positions.reduce((sum, p) => sum + p.unrealizedPnl, 0);
  const btcPrice = priceAt('BTCUSDT', ms);
  const balances: SpotBalance[] = profile.spot.map(([asset, free, locked]) => ({
    asset,
    free,
    locked,
    usdValue: (free + locked) * (asset === 'USDT' ? 1 : priceAt(asset, ms)),
  }));
  const coinMUsd = profile.coinMBtc * btcPrice;
  return {
    email,
    takenAt: ms,
    futures: {
      usdtM: {
        walletBalance: book.wallet,
        marginBalance: book.wallet + unrealizedPnl,
        unrealizedPnl,
        initialMargin: positions.reduce((sum, p) => sum + p.margin, 0),
        maintenanceMargin: positions.reduce((sum, p) => sum + p.notional * MAINTENANCE_RATE, 0),
      },
      // COIN-M holds BTC collateral only, no positions: its USD value moves with BTC.
      coinM: { walletBalanceUsd: coinMUsd, marginBalanceUsd: coinMUsd, unrealizedPnlUsd: 0 },
    },
    positions,
    spot: { totalUsd: balances.reduce((sum, b) => sum + b.usdValue, 0), balances },
    btcPrice,
  };
}
