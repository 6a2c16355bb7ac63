import { createNewsDb, type Db } from '../db/client';
import { runOutboxSender } from '../domains/telegram-outbox/outbox-sender';
import { sweepNewsForwards } from '../domains/telegram-outbox/news-forwards';
import { mergeNewsIndex } from '../domains/news/feed/news-index-merge';
import { newsIngestDeps } from '../wiring/news-ingest';
import { measurePriceMoves } from '../domains/news/price-moves/price-moves';
import { pruneOldNews } from '../domains/news/retention/prune-news';
import { runNewsSimulator } from '../domains/news/sources/simulated-source';
import { getProviderConfig, type Bindings } from '../env';
import { adapterFor, defaultAdapterFor } from '../wiring/exchanges';
import { scoreNewsTrades } from '../domains/news/trades/score-trades';
import { watchNewsPollers } from '../wiring/news-pollers';
import { TelegramClient } from '../providers/telegram/client';

/**
 * The news jobs of the minute cron (see cron/index.ts: each runs on its own, one failing does not
 * stop the others). Sources are not read here: each has its own poller Durable Object on alarms
 * (worker/durable-objects/news-poller.ts); `newsPollers` is their watchdog, re-arming and reporting
 * any that stalled. The Telegram sender keeps looking for new outbox rows while the simulator
 * runs, so a headline it forwards goes out in seconds rather than on the next tick.
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
    newsPollers: () => watchNewsPollers(env, db, now),
    newsSimulator: producer(async () => {
      if (!providers().newsSimulator) return { off: true };
      return runNewsSimulator({ db, ingest: newsIngestDeps(env, db), now });
    }),
    // Telegram forwards a headline's background move left in the news DB (news-forwards.ts).
    newsForwards: producer(() => sweepNewsForwards(db, newsDb)),
    newsIndexMerge: () => mergeNewsIndex(newsDb),
    newsRetention: () => pruneOldNews(newsDb, now),
    newsPriceMoves: () => measurePriceMoves({ db, newsDb, exchange: defaultAdapterFor(env), now: Date.now() }),
    // Orders placed from headlines: only those whose next window is due (news_trades_due_idx).
    newsTrades: () =>
      scoreNewsTrades({
        db,
        newsDb,
        marks: (exchange, pairs) => adapterFor(env, exchange).getMarkPrices(pairs),
        now: Date.now(),
      }),
    telegramOutbox: async () => {
      const { token, baseUrl } = providers().telegram;
      // Queued messages wait; the Telegram chats page shows why (getTelegramStatus).
      if (!token) return { off: true };
      return runOutboxSender({ db, telegram: new TelegramClient({ baseUrl, token }), keepAliveUntil: produced });
    },
  };
}
