import { DomainError, domainErrorData } from '../../../lib/domain-error';
import { logError } from '../../../lib/log';
import type { Db } from '../../../db/client';
import { compareIds, type XTweet } from '../../../providers/twitter/client';
import {
  planRuleSync,
  reconnectDelayMs,
  ruleValuesFor,
  StreamLineReader,
  STREAM_SILENCE_MS,
  type DisconnectCause,
} from '../../../providers/twitter/filtered-stream';
import type { XStreamClient, XStreamConnection } from '../../../providers/twitter/stream-client';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import { errorText, SETTINGS_TTL_MS } from '../pollers/poll-schedule';
import {
  initialSnapshot,
  markConnected,
  markConnecting,
  STREAM_HEARTBEAT_MS,
  type HeldStream,
  type StreamHost,
} from './held-stream';
import { tweetToRaw } from './twitter-poller';
import { loadXStreamSettings, X_STREAM_SOURCE_ID, type XStreamSettings } from './x-stream-settings';
import { initialHealth, writePollerHealth } from '../pollers/poller-health';
import { pollerKey } from '../pollers/targets';

export const X_STREAM_TOKEN_MISSING =
  'X_BEARER_TOKEN is not set: the X filtered stream is off. An admin can add the secret to turn it on.';
/** The newest post id stored (kept in the object's storage): a gap is backfilled from it. */
const CURSOR_KEY = 'x-newest-id';
const NUMERIC_ID = /^\d{1,19}$/;
const BACKFILL_PAGES = 5;

export interface XStreamDeps {
  db: Db;
  ingest: IngestDeps;
  /** null when X_BEARER_TOKEN is not configured */
  x: Pick<XStreamClient, 'listRules' | 'updateRules' | 'connect' | 'searchRecent'> | null;
  host: StreamHost;
  clock?: () => number;
  /** No byte (post or keep-alive) for this long: the connection is dead (default 30 s). */
  silenceMs?: number;
}

/**
 * Without the X token nothing holds the stream: its health says so (once: no write when it already
 * does), so the settings panel and System status show why an enabled stream is off.
 */
export async function markXStreamOff(db: Db, now: number, sourceId = X_STREAM_SOURCE_ID): Promise<boolean> {
  const source = await db.query.newsSources.findFirst({ where: (s, { eq }) => eq(s.id, sourceId) });
  if (!source?.enabled) return false;
  const target = { kind: 'x-stream' as const, id: sourceId };
  const row = await db.query.newsPollers.findFirst({ where: (p, { eq }) => eq(p.key, pollerKey(target)) });
  if (row?.state === 'off' && row.lastError === X_STREAM_TOKEN_MISSING) return false;
  const health = { ...initialHealth(now), state: 'off' as const, lastError: X_STREAM_TOKEN_MISSING };
  await writePollerHealth(db, pollerKey(target), target, health, now);
  return true;
}

function causeOf(err: unknown): DisconnectCause {
  if (err instanceof DomainError) {
    if (err.code === 'TOO_MANY_REQUESTS') return 'rate-limited';
    if (typeof domainErrorData(err)?.httpStatus === 'number') return 'http';
  }
  return 'network';
}

/**
 * X's filtered stream for the handles of the stream source, held by its NewsStream Durable Object.
 * The app's rules follow the handles (ours tagged, diffed, only changes sent). Each streamed post
 * goes through the polled path's ingest (source `twitter:<handle>`, so dedupe, also-reported and
 * tagging are the same, and a post both paths read is stored once) with its receipt time. A
 * connection silent for 30 s (X sends a keep-alive every 20 s) is dead. Reconnects back off as X
 * documents (network: 250 ms linear to 16 s; HTTP errors: 5 s doubling to 320 s; 429: 1 min
 * doubling). After every (re)connect — a drop, a restart of the object — the posts since the newest
 * one stored are read by recent search, so a gap loses nothing.
 */
export function xFilteredStream(deps: XStreamDeps, sourceId: string): HeldStream {
  const clock = deps.clock ?? Date.now;
  const silenceMs = deps.silenceMs ?? STREAM_SILENCE_MS;
  const snap = initialSnapshot();
  const failures: Record<DisconnectCause, number> = { network: 0, http: 0, 'rate-limited': 0 };
  let conn: { connection: XStreamConnection; lastDataAt: number } | null = null;
  let connecting = false;
  let retryAt = 0;
  let cached: { settings: XStreamSettings | null; at: number } | null = null;
  let syncedRules: string | null = null;
  let newestId: string | null | undefined;
  let backfill: { sinceId: string; notBefore: number } | null = null;
  let handleByName = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();

  async function load(now: number) {
    if (!cached || now - cached.at >= SETTINGS_TTL_MS)
      cached = { settings: await loadXStreamSettings(deps.db, sourceId), at: now };
    return cached.settings;
  }

  function fail(cause: DisconnectCause, err: unknown, now: number) {
    failures[cause]++;
    retryAt = now + reconnectDelayMs(cause, failures[cause]);
    snap.consecutiveFailures = failures.network + failures.http + failures['rate-limited'];
    snap.lastError = errorText(err);
    snap.state = cause === 'rate-limited' ? 'rate-limited' : cause === 'http' ? 'failing' : 'connecting';
    snap.rateLimitedUntil = cause === 'rate-limited' ? retryAt : null;
  }

  function hangUp() {
    if (!conn) return;
    const old = conn;
    conn = null;
    snap.connectedSince = null;
    old.connection.close();
  }

  /** Stores posts in order (one queue for stream and backfill); the cursor moves once a post is stored. */
  function store(tweets: XTweet[], receivedAt: number): Promise<unknown> {
    queue = queue
      .then(async () => {
        let stored = 0;
        for (const tweet of tweets) {
          const name = tweet.authorUsername ?? '';
          const handle = handleByName.get(name.toLowerCase()) ?? (name || 'unknown');
          const outcome = await ingestNews(deps.ingest, tweetToRaw(handle, tweet, receivedAt));
          if (outcome.status === 'stored') {
            stored++;
            if (!snap.lastItemAt || tweet.createdAt > snap.lastItemAt) snap.lastItemAt = tweet.createdAt;
          }
          if (!newestId || compareIds(tweet.id, newestId) > 0) {
            newestId = tweet.id;
            await deps.host.store.put(CURSOR_KEY, tweet.id);
          }
        }
        if (stored) deps.host.changed();
      })
      .catch((err: unknown) => logError('X filtered stream: posts not stored', err));
    return queue;
  }

  async function read(current: NonNullable<typeof conn>) {
    const reader = current.connection.body.getReader();
    const lines = new StreamLineReader();
    let error: unknown = new Error('X ended the filtered stream connection');
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || conn !== current) break;
        const now = clock();
        current.lastDataAt = now;
        snap.lastMessageAt = now;
        // Bytes flow: the connection works, the next network failure backs off from the start.
        failures.network = 0;
        snap.consecutiveFailures = failures.http + failures['rate-limited'];
        const tweets = lines.push(value, now);
        if (tweets.length) void store(tweets, now);
      }
    } catch (err) {
      error = err;
    }
    if (conn !== current) return; // we hung up ourselves
    hangUp();
    fail('network', error, clock());
    deps.host.wake(retryAt);
    deps.host.changed();
  }

  async function syncRules(handles: string[]) {
    const wanted = ruleValuesFor(handles);
    const key = JSON.stringify(wanted);
    if (syncedRules === key || !deps.x) return;
    await deps.x.updateRules(planRuleSync(await deps.x.listRules(), wanted));
    syncedRules = key;
  }

  async function connect(now: number) {
    if (!deps.x || connecting) return;
    connecting = true;
    markConnecting(snap);
    try {
      const current = { connection: await deps.x.connect(), lastDataAt: clock() };
      conn = current;
      failures.http = 0;
      failures['rate-limited'] = 0;
      snap.consecutiveFailures = failures.network;
      markConnected(snap, clock());
      void read(current);
      // After any gap (a drop, a restart): what was published meanwhile comes by recent search.
      if (newestId) backfill = { sinceId: newestId, notBefore: now };
    } catch (err) {
      fail(causeOf(err), err, now);
    } finally {
      connecting = false;
    }
  }

  async function runBackfill(handles: string[], now: number) {
    if (!backfill || !deps.x || now < backfill.notBefore) return;
    const { sinceId } = backfill;
    try {
      for (const rule of ruleValuesFor(handles)) {
        const page = await deps.x.searchRecent(rule, { sinceId, maxResults: 100, maxPages: BACKFILL_PAGES });
        await store(page.tweets, clock());
        if (page.truncated) snap.lastError = `More posts during the gap than ${BACKFILL_PAGES} pages: the oldest were skipped`;
      }
      backfill = null;
    } catch (err) {
      // Retried on the next heartbeat (or after X's reset): the stream itself keeps running.
      const at = domainErrorData(err)?.retryAt;
      backfill = { sinceId, notBefore: typeof at === 'number' ? at : now + STREAM_HEARTBEAT_MS };
      snap.lastError = `Backfill after a gap failed: ${errorText(err)}`;
    }
  }

  return {
    snapshot: () => snap,
    invalidate() {
      cached = null;
    },
    close() {
      hangUp();
    },
    async tick(now) {
      const settings = await load(now);
      const stop = (reason: string) => {
        hangUp();
        snap.state = 'off';
        snap.lastError = reason;
        return { stop: { reason }, nextAt: now };
      };
      if (!settings) return stop('The X filtered stream source was removed');
      if (!settings.enabled) return stop('Disabled');
      if (!deps.x) return stop(X_STREAM_TOKEN_MISSING);
      if (!settings.handles.length) return stop('No handles to follow: pick some in the news settings');
      handleByName = new Map(settings.handles.map((h) => [h.toLowerCase(), h]));
      if (newestId === undefined) {
        const stored = await deps.host.store.get(CURSOR_KEY);
        newestId = typeof stored === 'string' && NUMERIC_ID.test(stored) ? stored : null;
      }
      if (conn && now - conn.lastDataAt > silenceMs) {
        hangUp();
        fail('network', new Error(`No data from X for ${silenceMs / 1000} s (not even a keep-alive): reconnecting`), now);
      }
      if (conn || now >= retryAt) {
        try {
          await syncRules(settings.handles);
          if (!conn) await connect(now);
        } catch (err) {
          // Rules X refused: an open connection keeps the old ones; a closed one waits and retries.
          if (conn) snap.lastError = `Stream rules not updated: ${errorText(err)}`;
          else fail(causeOf(err), err, now);
        }
      }
      if (conn) await runBackfill(settings.handles, now);
      const nextAt = conn
        ? Math.min(now + STREAM_HEARTBEAT_MS, conn.lastDataAt + silenceMs + 1)
        : Math.min(Math.max(retryAt, now), now + STREAM_HEARTBEAT_MS);
      return { nextAt: Math.max(nextAt, now + 1) };
    },
  };
}
