import type { SystemStatus } from '@contract/system';
import { Badge } from '~/components/ui/badge';
import { formatAgo } from '~/lib/format';
import { LatencyCell, pollerStatus, SourceStatusBadge } from '~/shared/news/source-status';

type SourceEntry = SystemStatus['newsSources'][number];
type SessionEntry = SystemStatus['xPolling'][number];

const ago = (now: number, ts: number | null) => (ts === null ? '—' : formatAgo(now - ts));

/**
 * Each news source's health as the sources page shows it: connected / polling every N s /
 * rate-limited until / failing (its poller's report, or the recorded health of webhook and manual
 * sources), the last item's age, and publication → stored p50 / p99 over 24 h.
 */
export function SourceHealthSection({ now, sources }: { now: number; sources: SourceEntry[] }) {
  return (
    <section aria-label="News sources">
      <h3 className="mb-1 font-medium">News sources</h3>
      {sources.length === 0 ? (
        <p className="text-muted-foreground">No news sources configured.</p>
      ) : (
        <ul className="grid gap-1">
          {sources.map((s) => {
            const lastItemAt = s.poller?.lastItemAt ?? null;
            const error = s.poller?.lastError ?? (s.consecutiveFailures > 0 ? s.lastError : null);
            return (
              <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="system-source">
                <span className="font-medium">{s.name}</span>
                <Badge>{s.kind}</Badge>
                <SourceStatusBadge source={{ enabled: s.enabled, poller: s.poller, health: s }} />
                <span className="text-muted-foreground" data-testid="system-source-last-item">
                  {s.poller ? `last item ${ago(now, lastItemAt)}` : `last success ${ago(now, s.lastSuccessAt)}`}
                </span>
                <span className="text-muted-foreground">
                  p50 / p99 <LatencyCell latency={s.latency} />
                </span>
                {error && s.enabled ? <span className="text-muted-foreground">· {error}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** X polling sessions: their poller's state (polling every N s, rate-limited until…), last poll, error. */
export function XPollingSection({ now, sessions }: { now: number; sessions: SessionEntry[] }) {
  if (sessions.length === 0) return null;
  return (
    <section aria-label="X polling">
      <h3 className="mb-1 font-medium">X polling sessions</h3>
      <ul className="grid gap-1">
        {sessions.map((x) => {
          const status = x.poller && x.enabled ? pollerStatus(x.poller) : null;
          const failing = !x.off && x.enabled && x.lastError;
          return (
            <li key={x.id} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="system-x-session">
              <span className="font-medium">{x.name}</span>
              {status ? (
                <Badge tone={status.tone} title={status.title} data-testid="source-health">
                  {status.label}
                </Badge>
              ) : !x.enabled || x.off ? (
                <Badge>off</Badge>
              ) : failing ? (
                <Badge tone="warning">failing</Badge>
              ) : (
                <Badge tone="success">ok</Badge>
              )}
              <span className="text-muted-foreground">last poll {ago(now, x.lastPolledAt)}</span>
              {x.poller?.lastItemAt ? (
                <span className="text-muted-foreground">last item {ago(now, x.poller.lastItemAt)}</span>
              ) : null}
              {x.lastError ? <span className="text-muted-foreground">· {x.lastError}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
