import type { Db, NewsDb } from '../../../db/client';
import { domainError, domainErrorData } from '../../../lib/domain-error';
import type { FetchFn } from '../../../providers/http';
import type { FeedItem } from '../../../providers/rss/feed';
import { fetchFeed } from '../../../providers/rss/fetch';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import type { SourceKind } from '../../../contract/enums';
import type { RawNewsItem } from '../types';
import { errorText, SETTINGS_TTL_MS, stoppedOutcome, type SourcePoller } from '../pollers/poll-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Default time between two reads of a healthy feed (conditional GETs are cheap); an admin may set 1 s–1 day. */
export const DEFAULT_FEED_INTERVAL_SECONDS = 60;
/** A Retry-After beyond this is capped: an admin can always re-enable the source by hand. */
const MAX_RETRY_AFTER_MS = 24 * HOUR;
/** Items taken from one document (feeds list newest first). */
const MAX_ITEMS = 50;

/** Wait after the n-th failure in a row: the interval (at least 1 min), doubling, capped at 1 h. */
export function feedBackoffMs(consecutiveFailures: number, intervalMs = MINUTE): number {
  const n = Math.max(1, Math.floor(consecutiveFailures));
  return Math.min(HOUR, Math.max(MINUTE, intervalMs) * 2 ** Math.min(n - 1, 20));
}

export interface RssPollDeps {
  db: Db;
  ingest: IngestDeps;
  fetch?: FetchFn;
  /** receipt time of items; default Date.now */
  clock?: () => number;
}

interface SourceRow {
  id: string;
  kind: SourceKind;
  name: string;
  config: string;
  enabled: number;
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

export function feedIntervalMs(config: { intervalSeconds?: unknown }): number {
  const seconds = Number(config.intervalSeconds);
  return (Number.isFinite(seconds) && seconds >= 1 ? Math.floor(seconds) : DEFAULT_FEED_INTERVAL_SECONDS) * 1000;
}

export function feedItemToRaw(
  source: { id: string; kind: SourceKind; name: string },
  item: FeedItem,
  receivedAt: number,
): RawNewsItem {
  return {
    source,
    externalId: item.id,
    // A feed item without a date has no known publication time: its delay stays unknown.
    publishedAt: item.publishedAt ?? item.updatedAt ?? 0,
    receivedAt,
    author: item.author ?? undefined,
    title: item.title,
    body: item.summary || undefined,
    url: item.link ?? undefined,
  };
}

/** External ids of this source already stored (≤ 90 bound parameters per statement). */
export async function knownIds(newsDb: NewsDb, sourceId: string, ids: string[]): Promise<Set<string>> {
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

/**
 * One RSS/Atom source, read by its poller Durable Object every `intervalSeconds` (default 60) with
 * conditional GETs: the ETag / Last-Modified of the last 200 are kept in memory and written into the
 * source's config only when they change. New items (by item id, the external id) go through
 * ingestNews. A failure backs off (the interval, doubling, 1 min to 1 h; a longer Retry-After wins).
 * The source's health is recorded by the poller (pollers/poller-health.ts).
 */
export function rssSourcePoller(deps: RssPollDeps, sourceId: string): SourcePoller {
  const clock = deps.clock ?? Date.now;
  let row: SourceRow | null = null;
  let loadedAt = -Infinity;
  let validators: { etag: string | null; lastModified: string | null } | null = null;
  let failures: number | null = null;

  async function load(now: number) {
    if (row && now - loadedAt < SETTINGS_TTL_MS) return row;
    row = await deps.db.$client
      .prepare(`SELECT id, kind, name, config, enabled, consecutive_failures FROM news_sources WHERE id = ?1`)
      .bind(sourceId)
      .first<SourceRow>();
    loadedAt = now;
    return row;
  }

  return {
    invalidate() {
      row = null;
    },
    async poll(now) {
      const source = await load(now);
      if (!source || (source.kind !== 'rss' && source.kind !== 'atom')) return stoppedOutcome('The source was removed', MINUTE);
      if (!source.enabled) return stoppedOutcome('Disabled', MINUTE);
      const config = parseConfig(source.config);
      const intervalMs = feedIntervalMs(config);
      validators ??= { etag: str(config.etag), lastModified: str(config.lastModified) };
      failures ??= source.consecutive_failures;
      let requests = 0;
      try {
        const url = str(config.url);
        if (!url) throw domainError('BAD_REQUEST', 'The source has no feed URL (config.url).');
        requests++;
        const res = await fetchFeed(url, { fetch: deps.fetch, etag: validators.etag, lastModified: validators.lastModified });
        const receivedAt = clock();
        let stored = 0;
        let newestItemAt: number | null = null;
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
          for (const item of fresh) {
            const outcome = await ingestNews(deps.ingest, feedItemToRaw(source, item, receivedAt));
            if (outcome.status === 'stored') stored++;
            const at = item.publishedAt ?? item.updatedAt;
            if (at && (newestItemAt === null || at > newestItemAt)) newestItemAt = at;
          }
        }
        if (res.etag !== validators.etag || res.lastModified !== validators.lastModified) {
          validators = { etag: res.etag, lastModified: res.lastModified };
          // Only the validators are written: an admin editing the source meanwhile keeps the rest.
          await deps.db.$client
            .prepare(`UPDATE news_sources SET config = json_set(config, '$.etag', ?2, '$.lastModified', ?3) WHERE id = ?1`)
            .bind(source.id, res.etag, res.lastModified)
            .run();
        }
        failures = 0;
        return { intervalMs, state: 'polling', ok: true, stored, newestItemAt, requests };
      } catch (err) {
        const data = domainErrorData(err) ?? {};
        failures++;
        const retryAfterMs = typeof data.retryAfter === 'number' ? Math.min(MAX_RETRY_AFTER_MS, data.retryAfter * 1000) : 0;
        const limited = data.httpStatus === 429 || retryAfterMs > 0;
        const notBefore = now + Math.max(feedBackoffMs(failures, intervalMs), retryAfterMs);
        return {
          intervalMs,
          state: limited ? 'rate-limited' : 'failing',
          ok: false,
          notBefore,
          rateLimitedUntil: limited ? notBefore : null,
          error: errorText(err),
          stored: 0,
          requests,
        };
      }
    },
  };
}
