import { createContext, useContext } from 'react';
import type { NewsItem } from '~/shared/news/news-feed';
import { PriceChip } from './price-chip';
import type { PriceStore } from './price-store';

/** The mark price of each of a headline's symbols when it was published (stored with the item). */
export function pricesAtPublish(item: NewsItem): Record<string, number> {
  const prices = item.metadata?.priceAtPublish;
  return prices && typeof prices === 'object' ? (prices as Record<string, number>) : {};
}

/** The live prices for chips deep in memoised rows (the feed's one price stream). */
export const PriceStoreContext = createContext<PriceStore | undefined>(undefined);

/**
 * A feed row's symbol: its live price and the change since the headline was published, from the
 * price store above it (the bare symbol while there is none, e.g. outside a price stream).
 */
export function RowPriceChip({ symbol, priceAtPublish }: { symbol: string; priceAtPublish: number | undefined }) {
  const store = useContext(PriceStoreContext);
  if (!store) return symbol;
  return <PriceChip store={store} symbol={symbol} priceAtPublish={priceAtPublish} />;
}
