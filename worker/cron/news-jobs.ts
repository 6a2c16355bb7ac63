import type { Db } from '../db/client';
import { runOutboxSender } from '../domains/news/outbox-sender';
import { telegramBotToken } from '../domains/news/outbox-status';
import { mergeNewsIndex } from '../domains/news/news-index-merge';
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

/**
 * Optional secrets: without one, that provider is off. X polling sessions say so in their health;
 * Telegram forwarding says so in getTelegramStatus (the Telegram news sources are inbound webhooks
 * and do not need the token).
 */
export type NewsEnv = Bindings & { TELEGRAM_BOT_TOKEN?: string; X_BEARER_TOKEN?: string };

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
    newsIndexMerge: () => mergeNewsIndex(db),
    newsPriceMoves: () => measurePriceMoves({ db, exchange: exchangeFor(env), now: Date.now() }),
    telegramOutbox: async () => {
      const token = telegramBotToken(e);
      // Queued messages wait; the Telegram chats page shows why (getTelegramStatus).
      if (!token) return { off: true };
      const telegram = new TelegramClient({ baseUrl: e.TELEGRAM_BASE_URL || undefined, token });
      return runOutboxSender({ db, telegram, keepAliveUntil: produced });
    },
  };
}
