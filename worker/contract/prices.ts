import { eventIterator, oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs } from './fields';
import { newsItemSchema } from './news';
import { MAX_STREAM_SYMBOLS } from './patterns';
import { unchecked } from './unchecked';

/** A news symbol as the feed tags it (BTC, ETH, 1000PEPE): the hub prices it against USDT. */
export const priceSymbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,20}$/, 'Invalid symbol');

export const priceStreamInput = z.object({
  symbols: z.array(priceSymbol).min(1).max(MAX_STREAM_SYMBOLS),
});

/** One update of a price stream: the last mark price of each subscribed symbol the upstream knows. */
export const priceTickSchema = z.object({
  /** ms since epoch of the upstream read */
  ts: epochMs,
  /** symbol (bare, e.g. BTC) → mark price in USDT */
  prices: z.record(z.string(), z.number()),
  /** 'down' while the upstream fails (prices are the last known); the hub retries with backoff. */
  upstream: z.enum(['live', 'down']),
  error: z.string().optional(),
});
export type PriceTick = z.infer<typeof priceTickSchema>;

export const candleSchema = z.object({
  /** minute start, ms since epoch */
  time: epochMs,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
export type Candle = z.infer<typeof candleSchema>;

export const priceHubStatsSchema = z.object({
  viewers: z.number(),
  /** Symbols with an open upstream subscription right now (one each, however many viewers). */
  upstreamSymbols: z.array(z.string()),
  /** Upstream subscriptions opened since the hub started. */
  subscriptionsOpened: z.number(),
  /** Upstream reads since the hub started. */
  upstreamReads: z.number(),
  upstreamFailures: z.number(),
});
export type PriceHubStats = z.infer<typeof priceHubStatsSchema>;

/**
 * The market the terminal's prices come from: 'simulated' locally (the UI marks every price it
 * shows as simulated), 'binance' with the exchange's keys; the bare symbols it lists (BTC,
 * 1000PEPE), the only ones a price stream may ask for.
 */
export const marketListingSchema = z.object({
  source: z.enum(['simulated', 'binance']),
  symbols: z.array(z.string()),
  /** simulated only: the date its reference prices stand for (approximate) */
  referenceAsOf: z.string().optional(),
});
export type MarketListing = z.infer<typeof marketListingSchema>;

export const candlesInput = z.object({
  symbol: priceSymbol,
  /** how many 1-minute candles up to now (default 240 = 4 h) */
  minutes: z.number().int().min(1).max(1000).default(240),
});

export const newsSinceInput = z.object({
  /** The id of the newest item the client has; the answer holds every shown item stored after it. */
  afterId: z.number().int().min(0),
});

/** Upper bound of a catch-up answer; `complete: false` says more were missed (reload the list). */
export const NEWS_SINCE_LIMIT = 500;

export const pricesContract = {
  streamPrices: oc
    .route({ method: 'GET', summary: 'Live mark prices of the given symbols, once a second (terminal)' })
    .input(priceStreamInput)
    .output(eventIterator(unchecked(priceTickSchema))),
  getPriceCandles: oc
    .route({ method: 'GET', summary: '1-minute candles of a symbol, oldest first (terminal)' })
    .input(candlesInput)
    .output(unchecked(z.object({ symbol: z.string(), candles: z.array(candleSchema) }))),
  getNewsSince: oc
    .route({
      method: 'GET',
      summary: 'The feed items stored after a given id, oldest first: the catch-up after a reconnect (terminal)',
    })
    .input(newsSinceInput)
    .output(unchecked(z.object({ items: z.array(newsItemSchema), complete: z.boolean() }))),
  getMarketListing: oc
    .route({ method: 'GET', summary: 'The symbols the price source lists and which source it is (terminal)' })
    .output(unchecked(marketListingSchema)),
  getPriceHubStats: oc
    .route({ method: 'GET', summary: 'PriceHub counters: viewers, upstream subscriptions (admin)' })
    .output(unchecked(priceHubStatsSchema)),
};
