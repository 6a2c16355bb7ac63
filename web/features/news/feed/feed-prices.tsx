import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Badge } from '~/components/ui/badge';
import type { NewsItem } from '~/shared/news/news-feed';
import { MarketContext, marketListingQuery, useMarket } from '~/shared/prices/market';
import { PriceStoreContext } from '~/shared/prices/price-context';
import { usePriceStream, watchedSymbols } from '~/shared/prices/use-price-stream';

/**
 * The feed's live prices: one price stream for the symbols of the newest headlines (the terminal's
 * own stream and chips, web/shared/prices), so every row shows each symbol's move since publish.
 * Live prices are a terminal permission (access-policy.ts: streamPrices, getMarketListing): without
 * it (`enabled` false) nothing is asked and the rows keep their plain symbol chips.
 */
export function FeedPrices({ items, enabled, children }: { items: readonly NewsItem[]; enabled: boolean; children: ReactNode }) {
  const market = useQuery({ ...marketListingQuery, enabled }).data;
  const symbols = useMemo(() => (enabled ? watchedSymbols(items, [], market?.listed) : []), [enabled, items, market?.listed]);
  const { store } = usePriceStream(symbols);
  if (!enabled) return children;
  return (
    <MarketContext value={market}>
      <PriceStoreContext value={store}>{children}</PriceStoreContext>
    </MarketContext>
  );
}

/** Said beside the feed's title when the prices on its rows come from the local simulated market. */
export function SimulatedPricesBadge() {
  const market = useMarket();
  if (market?.source !== 'simulated') return null;
  return (
    <Badge
      tone="neutral"
      className="border-dashed"
      title={`Prices on the rows come from the local simulated market (reference levels of about ${market.referenceAsOf ?? 'late 2025'}), not from an exchange`}
      data-testid="feed-prices-simulated"
    >
      Prices simulated
    </Badge>
  );
}
