import { env } from 'cloudflare:workers';
import { insertTwitterSession, telegramOutboxRow } from '../test/news-rows';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsSources, outbox, telegramChats } from '../db/schema/news';
import { newsItems } from '../db/schema-news';
import { getProviderConfig, type Bindings } from '../env';
import { db, newsDb } from '../test/harness';
import { invalidateClassifyConfig } from '../domains/news/ingest/classify-config';
import { ingestNews } from '../domains/news/ingest/ingest';
import { getTelegramSendingStatus, TELEGRAM_TOKEN_MISSING } from '../domains/telegram-outbox/outbox-status';
import { newsIngestDeps } from '../wiring/news-ingest';
import { X_TOKEN_MISSING } from '../domains/news/sources/twitter-poller';
import { newsJobs } from './news-jobs';
import { until } from '../test/eventually';

const base = env as unknown as Bindings;
const NOW = Date.now();

describe('news cron jobs', () => {
  it('the simulator runs only when LOCAL_NEWS_SIMULATOR is "1"', async () => {
    expect(await newsJobs(base, db, NOW).newsSimulator!()).toEqual({ off: true });
    expect(await newsDb.select().from(newsItems).where(like(newsItems.sourceId, 'sim:%'))).toHaveLength(0);

    const on = { ...base, LOCAL_NEWS_SIMULATOR: '1' } as unknown as Bindings;
    const result = (await newsJobs(on, db, NOW).newsSimulator!()) as { stored: number };
    expect(result.stored).toBeGreaterThan(0);
    expect(await newsDb.select().from(newsItems).where(like(newsItems.sourceId, 'sim:%'))).toHaveLength(result.stored);
  });

  it('without secrets, Telegram forwarding and X are off: X sessions say so, Telegram sources stay untouched', async () => {
    // A Telegram news source is an inbound webhook: it works without the bot token.
    await db.insert(newsSources).values({ id: 'tg', kind: 'telegram', name: 'TG', config: {}, createdAt: NOW });
    await db.insert(outbox).values(
      telegramOutboxRow({
        id: 'o1',
        target: '-100500',
        payload: { text: 'waiting' },
        nextAttemptAt: NOW - 1_000,
        createdAt: NOW - 1_000,
      }),
    );
    await insertTwitterSession({
      id: 's',
      name: 'S',
      createdAt: NOW,
    });
    const jobs = newsJobs(base, db, NOW);
    expect(await jobs.telegramOutbox!()).toEqual({ off: true });
    await jobs.newsPollers!();
    expect((await db.query.newsSources.findFirst())!).toMatchObject({
      lastError: null,
      lastErrorAt: null,
      consecutiveFailures: 0,
    });
    expect((await db.query.twitterPollingSessions.findFirst())!).toMatchObject({ lastError: X_TOKEN_MISSING });
    // The outbound side reports it instead (getTelegramStatus), and the queued message waits.
    expect(await getTelegramSendingStatus(db, getProviderConfig(base).telegram.token)).toEqual({
      sending: false,
      reason: TELEGRAM_TOKEN_MISSING,
      queued: 1,
      lastSentAt: null,
      lastError: null,
    });
    expect((await db.query.outbox.findFirst())!).toMatchObject({ status: 'pending', attempts: 0 });
    await db.delete(outbox);
  });

  it('pollers forward fresh items to Telegram, not old ones read for the first time', async () => {
    await db
      .insert(telegramChats)
      .values({ id: 'c', chatId: '-100500', title: 'Desk', minImportance: 'low', symbols: [], createdAt: NOW });
    invalidateClassifyConfig();
    const deps = newsIngestDeps(base, db, () => NOW);
    const raw = (title: string, publishedAt: number) => ({
      source: { id: 'rss-x', kind: 'rss' as const, name: 'X' },
      externalId: title,
      publishedAt,
      receivedAt: NOW,
      title,
    });
    await ingestNews(deps, raw('Fresh headline about markets', NOW - 60_000));
    await ingestNews(deps, raw('Old headline about markets', NOW - 3 * 3_600_000));
    // Written with the headline, moved to the outbox in the background.
    const queued = await until(
      () => db.select().from(outbox),
      (rows) => rows.length > 0,
    );
    expect(queued.map((r) => r.payload.title)).toEqual(['Fresh headline about markets']);
  });
});
