import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { DomainError, domainErrorData } from '../../../lib/domain-error';
import { twitterHandles, twitterPollingSessions } from '../../../db/schema/news';
import { X_RATE_WINDOW_MS } from '../../../providers/twitter/errors';
import type { XClient, XTweet } from '../../../providers/twitter/client';
import { inWindow, nextInWindow, parseWindow } from '../../../providers/twitter/schedule';
import { chunkHandles, xSearchQuery } from '../../../contract/news-pollers';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import type { RawNewsItem } from '../types';
import { errorText, idleOutcome, SETTINGS_TTL_MS, stoppedOutcome, type SourcePoller } from '../pollers/poll-schedule';

export const X_TOKEN_MISSING = 'X_BEARER_TOKEN is not set: Twitter polling is off. An admin can add the secret to turn it on.';
const MAX_RESULTS = 20;
const MAX_ERROR_LENGTH = 1_000;

export interface TwitterPollDeps {
  db: Db;
  ingest: IngestDeps;
  /** null when X_BEARER_TOKEN is not configured */
  x: Pick<XClient, 'searchRecent'> | null;
  /** receipt time of posts; default Date.now */
  clock?: () => number;
}

export function tweetToRaw(handle: string, tweet: XTweet, receivedAt: number): RawNewsItem {
  return {
    source: { id: `twitter:${handle}`, kind: 'twitter', name: `@${handle}` },
    externalId: tweet.id,
    publishedAt: tweet.createdAt,
    receivedAt,
    author: `@${tweet.authorUsername ?? handle}`,
    title: tweet.text,
    url: tweet.url,
  };
}

function errorInfo(err: unknown): { code: string; message: string; data: Record<string, unknown> } {
  const message = errorText(err, 300);
  if (err instanceof DomainError) return { code: err.code, message, data: domainErrorData(err) ?? {} };
  return { code: 'INTERNAL_SERVER_ERROR', message, data: { retryable: true } };
}

/** Says on every enabled session that X polling is off (once: no write when it already says so). */
export async function markTwitterSessionsOff(db: Db): Promise<number> {
  const sessions = await db.select().from(twitterPollingSessions).where(eq(twitterPollingSessions.enabled, true));
  const stale = sessions.filter((s) => s.lastError !== X_TOKEN_MISSING);
  for (const s of stale) {
    await db.update(twitterPollingSessions).set({ lastError: X_TOKEN_MISSING }).where(eq(twitterPollingSessions.id, s.id));
  }
  return stale.length;
}

type SessionRow = typeof twitterPollingSessions.$inferSelect;
type HandleRow = typeof twitterHandles.$inferSelect;

/**
 * One twitter polling session, read by its poller Durable Object every `intervalSeconds` inside its
 * active UTC window: one recent-search request per poll for all its handles
 * (`(from:a OR from:b …) -is:retweet -is:reply`, split only where X's query length requires it),
 * instead of a timeline request per handle. Each post goes through ingestNews as source
 * `twitter:<handle>`. The since-id cursor is kept per handle (a group reads from the oldest of its
 * handles' cursors; repeats are not stored twice) and advances only after the posts were stored.
 * A 429, or a window used up, parks the session until X's reset.
 */
export function twitterSessionPoller(deps: TwitterPollDeps, sessionId: string): SourcePoller {
  const clock = deps.clock ?? Date.now;
  let cached: { session: SessionRow; handles: HandleRow[]; at: number } | null = null;
  let rateLimitedUntil: number | null | undefined;

  async function load(now: number) {
    if (cached && now - cached.at < SETTINGS_TTL_MS) return cached;
    const session = await deps.db.query.twitterPollingSessions.findFirst({ where: eq(twitterPollingSessions.id, sessionId) });
    if (!session) return (cached = null);
    const all = await deps.db.select().from(twitterHandles);
    const byId = new Map(all.map((h) => [h.id, h]));
    const handles = session.handleIds.map((id) => byId.get(id)).filter((h): h is HandleRow => h?.enabled === true);
    return (cached = { session, handles, at: now });
  }

  return {
    invalidate() {
      cached = null;
    },
    async poll(now) {
      const loaded = await load(now);
      if (!loaded) return stoppedOutcome('The polling session was removed', 60_000);
      const { session, handles } = loaded;
      const intervalMs = Math.max(1, session.intervalSeconds) * 1000;
      if (!session.enabled) return stoppedOutcome('Disabled', intervalMs);
      if (!deps.x) {
        await markTwitterSessionsOff(deps.db);
        return stoppedOutcome(X_TOKEN_MISSING, intervalMs);
      }
      const window = parseWindow(session.activeFromUtc, session.activeToUtc);
      if (!inWindow(window, now)) return idleOutcome(intervalMs, { state: 'waiting', notBefore: nextInWindow(window, now) });
      rateLimitedUntil ??= session.rateLimitedUntil;
      if (rateLimitedUntil && rateLimitedUntil > now) {
        return idleOutcome(intervalMs, { state: 'rate-limited', notBefore: rateLimitedUntil, rateLimitedUntil });
      }
      rateLimitedUntil = null;

      const byName = new Map(handles.map((h) => [h.handle.toLowerCase(), h]));
      const cursors = { ...session.cursors };
      const errors: string[] = [];
      let requests = 0;
      let stored = 0;
      let newestItemAt: number | null = null;
      for (const group of chunkHandles(handles.map((h) => h.handle))) {
        const ids = group.map((name) => byName.get(name.toLowerCase())!.id);
        const own = ids.map((id) => cursors[id]);
        // The oldest cursor of the group: a handle read for the first time has none, and the group
        // then reads only the newest page (no backfill), like a first poll.
        const sinceId = own.every((c): c is string => typeof c === 'string')
          ? own.reduce((a, b) => (BigInt(a) < BigInt(b) ? a : b))
          : undefined;
        try {
          const page = await deps.x.searchRecent(xSearchQuery(group), { sinceId, maxResults: MAX_RESULTS });
          requests += page.requests ?? 1;
          const receivedAt = clock();
          for (const tweet of page.tweets) {
            const handle = byName.get((tweet.authorUsername ?? '').toLowerCase())?.handle ?? tweet.authorUsername ?? 'unknown';
            const outcome = await ingestNews(deps.ingest, tweetToRaw(handle, tweet, receivedAt));
            if (outcome.status === 'stored') stored++;
            if (newestItemAt === null || tweet.createdAt > newestItemAt) newestItemAt = tweet.createdAt;
          }
          if (page.newestId) for (const id of ids) cursors[id] = page.newestId;
          if (page.truncated)
            errors.push(
              `more posts than 3 pages since the last poll for ${group.map((h) => `@${h}`).join(', ')}; the oldest were skipped`,
            );
          if (page.rateLimit && page.rateLimit.remaining <= 0) {
            // The window is used up: wait for its reset rather than earn a 429.
            rateLimitedUntil = page.rateLimit.resetAt;
            break;
          }
        } catch (err) {
          requests++;
          const { code, message, data } = errorInfo(err);
          errors.push(message);
          if (code === 'TOO_MANY_REQUESTS') {
            rateLimitedUntil = typeof data.retryAt === 'number' ? data.retryAt : now + X_RATE_WINDOW_MS;
            break;
          }
          // A rejected token or plan fails every group alike: stop rather than repeat it.
          if (data.retryable === false) break;
        }
      }
      const cursorsChanged = JSON.stringify(cursors) !== JSON.stringify(session.cursors);
      if (cursorsChanged) {
        await deps.db.update(twitterPollingSessions).set({ cursors }).where(eq(twitterPollingSessions.id, session.id));
        session.cursors = cursors;
      }
      const error = errors.length ? errors.join('; ').slice(0, MAX_ERROR_LENGTH) : null;
      const limited = rateLimitedUntil !== null && rateLimitedUntil > now;
      return {
        intervalMs,
        state: limited ? 'rate-limited' : error ? 'failing' : 'polling',
        ok: !error,
        notBefore: limited ? rateLimitedUntil : null,
        rateLimitedUntil: limited ? rateLimitedUntil : null,
        error,
        stored,
        newestItemAt,
        requests,
      };
    },
  };
}
