import { useSyncExternalStore } from 'react';
import { ConnectionBadge } from '~/components/ui/connection-badge';
import type { StreamState } from '~/lib/event-stream';
import { useNow } from '~/lib/use-now';
import type { Market } from '~/shared/prices/market';
import type { PriceStore } from '~/shared/prices/price-store';
import { useLiveWatchHits } from '~/shared/watchlists/watch-store';

/** Headlines that hit the user's watchlists since the terminal opened. */
function WatchHitCount() {
  const hits = useLiveWatchHits();
  return (
    <span
      className={hits > 0 ? 'tabular text-foreground' : 'tabular'}
      data-testid="watch-hit-count"
      title="Headlines that hit your watchlists since this page opened"
    >
      {hits} watchlist {hits === 1 ? 'hit' : 'hits'}
    </span>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date, utc: boolean) =>
  utc
    ? `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
    : `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/**
 * Both streams' states (with the retry countdown), the price source (said when simulated), the
 * price upstream, mute, and the clocks. On a phone only what matters at a glance stays.
 */
export function StatusBar({
  news,
  prices,
  store,
  market,
  muted,
  notify,
  shown,
  total,
}: {
  news: StreamState;
  prices: StreamState;
  store: PriceStore;
  market: Market | undefined;
  muted: boolean;
  notify: string;
  shown: number;
  total: number;
}) {
  const now = new Date(useNow());
  const upstream = useSyncExternalStore(
    (l) => store.subscribeAll(l),
    () => (store.upstream === 'down' ? (store.upstreamError ?? 'down') : ''),
  );
  return (
    <footer
      className="flex min-h-8 shrink-0 flex-wrap items-center gap-x-4 gap-y-0.5 border-t border-border bg-card px-3 py-1 text-xs text-muted-foreground"
      data-testid="status-bar"
    >
      <span className="flex items-center gap-1.5" data-testid="news-status">
        News <ConnectionBadge state={news} />
      </span>
      <span className="flex items-center gap-1.5" data-testid="prices-status">
        Prices <ConnectionBadge state={prices} />
        {market?.source === 'simulated' ? (
          <span
            className="rounded border border-dashed border-warning/50 px-1 text-warning"
            title={`Prices come from the local simulated market (reference levels of about ${market.referenceAsOf ?? 'late 2025'}), not from an exchange`}
            data-testid="price-source"
          >
            simulated
          </span>
        ) : null}
        {upstream ? (
          <span className="text-warning" role="status" title={upstream}>
            exchange feed down, retrying
          </span>
        ) : null}
      </span>
      <span className="tabular" data-testid="headline-count">
        {shown === total ? `${total} headlines` : `${shown} of ${total} headlines`}
      </span>
      <WatchHitCount />
      <span data-testid="mute-state" className={muted ? 'text-warning' : undefined}>
        {muted ? 'Muted (m)' : 'Sound on (m)'}
      </span>
      <span className="max-md:hidden">{notify}</span>
      <span className="ml-auto max-md:hidden">? shortcuts</span>
      <span className="tabular max-md:ml-auto" data-testid="clock-utc">
        {clock(now, true)} UTC
      </span>
      <span className="tabular max-md:hidden" data-testid="clock-local">
        {clock(now, false)} local
      </span>
    </footer>
  );
}
