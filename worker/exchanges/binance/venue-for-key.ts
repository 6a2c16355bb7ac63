import { DEFAULT_FUTURES_BASE_URL } from './client';
import { BinanceMarket, BinanceOrderVenue } from './order-venue';
import { createSigner } from './sign';

/** Where Binance's futures API is and how to reach it (tests: the in-process fake). */
export interface BinanceMarketSettings {
  futuresBaseUrl?: string;
  fetch?: typeof fetch;
}

/** A sub-account's own API key, opened. */
export interface BinanceKey {
  apiKey: string;
  apiSecret: string;
}

const market = (settings: BinanceMarketSettings) => ({
  futuresBaseUrl: settings.futuresBaseUrl ?? DEFAULT_FUTURES_BASE_URL,
  fetch: settings.fetch,
});

/**
 * One HMAC signer per opened key object: the caller caches opened keys (trading-keys.ts), so the
 * imported HMAC key is reused with them and dropped with them.
 */
const signers = new WeakMap<BinanceKey, (payload: string) => Promise<string>>();
function signerFor(key: BinanceKey) {
  let signer = signers.get(key);
  if (!signer) {
    signer = createSigner(key.apiSecret);
    signers.set(key, signer);
  }
  return signer;
}

/** The order venue of a Binance sub-account, signing with its own key. */
export function binanceVenue(settings: BinanceMarketSettings, key: BinanceKey): BinanceOrderVenue {
  return new BinanceOrderVenue({ ...market(settings), apiKey: key.apiKey, apiSecret: key.apiSecret, signer: signerFor(key) });
}

/** Binance's public mark price of a symbol (no key needed). */
export function binanceMarkPrice(settings: BinanceMarketSettings, symbol: string): Promise<number> {
  return new BinanceMarket(market(settings)).markPrice(symbol);
}
