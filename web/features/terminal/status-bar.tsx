import { useSyncExternalStore } from 'react';
import { ConnectionBadge } from '~/components/ui/connection-badge';
import type { StreamState } from '~/lib/event-stream';
import { useNow } from '~/lib/use-now';
import type { PriceStore } from './price-store';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date, utc: boolean) =>
  utc
    ? `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
    : `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** Both streams' states (with the retry countdown), the price upstream, mute, and the clocks. */
export function StatusBar({
  news,
  prices,
  store,
  muted,
  notify,
  shown,
  total,
}: {
  news: StreamState;
  prices: StreamState;
  store: PriceStore;
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
      className="flex h-8 shrink-0 items-center gap-4 border-t border-border bg-card px-3 text-xs text-muted-foreground"
      data-testid="status-bar"
    >
      <span className="flex items-center gap-1.5" data-testid="news-status">
        News <ConnectionBadge state={news} />
      </span>
      <span className="flex items-center gap-1.5" data-testid="prices-status">
        Prices <ConnectionBadge state={prices} />
        {upstream ? (
          <span className="text-warning" role="status" title={upstream}>
            exchange feed down, retrying
          </span>
        ) : null}
      </span>
      <span className="tabular" data-testid="headline-count">
        {shown === total ? `${total} headlines` : `${shown} of ${total} headlines`}
      </span>
      <span data-testid="mute-state" className={muted ? 'text-warning' : undefined}>
        {muted ? 'Muted (m)' : 'Sound on (m)'}
      </span>
      <span>{notify}</span>
      <span className="ml-auto">? shortcuts</span>
      <span className="tabular" data-testid="clock-utc">
        {clock(now, true)} UTC
      </span>
      <span className="tabular" data-testid="clock-local">
        {clock(now, false)} local
      </span>
    </footer>
  );
}
