import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { MarketListing } from '@contract/prices';
import { orpc } from '~/lib/rpc';

/**
 * The market the terminal prices against (getMarketListing): which source, and the symbols it
 * lists. Only listed symbols are asked of the price hub (it refuses others); a chip of any other
 * symbol says "no market" instead of a price. 'simulated' makes every price say so.
 */
export interface Market {
  source: MarketListing['source'];
  listed: ReadonlySet<string>;
  /** The simulated market's reference date (its prices are approximate levels of that date). */
  referenceAsOf: string | undefined;
}

const toMarket = (listing: MarketListing): Market => ({
  source: listing.source,
  listed: new Set(listing.symbols),
  referenceAsOf: listing.referenceAsOf,
});

/** Listed symbols change rarely (the server caches Binance's for an hour). */
export const marketListingQuery = {
  ...orpc.getMarketListing.queryOptions(),
  staleTime: 30 * 60_000,
  select: toMarket,
};

export function useMarket(): Market | undefined {
  return useQuery(marketListingQuery).data;
}

/** The terminal's market for the chips deep in memoised rows (undefined while it loads). */
export const MarketContext = createContext<Market | undefined>(undefined);
export const useMarketContext = () => useContext(MarketContext);

/** Whether the symbol has a market: undefined while the listing loads. */
export const isListedIn = (market: Market | undefined, symbol: string) => (market ? market.listed.has(symbol) : undefined);

/** What a price says about its source, for titles and accessible names ('' on a real exchange). */
export const SIMULATED_NOTE = 'simulated price: the local market, not an exchange';
