import type { NewsItemDto } from '../contract/news';
import { createNewsDb, type Db } from '../db/client';
import type { Bindings } from '../env';
import { defaultAdapterFor } from './exchanges';
import { enabledChats, telegramForwardFor } from '../domains/telegram-outbox/telegram-outbox';
import { moveForwardsToOutbox, stagedForwards, stagedForwardsFollowUp } from '../domains/telegram-outbox/news-forwards';
import type { IngestDeps } from '../domains/news/ingest/ingest';
import { announceWatchHits, loadWatchIndex, matchWatchHits, watchHitsFollowUp } from '../domains/watchlists/watch-hits';
import { inBackground } from './background';
import { logError } from '../lib/log';
import { watchHitPublisher } from './hubs';
import { deliverPushesNow } from './web-push';

/** Items older than this are stored but not forwarded: a first read of a feed is history. */
export const FORWARD_MAX_AGE_MS = 30 * 60_000;

/** Every open news stream gets a stored item through the one NewsHub. */
export const newsHubPublisher = (env: Bindings) => (item: NewsItemDto) => env.NEWS_HUB.getByName('global').publish(item);

/**
 * The one assembly of ingest's dependencies, used by the pollers, the simulator, the Telegram
 * webhook and manual headlines alike: prices from the default exchange, stored items published to
 * the news hub with their watchlist hits, fresh ones queued for the Telegram chats.
 */
export function newsIngestDeps(env: Bindings, db: Db, clock: () => number = Date.now): IngestDeps {
  const newsDb = createNewsDb(env.NEWS_DB);
  return {
    db,
    newsDb,
    exchange: defaultAdapterFor(env),
    publish: newsHubPublisher(env),
    // The watchlists' index and the Telegram chats are read while the item is classified; the
    // hits and the forwards are written in the item's own batch (all or nothing with it: one round,
    // not two). The forwards then move to the outbox in the background (the minute cron moves any
    // left behind: news-forwards.ts), and the hits' Web Pushes are queued in the background too.
    prepareFollowUps: () => {
      const index = loadWatchIndex(db);
      const chats = enabledChats(db);
      // A failure is reported where it is awaited.
      index.catch(() => {});
      chats.catch(() => {});
      return async (item, forward) => {
        const hits = await index.then(
          (read) => matchWatchHits(read, item),
          (err: unknown) => {
            logError('watchlist hits not recorded', err);
            return new Map<string, string[]>();
          },
        );
        const fresh = clock() - item.ts <= FORWARD_MAX_AGE_MS && !item.isGarbage && !item.isTest;
        const telegram = fresh ? telegramForwardFor(item, forward, await chats) : null;
        const now = Date.now();
        return {
          followUps: [
            ...(hits.size > 0 ? [watchHitsFollowUp(hits)] : []),
            ...(telegram ? [stagedForwardsFollowUp(telegram, now)] : []),
          ],
          afterStore: async (stored) => {
            if (telegram)
              inBackground(() =>
                moveForwardsToOutbox(db, newsDb, stagedForwards(stored.id, telegram, now)).catch((err: unknown) =>
                  logError('news forwards not moved to the outbox (the minute cron moves them)', err),
                ),
              );
            const hitDeps = { db, push: watchHitPublisher(env), deliverPushes: deliverPushesNow(env) };
            await announceWatchHits(hitDeps, stored, hits, inBackground);
          },
        };
      };
    },
  };
}
