import type { Db, NewsDb } from '../../../db/client';
import { domainError, domainErrorData } from '../../../lib/domain-error';
import type { FetchFn } from '../../../providers/http';
import type { FeedItem } from '../../../providers/rss/feed';
import { fetchFeed } from '../../../providers/rss/fetch';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import type { SourceKind } from '../../../contract/enums';
import type { RawNewsItem } from '../types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Default and minimum time between two reads of a healthy feed (conditional GETs are cheap). */
export const DEFAULT_FEED_INTERVAL_SECONDS = 60;
/** A Retry-After beyond this is capped: an admin can always re-enable the source by hand. */
const MAX_RETRY_AFTER_MS = 24 * HOUR;
/** Feeds read per run, a few at a time. */
const SOURCES_PER_RUN = 20;
const CONCURRENCY = 4;
/** Items taken from one document (feeds list newest first). */
const MAX_ITEMS = 50;

/** Wait after the n-th failure in a row: 1 min, 2, 4, … capped at 1 h. */
export function feedBackoffMs(consecutiveFailures: number): number {
  const n = Math.max(1, Math.floor(consecutiveFailures));
  return Math.min(HOUR, MINUTE * 2 ** Math.min(n - 1, 20));
}

export interface RssPollDeps {
  db: Db;
  ingest: IngestDeps;
  /** the cron tick, ms */
  now: number;
  fetch?: FetchFn;
  /** receipt time of items; default Date.now */
  clock?: () => number;
}

export interface RssSourceOutcome {
  sourceId: string;
  ok: boolean;
  notModified?: boolean;
  stored: number;
  error?: string;
  nextAttemptAt: number;
}

interface SourceRow {
  id: string;
  kind: SourceKind;
  name: string;
  config: string;
  consecutive_failures: number;
}

interface FeedConfig {
  url?: unknown;
  etag?: unknown;
  lastModified?: unknown;
  intervalSeconds?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

function parseConfig(text: string): FeedConfig {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as FeedConfig) : {};
  } catch {
    return {};
  }
}

export function feedItemToRaw(
  source: { id: string; kind: SourceKind; name: string },
  item: FeedItem,
  receivedAt: number,
): RawNewsItem {
  return {
    source,
    externalId: item.id,
    publishedAt: item.publishedAt ?? item.updatedAt ?? receivedAt,
    receivedAt,
    author: item.author ?? undefined,
    title: item.title,
    body: item.summary || undefined,
    url: item.link ?? undefined,
  };
}

/** External ids of this source already stored (≤ 90 bound parameters per statement). */
async function knownIds(newsDb: NewsDb, sourceId: string, ids: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const { results } = await newsDb.$client
      .prepare(
        `SELECT external_id FROM news_items WHERE source_id = ?1 AND external_id IN (${chunk.map((_, j) => `?${j + 2}`).join(', ')})`,
      )
      .bind(sourceId, ...chunk)
      .all<{ external_id: string }>();
    for (const r of results) known.add(r.external_id);
  }
  return known;
}

async function pollOne(deps: RssPollDeps, source: SourceRow): Promise<RssSourceOutcome> {
  const { db, now } = deps;
  const d1 = db.$client;
  const clock = deps.clock ?? Date.now;
  const config = parseConfig(source.config);
  const intervalMs =
    Math.max(DEFAULT_FEED_INTERVAL_SECONDS, Number(config.intervalSeconds) || DEFAULT_FEED_INTERVAL_SECONDS) * 1000;
  try {
    const url = str(config.url);
    if (!url) throw domainError('BAD_REQUEST', 'The source has no feed URL (config.url).');
    const res = await fetchFeed(url, { fetch: deps.fetch, etag: str(config.etag), lastModified: str(config.lastModified) });
    let stored = 0;
    if (!res.notModified) {
      const items = res.items.slice(0, MAX_ITEMS);
      const known = await knownIds(
        deps.ingest.newsDb,
        source.id,
        items.map((i) => i.id),
      );
      const fresh = items
        .filter((i) => !known.has(i.id))
        .sort((a, b) => (a.publishedAt ?? a.updatedAt ?? 0) - (b.publishedAt ?? b.updatedAt ?? 0));
      const receivedAt = clock();
      for (const item of fresh) {
        const outcome = await ingestNews(deps.ingest, feedItemToRaw(source, item, receivedAt));
        if (outcome.status === 'stored') stored++;
      }
    }
    const nextAttemptAt = now + intervalMs;
    // Only the validators are written into config: an admin editing the source meanwhile keeps the rest.
    await d1
      .prepare(
        `UPDATE news_sources SET config = json_set(config, '$.etag', ?2, '$.lastModified', ?3),
           last_success_at = ?4, consecutive_failures = 0, next_attempt_at = ?5 WHERE id = ?1`,
      )
      .bind(source.id, res.etag, res.lastModified, now, nextAttemptAt)
      .run();
    return { sourceId: source.id, ok: true, notModified: res.notModified, stored, nextAttemptAt };
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const data = domainErrorData(err) ?? {};
    const failures = source.consecutive_failures + 1;
    const retryAfterMs = typeof data.retryAfter === 'number' ? Math.min(MAX_RETRY_AFTER_MS, data.retryAfter * 1000) : 0;
    const nextAttemptAt = now + Math.max(feedBackoffMs(failures), retryAfterMs);
    await d1
      .prepare(
        `UPDATE news_sources SET last_error_at = ?2, last_error = ?3, consecutive_failures = ?4, next_attempt_at = ?5 WHERE id = ?1`,
      )
      .bind(source.id, now, message, failures, nextAttemptAt)
      .run();
    return { sourceId: source.id, ok: false, stored: 0, error: message, nextAttemptAt };
  }
}

/**
 * Reads the enabled RSS/Atom sources whose next_attempt_at has come, with conditional GETs (the
 * ETag / Last-Modified of the last 200 live in the source's config). New items (by item id, the
 * external id) go through ingestNews. Health is recorded on the source: last_success_at, or
 * last_error_at / last_error / consecutive_failures with next_attempt_at backing off 1 min → 1 h
 * (a longer Retry-After wins).
 */
export async function pollRssSources(deps: RssPollDeps): Promise<RssSourceOutcome[]> {
  const { results: sources } = await deps.db.$client
    .prepare(
      `SELECT id, kind, name, config, consecutive_failures FROM news_sources
       WHERE kind IN ('rss', 'atom') AND enabled = 1 AND (next_attempt_at IS NULL OR next_attempt_at <= ?1)
       ORDER BY coalesce(next_attempt_at, 0) LIMIT ?2`,
    )
    .bind(deps.now, SOURCES_PER_RUN)
    .all<SourceRow>();
  const outcomes: RssSourceOutcome[] = [];
  for (let i = 0; i < sources.length; i += CONCURRENCY) {
    outcomes.push(...(await Promise.all(sources.slice(i, i + CONCURRENCY).map((s) => pollOne(deps, s)))));
  }
  return outcomes;
}
