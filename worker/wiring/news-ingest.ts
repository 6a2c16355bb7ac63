import type { NewsItemDto } from '../contract/news';
import { createNewsDb, type Db } from '../db/client';
import type { Bindings } from '../env';
import { defaultAdapterFor } from './exchanges';
import { enabledChats, enqueueTelegramForItem } from '../domains/telegram-outbox/telegram-outbox';
import type { IngestDeps } from '../domains/news/ingest/ingest';
import { loadWatchIndex, recordWatchHits } from '../domains/watchlists/watch-hits';
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
 * the news hub, fresh ones queued for the Telegram chats.
 */
export function newsIngestDeps(env: Bindings, db: Db, clock: () => number = Date.now): IngestDeps {
  const newsDb = createNewsDb(env.NEWS_DB);
  return {
    db,
    newsDb,
    exchange: defaultAdapterFor(env),
    publish: newsHubPublisher(env),
    // The watchlists' index and the Telegram chats are read while the item is classified; after the
    // store, the watchlists and the Telegram outbox write side by side: one round trip, not three.
    prepareAfterStore: () => {
      const index = loadWatchIndex(db);
      const chats = enabledChats(db);
      // A failure is reported where it is awaited.
      index.catch(() => {});
      chats.catch(() => {});
      return async (item, forward) => {
        await Promise.all([
          recordWatchHits({ db, newsDb, push: watchHitPublisher(env), deliverPushes: deliverPushesNow(env) }, item, index).catch(
            (err) => logError('watchlist hits not recorded', err),
          ),
          clock() - item.ts > FORWARD_MAX_AGE_MS ? undefined : enqueueTelegramForItem(db, item, forward, chats),
        ]);
      };
    },
  };
}
