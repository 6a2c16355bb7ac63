/**
 * The simulated market's reference data: about 100 of the most traded Binance USDⓈ-M perpetuals
 * (against USDT), with the order of magnitude of their price, their tick and step sizes, minimum
 * order notional and a volatility.
 *
 * Honest about its origin: written from memory, with no exchange to ask, as of
 * REFERENCE_AS_OF (late November 2025). Prices are approximate (right to within tens of percent,
 * never invented from a symbol's name); tick/step/minimum follow Binance's exchangeInfo filters
 * (PRICE_FILTER tickSize, MARKET_LOT_SIZE stepSize, MIN_NOTIONAL notional) as remembered for that
 * date, close enough for a simulation and not a substitute for the exchange's own values, which a
 * Binance deployment reads live. Volatility is an annualised estimate of the symbol's realised
 * volatility around that date (majors 40–65 %, large alts 80–100 %, memecoins and new listings
 * 110–160 %).
 *
 * Symbols are Binance's own: memecoins priced in thousands are `1000PEPE`, `1000SHIB`, … exactly
 * as the exchange lists them, and a bare `PEPE` is not listed (no market), as on Binance.
 */
export const REFERENCE_AS_OF = '2025-11-28';

export interface ReferenceMarket {
  /** Base asset as Binance names the contract (the symbol is `${base}USDT`). */
  base: string;
  /** Approximate USDT price on REFERENCE_AS_OF: the simulated random walk starts here. */
  price: number;
  /** PRICE_FILTER tickSize */
  tick: number;
  /** MARKET_LOT_SIZE stepSize (also the minimum quantity) */
  step: number;
  /** MIN_NOTIONAL notional, USDT */
  minNotional: number;
  /** Annualised volatility, percent. */
  vol: number;
}

type Row = [base: string, price: number, tick: number, step: number, vol: number, minNotional?: number];

// Ordered roughly by traded volume. Minimum notional is 5 USDT unless the row says otherwise.
const ROWS: Row[] = [
  ['BTC', 91_000, 0.1, 0.001, 45, 100],
  ['ETH', 3_000, 0.01, 0.001, 65, 20],
  ['SOL', 138, 0.01, 0.01, 80],
  ['XRP', 2.2, 0.0001, 0.1, 75],
  ['DOGE', 0.15, 0.00001, 1, 90],
  ['BNB', 880, 0.01, 0.01, 45],
  ['ZEC', 450, 0.01, 0.001, 150],
  ['SUI', 1.6, 0.0001, 0.1, 100],
  ['HYPE', 34, 0.001, 0.01, 100],
  ['ASTER', 1.05, 0.0001, 0.01, 140],
  ['ADA', 0.42, 0.0001, 1, 85],
  ['LINK', 12.8, 0.001, 0.01, 85],
  ['AVAX', 13.8, 0.001, 1, 90],
  ['1000PEPE', 0.0046, 0.0000001, 1, 120],
  ['LTC', 85, 0.01, 0.001, 75],
  ['ENA', 0.28, 0.0001, 1, 120],
  ['WLD', 0.62, 0.0001, 1, 120],
  ['TAO', 290, 0.01, 0.001, 110],
  ['BCH', 540, 0.01, 0.001, 75],
  ['TRX', 0.28, 0.00001, 1, 40],
  ['DOT', 2.3, 0.001, 0.1, 90],
  ['NEAR', 1.9, 0.001, 1, 100],
  ['UNI', 6.2, 0.001, 1, 95],
  ['AAVE', 180, 0.01, 0.1, 95],
  ['ARB', 0.22, 0.0001, 0.1, 100],
  ['OP', 0.33, 0.0001, 0.1, 100],
  ['APT', 2.3, 0.0001, 0.1, 95],
  ['FIL', 1.6, 0.001, 0.1, 100],
  ['ICP', 3.9, 0.001, 1, 110],
  ['ETC', 13.5, 0.001, 0.01, 80],
  ['XLM', 0.25, 0.00001, 1, 80],
  ['HBAR', 0.14, 0.00001, 1, 90],
  ['TIA', 0.66, 0.0001, 1, 110],
  ['SEI', 0.15, 0.0001, 1, 110],
  ['INJ', 5.9, 0.001, 0.1, 105],
  ['ONDO', 0.48, 0.0001, 0.1, 100],
  ['TRUMP', 5.9, 0.001, 0.1, 110],
  ['WIF', 0.4, 0.0001, 0.1, 130],
  ['1000BONK', 0.0095, 0.000001, 1, 125],
  ['1000SHIB', 0.0087, 0.000001, 1, 90],
  ['1000FLOKI', 0.054, 0.00001, 1, 125],
  ['FET', 0.26, 0.0001, 1, 115],
  ['RENDER', 1.6, 0.001, 0.1, 110],
  ['JUP', 0.24, 0.0001, 1, 110],
  ['PENGU', 0.012, 0.000001, 1, 140],
  ['VIRTUAL', 0.85, 0.0001, 0.1, 140],
  ['FARTCOIN', 0.27, 0.0001, 0.1, 150],
  ['POPCAT', 0.1, 0.0001, 1, 140],
  ['CRV', 0.4, 0.0001, 0.1, 105],
  ['LDO', 0.65, 0.0001, 1, 105],
  ['PENDLE', 2.6, 0.001, 1, 110],
  ['ORDI', 4.4, 0.001, 0.1, 120],
  ['STX', 0.3, 0.0001, 1, 110],
  ['IMX', 0.31, 0.0001, 1, 110],
  ['SAND', 0.15, 0.00001, 1, 100],
  ['MANA', 0.15, 0.0001, 1, 100],
  ['GALA', 0.0085, 0.000001, 1, 110],
  ['AXS', 1.1, 0.001, 1, 110],
  ['APE', 0.3, 0.0001, 1, 110],
  ['DYDX', 0.25, 0.0001, 0.1, 110],
  ['JTO', 0.55, 0.0001, 1, 115],
  ['PYTH', 0.075, 0.00001, 1, 115],
  ['STRK', 0.12, 0.00001, 0.1, 115],
  ['ZK', 0.045, 0.00001, 1, 120],
  ['EIGEN', 0.5, 0.0001, 0.1, 120],
  ['ETHFI', 0.8, 0.0001, 0.1, 115],
  ['ENS', 10.5, 0.001, 0.1, 100],
  ['GRT', 0.045, 0.00001, 1, 100],
  ['ALGO', 0.135, 0.0001, 0.1, 90],
  ['VET', 0.013, 0.000001, 1, 90],
  ['ATOM', 2.5, 0.001, 0.01, 90],
  ['KAS', 0.05, 0.000001, 1, 110],
  ['XMR', 390, 0.01, 0.001, 70],
  ['WLFI', 0.14, 0.0001, 1, 130],
  ['XPL', 0.19, 0.0001, 1, 150],
  ['PUMP', 0.0035, 0.000001, 1, 150],
  ['KAITO', 0.65, 0.0001, 1, 130],
  ['S', 0.11, 0.0001, 1, 120],
  ['IP', 2.6, 0.0001, 0.1, 140],
  ['BERA', 0.95, 0.0001, 0.1, 130],
  ['RUNE', 0.62, 0.0001, 1, 110],
  ['CAKE', 2.3, 0.0001, 1, 100],
  ['NEO', 4.1, 0.001, 0.01, 90],
  ['EGLD', 7.5, 0.001, 0.1, 95],
  ['THETA', 0.35, 0.0001, 0.1, 95],
  ['CHZ', 0.035, 0.00001, 1, 100],
  ['COMP', 28, 0.01, 0.001, 100],
  ['SNX', 0.85, 0.0001, 0.1, 110],
  ['1INCH', 0.17, 0.0001, 1, 100],
  ['ARKM', 0.24, 0.0001, 1, 120],
  ['MOODENG', 0.08, 0.00001, 1, 150],
  ['TON', 1.55, 0.0001, 0.1, 80],
  ['PEOPLE', 0.012, 0.00001, 1, 130],
  ['GMX', 9.5, 0.001, 0.01, 100],
  ['BOME', 0.0009, 0.0000001, 1, 140],
  ['BRETT', 0.022, 0.00001, 1, 140],
  ['NOT', 0.0006, 0.0000001, 1, 130],
  ['ZRO', 1.4, 0.001, 0.1, 110],
  ['JASMY', 0.0085, 0.000001, 1, 120],
  ['ALT', 0.015, 0.00001, 1, 130],
];

export const REFERENCE_MARKETS: readonly ReferenceMarket[] = ROWS.map(([base, price, tick, step, vol, minNotional = 5]) => ({
  base,
  price,
  tick,
  step,
  vol,
  minNotional,
}));
