import type { Db } from '../../../db/client';
import { domainErrorData } from '../../../lib/domain-error';
import { isImportance } from '../../../contract/enums';
import { ANNOUNCEMENT_EXCHANGES, DEFAULT_EXCHANGE_POLL_SECONDS, type AnnouncementExchange } from '../../../contract/news-pollers';
import type { AnnouncementReader, ExchangeAnnouncement } from '../../../providers/announcements/types';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import { errorText, SETTINGS_TTL_MS, stoppedOutcome, type PollOutcome, type SourcePoller } from '../pollers/poll-schedule';
import { knownIds } from './rss-poller';
import { announcementToNews, DEFAULT_OTHER_IMPORTANCE, type AnnouncementSettings } from './exchange-announcements';

/** A first read takes announcements of the last few minutes only: the rest is history, not news. */
export const FIRST_READ_WINDOW_MS = 10 * 60_000;
/** Later reads look this far behind the newest stored one (OKX's pTime may trail the page). */
export const LATE_ARRIVAL_MS = 60 * 60_000;

export interface ExchangeSourceConfig extends AnnouncementSettings {
  exchange: AnnouncementExchange;
  intervalSeconds: number;
}

export function exchangeSourceConfig(config: Record<string, unknown>): ExchangeSourceConfig | null {
  const exchange = config.exchange;
  if (typeof exchange !== 'string' || !(ANNOUNCEMENT_EXCHANGES as readonly string[]).includes(exchange)) return null;
  const seconds = Number(config.intervalSeconds);
  return {
    exchange: exchange as AnnouncementExchange,
    intervalSeconds: Number.isInteger(seconds) && seconds >= 1 ? seconds : DEFAULT_EXCHANGE_POLL_SECONDS,
    otherImportance: isImportance(config.otherImportance) ? config.otherImportance : DEFAULT_OTHER_IMPORTANCE,
  };
}

export interface AnnouncementIngest {
  ingest: IngestDeps;
  sourceId: string;
  settings: AnnouncementSettings;
  clock?: () => number;
}

/** Stores announcements not stored before (by id), oldest first, as critical tagged headlines for (de)listings. */
export async function ingestAnnouncements(
  deps: AnnouncementIngest,
  items: ExchangeAnnouncement[],
  receivedAt: number,
): Promise<{ stored: number; newestItemAt: number | null }> {
  const known = await knownIds(
    deps.ingest.newsDb,
    deps.sourceId,
    items.map((a) => a.id),
  );
  let stored = 0;
  let newestItemAt: number | null = null;
  for (const a of items.filter((i) => !known.has(i.id)).sort((x, y) => x.publishedAt - y.publishedAt)) {
    const news = announcementToNews(deps.sourceId, a, receivedAt, deps.settings);
    const outcome = await ingestNews(deps.ingest, news.raw, news.overrides);
    if (outcome.status === 'stored') stored++;
    if (newestItemAt === null || a.publishedAt > newestItemAt) newestItemAt = a.publishedAt;
  }
  return { stored, newestItemAt };
}

/**
 * One exchange's announcements (Bybit, OKX), read by its poller Durable Object every 1–2 s (the
 * source's intervalSeconds) within the exchange's published limits: one request per poll, a
 * conditional one where the exchange sends an ETag. New announcements go through ingestNews with
 * the exchange's name as source; listings and delistings become critical headlines tagged with
 * their symbols. After a gap (a restart, an outage) everything newer than the newest stored
 * announcement is read; the very first read takes only the last few minutes.
 */
export function exchangeAnnouncementPoller(
  deps: {
    db: Db;
    ingest: IngestDeps;
    readerFor: (exchange: AnnouncementExchange) => AnnouncementReader | null;
    clock?: () => number;
  },
  sourceId: string,
): SourcePoller {
  const clock = deps.clock ?? Date.now;
  let cached: { enabled: boolean; config: ExchangeSourceConfig | null; at: number } | null = null;
  let reader: { exchange: AnnouncementExchange; reader: AnnouncementReader } | null = null;
  let since: number | null = null;
  let etag: string | null = null;

  async function load(now: number) {
    if (cached && now - cached.at < SETTINGS_TTL_MS) return cached;
    const row = await deps.db.query.newsSources.findFirst({ where: (s, { eq }) => eq(s.id, sourceId) });
    cached = row && row.kind === 'exchange' ? { enabled: row.enabled, config: exchangeSourceConfig(row.config), at: now } : null;
    return cached;
  }

  return {
    invalidate() {
      cached = null;
    },
    async poll(now): Promise<PollOutcome> {
      const source = await load(now);
      const idle = (reason: string) => stoppedOutcome(reason, DEFAULT_EXCHANGE_POLL_SECONDS * 1000);
      if (!source?.config) return idle('The source was removed');
      if (!source.enabled) return idle('Disabled');
      const { config } = source;
      const intervalMs = config.intervalSeconds * 1000;
      if (reader?.exchange !== config.exchange) {
        const built = deps.readerFor(config.exchange);
        if (!built) return idle(`${config.exchange} announcements are pushed, not polled`);
        reader = { exchange: config.exchange, reader: built };
      }
      if (since === null) {
        const newest = await deps.ingest.newsDb.$client
          .prepare(`SELECT max(ts) AS ts FROM news_items WHERE source_id = ?1`)
          .bind(sourceId)
          .first<{ ts: number | null }>();
        since = newest?.ts ? newest.ts - LATE_ARRIVAL_MS : now - FIRST_READ_WINDOW_MS;
      }
      try {
        const page = await reader.reader.latest({ etag });
        const receivedAt = clock();
        etag = page.etag;
        const fresh = page.items.filter((a) => a.publishedAt >= since!);
        const { stored, newestItemAt } = await ingestAnnouncements(
          { ingest: deps.ingest, sourceId, settings: config, clock },
          fresh,
          receivedAt,
        );
        if (newestItemAt !== null) since = Math.max(since, newestItemAt - LATE_ARRIVAL_MS);
        return { intervalMs, state: 'polling', ok: true, stored, newestItemAt, requests: 1 };
      } catch (err) {
        const data = domainErrorData(err) ?? {};
        const retryAt = typeof data.retryAt === 'number' ? data.retryAt : null;
        return {
          intervalMs,
          state: retryAt ? 'rate-limited' : 'failing',
          ok: false,
          notBefore: retryAt,
          rateLimitedUntil: retryAt,
          error: errorText(err),
          stored: 0,
          requests: 1,
        };
      }
    },
  };
}
