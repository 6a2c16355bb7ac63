import type { Db } from '../../../db/client';
import { domainErrorData } from '../../../lib/domain-error';
import { logError } from '../../../lib/log';
import {
  BINANCE_WS_MAX_AGE_MS,
  openAnnouncementsSocket,
  parseBinanceSocketMessage,
  type BinanceWsConfig,
} from '../../../providers/announcements/binance-ws';
import type { IngestDeps } from '../ingest/ingest';
import { errorText, SETTINGS_TTL_MS } from '../pollers/poll-schedule';
import { exchangeSourceConfig, ingestAnnouncements } from './exchange-poller';
import {
  initialSnapshot,
  markConnected,
  markConnecting,
  reconnectDelayMs,
  STREAM_HEARTBEAT_MS,
  type HeldStream,
  type StreamHost,
  type StreamSnapshot,
} from './held-stream';

export const BINANCE_KEYS_MISSING =
  'No Binance API key: Binance announcements need one (BINANCE_ANNOUNCEMENTS_API_KEY / _SECRET, or BINANCE_API_KEY / _SECRET). An admin can add the secrets to turn them on.';
/** A refused key or signature: no quick retry helps, try again every few minutes. */
const REFUSED_RETRY_MS = 5 * 60_000;

export interface BinanceStreamDeps {
  db: Db;
  ingest: IngestDeps;
  /** null when the Binance keys are not configured */
  socket: Omit<BinanceWsConfig, 'now'> | null;
  host: StreamHost;
  clock?: () => number;
}

/**
 * Binance's announcements (`com_announcement_en`) over the WebSocket its NewsStream Durable Object
 * holds: each push becomes a headline at once (listings and delistings critical, tagged with their
 * symbols, linked to the announcement's catalogue). A closed connection reconnects at once, then
 * with a backoff of 1 s doubling to 60 s (a rate limit waits for its Retry-After, a refused key 5
 * min); a connection is renewed before Binance's 24 h limit. Binance documents no way to read
 * announcements missed while disconnected: a gap is reported in the health, not backfilled.
 */
export function binanceAnnouncementStream(deps: BinanceStreamDeps, sourceId: string): HeldStream {
  const clock = deps.clock ?? Date.now;
  const snap: StreamSnapshot = initialSnapshot();
  let socket: WebSocket | null = null;
  let connecting = false;
  let retryAt = 0;
  let cached: { enabled: boolean; config: ReturnType<typeof exchangeSourceConfig>; at: number } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function load(now: number) {
    if (cached && now - cached.at < SETTINGS_TTL_MS) return cached;
    const row = await deps.db.query.newsSources.findFirst({ where: (s, { eq }) => eq(s.id, sourceId) });
    cached = row && row.kind === 'exchange' ? { enabled: row.enabled, config: exchangeSourceConfig(row.config), at: now } : null;
    return cached;
  }

  function drop(reason: string, failed: boolean) {
    if (!socket) return;
    const old = socket;
    socket = null;
    try {
      old.close(1000, 'renewing');
    } catch {
      // already closed
    }
    snap.connectedSince = null;
    snap.state = 'connecting';
    if (failed) {
      snap.consecutiveFailures++;
      snap.lastError = reason;
    }
  }

  function onMessage(data: unknown) {
    const now = clock();
    snap.lastMessageAt = now;
    const message = parseBinanceSocketMessage(
      typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer),
      now,
    );
    if (message.type === 'command') {
      if (!message.ok) {
        snap.lastError = `Binance refused the subscription: ${message.detail}`;
        deps.host.changed();
      }
      return;
    }
    if (message.type !== 'announcement') return;
    queue = queue
      .then(async () => {
        const settings = cached?.config ?? { otherImportance: 'medium' as const };
        const { stored, newestItemAt } = await ingestAnnouncements(
          { ingest: deps.ingest, sourceId, settings, clock },
          [message.announcement],
          now,
        );
        if (newestItemAt && (!snap.lastItemAt || newestItemAt > snap.lastItemAt)) snap.lastItemAt = newestItemAt;
        if (stored) deps.host.changed();
      })
      .catch((err: unknown) => logError('a Binance announcement was not stored', err));
  }

  async function connect(now: number) {
    if (!deps.socket || connecting) return;
    connecting = true;
    markConnecting(snap);
    try {
      const ws = await openAnnouncementsSocket({ ...deps.socket, now: clock });
      socket = ws;
      markConnected(snap, clock());
      snap.lastMessageAt = null;
      snap.consecutiveFailures = 0;
      ws.addEventListener('message', (event) => onMessage(event.data));
      ws.addEventListener('close', (event) => {
        if (socket !== ws) return;
        // A clean close (Binance's 24 h limit, a deploy) reconnects at once; anything else backs off.
        const clean = event.code === 1000 || event.code === 1001;
        drop(`Binance closed the connection (${event.code}${event.reason ? ` ${event.reason}` : ''})`, !clean);
        if (clean) snap.consecutiveFailures = 0;
        retryAt = clock() + (clean ? 0 : reconnectDelayMs(snap.consecutiveFailures));
        deps.host.wake(retryAt);
        deps.host.changed();
      });
      ws.addEventListener('error', () => {
        if (socket !== ws) return;
        drop('The Binance connection failed', true);
        retryAt = clock() + reconnectDelayMs(snap.consecutiveFailures);
        deps.host.wake(retryAt);
        deps.host.changed();
      });
    } catch (err) {
      const data = domainErrorData(err) ?? {};
      snap.consecutiveFailures++;
      snap.lastError = errorText(err);
      if (typeof data.retryAt === 'number') {
        snap.state = 'rate-limited';
        snap.rateLimitedUntil = data.retryAt;
        retryAt = data.retryAt;
      } else {
        snap.state = 'failing';
        retryAt = now + (data.retryable === false ? REFUSED_RETRY_MS : reconnectDelayMs(snap.consecutiveFailures));
      }
    } finally {
      connecting = false;
    }
  }

  return {
    snapshot: () => snap,
    invalidate() {
      cached = null;
    },
    close() {
      drop('stopped', false);
    },
    async tick(now) {
      const source = await load(now);
      const stop = (reason: string) => {
        drop(reason, false);
        snap.state = 'off';
        snap.lastError = reason;
        return { stop: { reason }, nextAt: now };
      };
      if (!source?.config) return stop('The source was removed');
      if (!source.enabled) return stop('Disabled');
      if (!deps.socket) return stop(BINANCE_KEYS_MISSING);
      if (socket && snap.connectedSince && now - snap.connectedSince > BINANCE_WS_MAX_AGE_MS)
        drop('renewed before the 24 h limit', false);
      if (!socket && now >= retryAt) await connect(now);
      // Connected: the next heartbeat. Waiting to reconnect: its time, or the heartbeat if sooner (settings).
      return { nextAt: socket ? now + STREAM_HEARTBEAT_MS : Math.min(Math.max(retryAt, now), now + STREAM_HEARTBEAT_MS) };
    },
  };
}
