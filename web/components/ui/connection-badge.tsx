import { cn } from '~/lib/cn';
import type { StreamState, StreamStatus } from '~/lib/event-stream';
import { useNow } from '~/lib/use-now';

const LABEL: Record<StreamStatus, string> = {
  connecting: 'Connecting',
  live: 'Live',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
};

const TONE: Record<StreamStatus, string> = {
  connecting: 'border-warning/30 bg-warning/10 text-warning',
  live: 'border-success/30 bg-success/10 text-success',
  reconnecting: 'border-warning/30 bg-warning/10 text-warning',
  offline: 'border-destructive/30 bg-destructive/10 text-destructive',
};

/** The state of a live stream, always visible (docs/PRODUCT-RULES.md §9), with the retry countdown. */
export function ConnectionBadge({ state, className }: { state: StreamState; className?: string }) {
  const now = useNow();
  const retryIn = state.status === 'reconnecting' && state.retryAt ? Math.max(0, state.retryAt - now) : null;
  return (
    <span className={cn('inline-flex items-center gap-2 text-xs', className)} title={state.error ?? undefined}>
      <span
        role="status"
        aria-live="polite"
        className={cn('inline-flex items-center gap-1.5 rounded border px-2 py-1 leading-none font-medium', TONE[state.status])}
        data-status={state.status}
      >
        {/* Steady when live: a pulsing dot ran a main-thread animation (style + paint ≈ 20 frames a
            second) on every page with a live stream. It pulses only while the stream is coming back. */}
        <span
          aria-hidden="true"
          className={cn(
            'size-1.5 rounded-full bg-current',
            (state.status === 'connecting' || state.status === 'reconnecting') && 'animate-pulse',
          )}
        />
        <span data-testid="live-status">{LABEL[state.status]}</span>
      </span>
      {retryIn !== null && retryIn > 0 ? (
        <span className="tabular text-muted-foreground">retry in {Math.max(1, Math.ceil(retryIn / 1000))}s</span>
      ) : state.status === 'offline' && state.error ? (
        <span className="max-w-56 truncate text-muted-foreground">{state.error}</span>
      ) : null}
    </span>
  );
}
