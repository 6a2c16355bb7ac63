import type { Db } from '../db/client';
import { runOutboxSender } from '../domains/news/outbox-sender';
import { measurePriceMoves } from '../domains/news/price-moves';
import { pollRssSources } from '../domains/news/rss-poller';
import { runNewsSimulator } from '../domains/news/simulated-source';
import { enqueueTelegramForItem } from '../domains/news/telegram-outbox';
import { pollTwitterSessions } from '../domains/news/twitter-poller';
import type { IngestDeps } from '../domains/news/ingest';
import type { Bindings } from '../env';
import { defaultExchangeKind } from '../exchanges/factory';
import { adapterFor } from '../exchanges/for-env';
import { TelegramClient } from '../providers/telegram/client';
import { XClient } from '../providers/twitter/client';

/** Optional secrets: without one, that provider is off (and its health says so). */
export type NewsEnv = Bindings & { TELEGRAM_BOT_TOKEN?: string; X_BEARER_TOKEN?: string };

export const TELEGRAM_TOKEN_MISSING =
  'TELEGRAM_BOT_TOKEN is not set: Telegram is off (nothing is sent; queued messages wait). An admin can add the secret to turn it on.';

/** Polled items older than this are stored but not forwarded: a first read of a feed is history. */
export const FORWARD_MAX_AGE_MS = 30 * 60_000;

const secret = (value: string | undefined) => value?.trim() || null;

export function exchangeFor(env: Bindings) {
  return adapterFor(env, defaultExchangeKind(env as never));
}

/** Ingest as the pollers use it: stored items go to the news hub, fresh ones to the Telegram outbox. */
export function pollerIngestDeps(env: Bindings, db: Db, clock: () => number = Date.now): IngestDeps {
  return {
    db,
    env,
    exchange: exchangeFor(env),
    afterStore: async (item, forward) => {
      if (clock() - item.ts > FORWARD_MAX_AGE_MS) return;
      await enqueueTelegramForItem(db, item, forward);
    },
  };
}

/**
 * The news jobs of the minute cron (see cron/index.ts: each runs on its own, one failing does not
 * stop the others). The Telegram sender keeps looking for new outbox rows while this tick's
 * pollers run, so a headline they forward goes out in seconds rather than on the next tick.
 */
export function newsJobs(env: Bindings, db: Db, now: number): Record<string, () => Promise<unknown>> {
  const e = env as NewsEnv;
  let pending = 0;
  let producersDone!: () => void;
  const produced = new Promise<void>((resolve) => (producersDone = resolve));
  const producer =
    <T>(run: () => Promise<T>) =>
    async () => {
      pending++;
      try {
        return await run();
      } finally {
        if (--pending === 0) producersDone();
      }
    };

  return {
    newsTwitter: producer(() => {
      const token = secret(e.X_BEARER_TOKEN);
      const x = token ? new XClient({ baseUrl: e.X_BASE_URL || undefined, bearerToken: token }) : null;
      return pollTwitterSessions({ db, ingest: pollerIngestDeps(env, db), x, now });
    }),
    newsRss: producer(() => pollRssSources({ db, ingest: pollerIngestDeps(env, db), now })),
    newsSimulator: producer(async () => {
      const flag: string = e.LOCAL_NEWS_SIMULATOR;
      if (flag !== '1') return { off: true };
      return runNewsSimulator({ db, ingest: pollerIngestDeps(env, db), now });
    }),
    newsPriceMoves: () => measurePriceMoves({ db, exchange: exchangeFor(env), now: Date.now() }),
    telegramOutbox: async () => {
      const token = secret(e.TELEGRAM_BOT_TOKEN);
      if (!token) {
        // Health of the Telegram sources (webhooks) says why nothing moves; written once.
        await db.$client
          .prepare(
            `UPDATE news_sources SET last_error = ?1, last_error_at = ?2 WHERE kind = 'telegram' AND (last_error IS NULL OR last_error <> ?1)`,
          )
          .bind(TELEGRAM_TOKEN_MISSING, now)
          .run();
        return { off: true };
      }
      const telegram = new TelegramClient({ baseUrl: e.TELEGRAM_BASE_URL || undefined, token });
      return runOutboxSender({ db, telegram, keepAliveUntil: produced });
    },
  };
}
