import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { DomainError, domainErrorData } from '../../../lib/domain-error';
import { twitterHandles, twitterPollingSessions } from '../../../db/schema/news';
import { X_RATE_WINDOW_MS } from '../../../providers/twitter/errors';
import type { XClient, XTweet } from '../../../providers/twitter/client';
import { planPoll } from '../../../providers/twitter/schedule';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import type { RawNewsItem } from '../types';

export const X_TOKEN_MISSING = 'X_BEARER_TOKEN is not set: Twitter polling is off. An admin can add the secret to turn it on.';
/** A cron tick a few seconds early still counts as due (the tick time is the minute boundary). */
const SLACK_MS = 5_000;
const MAX_RESULTS = 20;
const MAX_ERROR_LENGTH = 1_000;

export interface TwitterPollDeps {
  db: Db;
  ingest: IngestDeps;
  /** null when X_BEARER_TOKEN is not configured */
  x: Pick<XClient, 'lookupUser' | 'userTimeline'> | null;
  /** the cron tick, ms */
  now: number;
  /** receipt time of posts; default Date.now */
  clock?: () => number;
}

export interface TwitterPollResult {
  polledSessions: number;
  requests: number;
  stored: number;
  duplicates: number;
  errors: number;
  rateLimitedUntil: number | null;
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
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  if (err instanceof DomainError) return { code: err.code, message, data: domainErrorData(err) ?? {} };
  return { code: 'INTERNAL_SERVER_ERROR', message, data: { retryable: true } };
}

/**
 * Runs the enabled twitter polling sessions that planPoll says are due (inside the active UTC
 * window, interval passed, not rate-limited). Each handle's user id is looked up once and stored;
 * its timeline is read from the since-id cursor kept per handle in the session's `cursors`, and
 * every post goes through ingestNews as source `twitter:<handle>`. Cursors advance only after the
 * handle's posts were stored, so a failure re-reads them next time (the store ignores repeats).
 * A 429 stops this run (X's limits are per app) and parks the session until data.retryAt.
 */
export async function pollTwitterSessions(deps: TwitterPollDeps): Promise<TwitterPollResult> {
  const { db, x, now } = deps;
  const clock = deps.clock ?? Date.now;
  const result: TwitterPollResult = {
    polledSessions: 0,
    requests: 0,
    stored: 0,
    duplicates: 0,
    errors: 0,
    rateLimitedUntil: null,
  };
  const sessions = await db.select().from(twitterPollingSessions).where(eq(twitterPollingSessions.enabled, true));
  if (!x) {
    // Say so where the admins look, once (no write when the message is already there).
    const stale = sessions.filter((s) => s.lastError !== X_TOKEN_MISSING);
    for (const s of stale) {
      await db.update(twitterPollingSessions).set({ lastError: X_TOKEN_MISSING }).where(eq(twitterPollingSessions.id, s.id));
    }
    return result;
  }
  const handles = new Map((await db.select().from(twitterHandles)).map((h) => [h.id, h]));

  for (const session of sessions) {
    if (result.rateLimitedUntil !== null) break;
    const plan = planPoll(session, now, { slackMs: SLACK_MS });
    if (!plan.poll) continue;
    result.polledSessions++;
    const cursors = { ...session.cursors };
    const errors: string[] = [];
    let rateLimitedUntil: number | null = null;

    for (const handleId of session.handleIds) {
      const handle = handles.get(handleId);
      if (!handle?.enabled) continue;
      try {
        if (!handle.userId) {
          result.requests++;
          const user = await x.lookupUser(handle.handle);
          await db.update(twitterHandles).set({ userId: user.id }).where(eq(twitterHandles.id, handle.id));
          handle.userId = user.id;
        }
        result.requests++;
        const page = await x.userTimeline(handle.userId, { sinceId: cursors[handleId], maxResults: MAX_RESULTS });
        const receivedAt = clock();
        for (const tweet of page.tweets) {
          const stored = await ingestNews(deps.ingest, tweetToRaw(handle.handle, tweet, receivedAt));
          if (stored.status === 'stored') result.stored++;
          else result.duplicates++;
        }
        if (page.newestId) cursors[handleId] = page.newestId;
        if (page.truncated)
          errors.push(`@${handle.handle}: more posts than 3 pages since the last poll; the oldest were skipped`);
        if (page.rateLimit && page.rateLimit.remaining <= 0) {
          // The window is used up: wait for its reset rather than earn a 429.
          rateLimitedUntil = page.rateLimit.resetAt;
          break;
        }
      } catch (err) {
        const { code, message, data } = errorInfo(err);
        result.errors++;
        errors.push(`@${handle.handle}: ${message}`);
        if (code === 'TOO_MANY_REQUESTS') {
          rateLimitedUntil = typeof data.retryAt === 'number' ? data.retryAt : now + X_RATE_WINDOW_MS;
          break;
        }
        // A rejected token or plan fails every handle alike: stop rather than repeat it.
        if (data.retryable === false && data.permanent !== true) break;
      }
    }

    await db
      .update(twitterPollingSessions)
      .set({
        cursors,
        lastPolledAt: now,
        rateLimitedUntil,
        lastError: errors.length ? errors.join('; ').slice(0, MAX_ERROR_LENGTH) : null,
      })
      .where(eq(twitterPollingSessions.id, session.id));
    if (rateLimitedUntil !== null) result.rateLimitedUntil = rateLimitedUntil;
  }
  return result;
}
