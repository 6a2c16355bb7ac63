import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox, telegramChats } from '../../../db/schema/news';
import { newsForwards, newsItems, watchHits } from '../../../db/schema-news';
import { db, insertUser, newsDb, testEnv } from '../../../test/harness';
import { until } from '../../../test/eventually';
import { newsIngestDeps } from '../../../wiring/news-ingest';
import { sweepNewsForwards } from '../../telegram-outbox/news-forwards';
import { saveWatchlist } from '../../watchlists/watchlist-store';
import { watchHitsFollowUp } from '../../watchlists/watch-hits';
import { classifyNormalised } from './pipeline';
import { normaliseRawNews } from './normalise';
import { storeNewsItem } from './news-store';
import { ingestNews } from './ingest';
import type { RawNewsItem } from '../types';

const unique = () => crypto.randomUUID().slice(0, 8);
const SOURCE = { id: `rss-follow-${unique()}`, kind: 'rss', name: 'Follow-ups' } as const;

function raw(
  title: string,
  publishedAt: number,
  externalId = crypto.randomUUID(),
  source: RawNewsItem['source'] = SOURCE,
): RawNewsItem {
  return { source, externalId, publishedAt, receivedAt: Date.now(), title };
}

async function watcher(word: string) {
  const user = await insertUser();
  const entries = [{ kind: 'word' as const, value: word }];
  const list = await saveWatchlist(db, user.id, { name: 'Words', color: 'amber', sound: 'none', notify: 'none', entries });
  return { user, list };
}

async function chat() {
  const chatId = `-100${unique()}`;
  await db
    .insert(telegramChats)
    .values({ id: crypto.randomUUID(), chatId, title: 'Desk', minImportance: 'low', symbols: [], createdAt: Date.now() });
  return chatId;
}

const hitsOf = (itemId: number) => newsDb.select().from(watchHits).where(eq(watchHits.itemId, itemId));
const forwardsOf = (itemId: number, chats: string[]) =>
  db
    .select()
    .from(outbox)
    .where(
      inArray(
        outbox.dedupKey,
        chats.map((c) => `news:${itemId}:${c}`),
      ),
    );
const staged = (itemId: number) => newsDb.select().from(newsForwards).where(eq(newsForwards.itemId, itemId));

let firstChat: string;
beforeAll(async () => {
  firstChat = await chat();
});

describe("a headline's watch hits and Telegram forwards are written in its own batch", () => {
  it('a new headline has both, the forward moved on to the outbox; a duplicate adds neither', async () => {
    const word = `follow${unique()}`;
    const { user, list } = await watcher(word);
    const deps = newsIngestDeps(testEnv, db);
    const first = await ingestNews(deps, raw(`Exchange ${word} halts withdrawals`, Date.now() - 60_000));
    expect(first.status).toBe('stored');
    const item = (first as { item: { id: number } }).item;
    expect((await hitsOf(item.id)).map((h) => [h.userId, h.watchlistIds])).toEqual([[user.id, [list.id]]]);
    const forwarded = await until(
      () => forwardsOf(item.id, [firstChat]),
      (rows) => rows.length === 1,
    );
    expect(forwarded[0]).toMatchObject({ channel: 'telegram', target: firstChat, status: 'pending' });
    expect(forwarded[0]!.payload).toMatchObject({ title: `Exchange ${word} halts withdrawals`, source: 'rss' });
    // Moved, not left behind for the cron.
    expect(
      await until(
        () => staged(item.id),
        (rows) => rows.length === 0,
      ),
    ).toEqual([]);

    // The same story from another source: attached to the first, no hit, no forward of its own.
    const other = { id: `rss-other-${unique()}`, kind: 'rss', name: 'Other' } as const;
    const again = await ingestNews(
      deps,
      raw(`BREAKING: Exchange ${word} halts withdrawals`, Date.now() - 30_000, undefined, other),
    );
    expect(again.status).toBe('duplicate');
    expect(await newsDb.select().from(watchHits).where(eq(watchHits.userId, user.id))).toHaveLength(1);
    expect(await db.select().from(outbox).where(eq(outbox.target, firstChat))).toHaveLength(1);
  });

  it('a headline the store skips (its source sent it before) writes no hits or forwards for the stored one', async () => {
    const word = `refeed${unique()}`;
    const externalId = crypto.randomUUID();
    const deps = newsIngestDeps(testEnv, db);
    const first = await ingestNews(deps, raw(`Token ${word} unlock scheduled`, Date.now() - 25 * 60_000, externalId));
    const item = (first as { item: { id: number } }).item;
    // A list and a chat that would take it now, then the same item again, past the dedupe window:
    // the store's conflict keeps the first row, and nothing may hang off it on the second's behalf.
    const late = await watcher(word);
    const lateChat = await chat();
    const second = await ingestNews(deps, raw(`Token ${word} unlock scheduled`, Date.now() - 60_000, externalId));
    expect(second.status).toBe('duplicate');
    expect(await newsDb.select().from(newsItems).where(eq(newsItems.externalId, externalId))).toHaveLength(1);
    expect(await newsDb.select().from(watchHits).where(eq(watchHits.userId, late.user.id))).toEqual([]);
    expect(await staged(item.id)).toEqual([]);
    expect(await forwardsOf(item.id, [lateChat])).toEqual([]);
  });

  it('all or nothing: a follow-up that fails leaves no headline either', async () => {
    const title = `Atomic ${unique()} headline`;
    const draft = classifyNormalised(normaliseRawNews(raw(title, Date.now()))!, {
      specialMappings: [],
      bannedMappings: [],
      customRules: [],
      knownSymbols: new Set(),
    });
    // A hit without a user breaks watch_hits' NOT NULL: the batch rolls back whole.
    const broken = watchHitsFollowUp(new Map([[null as unknown as string, ['list']]]));
    await expect(storeNewsItem(newsDb, draft, {}, Date.now(), [broken])).rejects.toThrow();
    expect(await newsDb.select().from(newsItems).where(eq(newsItems.title, title))).toEqual([]);
  });

  it('the minute cron moves forwards a background move left behind, once', async () => {
    const [row] = await newsDb
      .insert(newsItems)
      .values({
        ts: Date.now(),
        receivedAt: Date.now(),
        sourceId: SOURCE.id,
        sourceKind: 'rss',
        title: `Left behind ${unique()}`,
        symbols: [],
        importance: 'high',
        dedupKey: unique(),
        metadata: {},
      })
      .returning({ id: newsItems.id });
    const payload = { title: 'Left behind', url: null, symbols: [], importance: 'high', source: 'rss' };
    await newsDb.insert(newsForwards).values({ itemId: row!.id, target: firstChat, payload, createdAt: Date.now() });
    await sweepNewsForwards(db, newsDb);
    await sweepNewsForwards(db, newsDb);
    expect(await forwardsOf(row!.id, [firstChat])).toHaveLength(1);
    expect(await staged(row!.id)).toEqual([]);
  });
});
