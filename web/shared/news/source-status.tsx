import type { SourceDto, SourceLatency, SourcePoller } from '@contract/server-fns/news-sources';
import { Badge } from '~/components/ui/badge';
import { formatDateTime } from '~/lib/format';

type Tone = 'success' | 'warning' | 'destructive' | 'neutral';

/** "—" for a missing figure. */
const dash = <span className="text-muted-foreground">—</span>;

/** What the status of a source is judged on (the sources page's SourceDto, System status' entry). */
export type SourceStatusInput = Pick<SourceDto, 'enabled' | 'poller'> & {
  health: Pick<SourceDto['health'], 'consecutiveFailures' | 'lastSuccessAt' | 'lastErrorAt'>;
};

const clock = (ts: number) => formatDateTime(ts, { seconds: true }).split(' ').pop();

/** "every 2 s", "every 1 min 30 s". */
export function everyLabel(seconds: number) {
  if (seconds < 60) return `every ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `every ${minutes} min${rest ? ` ${rest} s` : ''}`;
}

/**
 * What a poller is doing, as one badge: connected / reconnecting in N s / polling every N s /
 * rate-limited until / failing / waiting for its window / off, with the reason on hover.
 */
export function pollerStatus(poller: SourcePoller, now = Date.now()): { tone: Tone; label: string; title?: string } {
  switch (poller.state) {
    case 'connected':
      return {
        tone: 'success',
        label: 'Connected',
        title: poller.connectedSince ? `Since ${formatDateTime(poller.connectedSince, { seconds: true })}` : undefined,
      };
    case 'connecting': {
      // A held connection that dropped waits out its backoff before the next attempt.
      const waiting = poller.consecutiveFailures > 0 && poller.nextAt !== null && poller.nextAt > now;
      const label = waiting ? `Reconnecting in ${formatDelay(poller.nextAt! - now)}` : 'Connecting';
      return { tone: 'warning', label, title: poller.lastError ?? undefined };
    }
    case 'polling':
      return { tone: 'success', label: poller.intervalSeconds ? `Polling ${everyLabel(poller.intervalSeconds)}` : 'Polling' };
    case 'rate-limited':
      return {
        tone: 'warning',
        label: poller.rateLimitedUntil ? `Rate-limited until ${clock(poller.rateLimitedUntil)}` : 'Rate-limited',
        title: poller.lastError ?? undefined,
      };
    case 'failing':
      return {
        tone: 'destructive',
        label: `Failing${poller.consecutiveFailures > 1 ? ` (${poller.consecutiveFailures}×)` : ''}`,
        title: poller.lastError ?? undefined,
      };
    case 'waiting':
      return {
        tone: 'neutral',
        label: 'Outside its window',
        title: poller.nextAt ? `Next poll ${formatDateTime(poller.nextAt)}` : undefined,
      };
    case 'off':
      return { tone: 'neutral', label: 'Off', title: poller.lastError ?? undefined };
  }
}

type Health = 'healthy' | 'failing' | 'down' | 'idle' | 'disabled';

function healthOf(source: SourceStatusInput): Health {
  if (!source.enabled) return 'disabled';
  const { consecutiveFailures, lastSuccessAt, lastErrorAt } = source.health;
  if (consecutiveFailures >= 3) return 'down';
  if (consecutiveFailures > 0) return 'failing';
  if (!lastSuccessAt && !lastErrorAt) return 'idle';
  return 'healthy';
}

const HEALTH = {
  healthy: { tone: 'success', label: 'Healthy' },
  failing: { tone: 'warning', label: 'Failing' },
  down: { tone: 'destructive', label: 'Down' },
  idle: { tone: 'neutral', label: 'Not run yet' },
  disabled: { tone: 'neutral', label: 'Disabled' },
} as const;

/** The status of any source: its poller's when it has one, else the recorded health (webhooks, manual). */
export function sourceStatus(source: SourceStatusInput): { tone: Tone; label: string; title?: string; sort: string } {
  if (!source.enabled) return { ...HEALTH.disabled, sort: 'z' };
  if (source.poller) {
    const status = pollerStatus(source.poller);
    const rearmed = source.poller.rearmedAt ? ` · re-armed by the watchdog ${formatDateTime(source.poller.rearmedAt)}` : '';
    return { ...status, title: `${status.title ?? ''}${rearmed}`.trim() || undefined, sort: status.label };
  }
  const health = HEALTH[healthOf(source)];
  return { ...health, sort: health.label };
}

export function SourceStatusBadge({ source }: { source: SourceStatusInput }) {
  const status = sourceStatus(source);
  return (
    <Badge tone={status.tone} title={status.title} data-testid="source-health">
      {status.label}
    </Badge>
  );
}

/** A pushed or polled source's badge and delay figures in a settings panel; "Off" while disabled. */
export function SourceStatusLine({ source }: { source: SourceDto | undefined }) {
  if (!source?.enabled) return <span className="text-muted-foreground">Off</span>;
  return (
    <>
      <SourceStatusBadge source={source} />
      <span className="text-muted-foreground">
        delay <LatencyCell latency={source.latency} />
      </span>
    </>
  );
}

/** "0.8 s", "12 s", "3 min". */
export function formatDelay(ms: number) {
  if (ms < 10_000) return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

/** p50 / p99 of publication → stored over 24 h. */
export function LatencyCell({ latency }: { latency: SourceLatency | null | undefined }) {
  if (!latency || latency.p50 === null) return dash;
  return (
    <span
      className="tabular"
      title={`${latency.count} headline${latency.count === 1 ? '' : 's'} in 24 h: median ${formatDelay(latency.p50)}, 99th percentile ${formatDelay(latency.p99 ?? latency.p50)}`}
      data-testid="source-latency"
    >
      {formatDelay(latency.p50)} / {formatDelay(latency.p99 ?? latency.p50)}
    </span>
  );
}
