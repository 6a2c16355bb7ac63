import { createNewsDb, type Db } from '../db/client';
import { runOutboxSender } from '../domains/telegram-outbox/outbox-sender';
import { mergeNewsIndex } from '../domains/news/feed/news-index-merge';
import { newsIngestDeps } from '../wiring/news-ingest';
import { measurePriceMoves } from '../domains/news/price-moves/price-moves';
import { pruneOldNews } from '../domains/news/retention/prune-news';
import { pollRssSources } from '../domains/news/sources/rss-poller';
import { runNewsSimulator } from '../domains/news/sources/simulated-source';
import { pollTwitterSessions } from '../domains/news/sources/twitter-poller';
import { getProviderConfig, type Bindings } from '../env';
import { defaultAdapterFor } from '../wiring/exchanges';
import { TelegramClient } from '../providers/telegram/client';
import { XClient } from '../providers/twitter/client';

/**
 * The news jobs of the minute cron (see cron/index.ts: each runs on its own, one failing does not
 * stop the others). The Telegram sender keeps looking for new outbox rows while this tick's
 * pollers run, so a headline they forward goes out in seconds rather than on the next tick.
 * Optional secrets: without one, that provider is off. X polling sessions say so in their health;
 * Telegram forwarding says so in getTelegramStatus (the Telegram news sources are inbound webhooks
 * and do not need the token).
 */
export function newsJobs(env: Bindings, db: Db, now: number): Record<string, () => Promise<unknown>> {
  // Read in each job, so a bad var fails that job only.
  const providers = () => getProviderConfig(env);
  const newsDb = createNewsDb(env.NEWS_DB);
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
      const { bearerToken, baseUrl } = providers().x;
      const x = bearerToken ? new XClient({ baseUrl, bearerToken }) : null;
      return pollTwitterSessions({ db, ingest: newsIngestDeps(env, db), x, now });
    }),
    newsRss: producer(() => pollRssSources({ db, ingest: newsIngestDeps(env, db), now })),
    newsSimulator: producer(async () => {
      if (!providers().newsSimulator) return { off: true };
      return runNewsSimulator({ db, ingest: newsIngestDeps(env, db), now });
    }),
    newsIndexMerge: () => mergeNewsIndex(newsDb),
    newsRetention: () => pruneOldNews(newsDb, now),
    newsPriceMoves: () => measurePriceMoves({ db, newsDb, exchange: defaultAdapterFor(env), now: Date.now() }),
    telegramOutbox: async () => {
      const { token, baseUrl } = providers().telegram;
      // Queued messages wait; the Telegram chats page shows why (getTelegramStatus).
      if (!token) return { off: true };
      return runOutboxSender({ db, telegram: new TelegramClient({ baseUrl, token }), keepAliveUntil: produced });
    },
  };
}
