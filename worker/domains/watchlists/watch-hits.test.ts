import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsItems, watchHits } from '../../db/schema-news';
import type { SaveWatchlistInput } from '../../contract/watchlists';
import { db, insertUser, newsDb, rpcClient, signedInJar } from '../../test/harness';
import { loadWatchIndex } from './watch-hits';

const list = (name: string, entries: SaveWatchlistInput['entries']): SaveWatchlistInput => ({
  name,
  color: 'amber',
  sound: 'none',
  notify: 'toast',
  entries,
});

async function trader() {
  const user = await insertUser();
  return { user, client: rpcClient(await signedInJar(user)) };
}

const unique = () => crypto.randomUUID().slice(0, 6);

async function post(title: string, symbols: string[]) {
  const admin = rpcClient(await signedInJar(await insertUser({ role: 'admin' })));
  return (await admin.postManualNews({ title, symbols, importance: 'high', isTest: false })).item!;
}

describe('watchlist hits: evaluated once per headline at ingest, delivered to each owner alone', () => {
  it("a headline hits the owners' lists: on their alert stream at once, and in their hit history", async () => {
    const word = `zorb${unique()}`;
    const a = await trader();
    const b = await trader();
    const c = await trader();
    const sol = await a.client.saveWatchlist(list('SOL', [{ kind: 'symbol', value: 'SOL' }]));
    const hacks = await a.client.saveWatchlist(list('Hacks', [{ kind: 'word', value: `${word} exploit` }]));
    const bridges = await b.client.saveWatchlist(
      list('Bridges', [{ kind: 'pattern', value: `${word}\\s+bridge|${word} exploit` }]),
    );
    await c.client.saveWatchlist(list('Doge', [{ kind: 'symbol', value: 'DOGE' }]));

    const stream = await a.client.streamAlerts();
    const first = stream.next();
    await new Promise((r) => setTimeout(r, 50));
    const item = await post(`Solana ${word} exploit drains a bridge`, ['SOL']);

    const { value } = await first;
    expect(value).toMatchObject({ kind: 'watchHit', itemId: String(item.id), title: item.title, symbols: ['SOL'] });
    expect((value as { watchlistIds: string[] }).watchlistIds.sort()).toEqual([sol.id, hacks.id].sort());
    await stream.return(undefined);

    const mine = await a.client.listWatchHits({ limit: 10 });
    expect(mine[0]).toMatchObject({ item: { id: item.id, title: item.title } });
    expect(mine[0]!.watchlistIds.sort()).toEqual([sol.id, hacks.id].sort());
    expect((await b.client.listWatchHits({ limit: 10 })).map((h) => [h.item.id, h.watchlistIds])).toEqual([
      [item.id, [bridges.id]],
    ]);
    expect(await c.client.listWatchHits({ limit: 10 })).toEqual([]);
    // One row per user who was hit, none for anyone else.
    expect((await newsDb.select().from(watchHits).where(eq(watchHits.itemId, item.id))).map((r) => r.userId).sort()).toEqual(
      [a.user.id, b.user.id].sort(),
    );
  });

  it('a changed list applies to the next headline; a deleted headline takes its hits along', async () => {
    const word = `quib${unique()}`;
    const a = await trader();
    const saved = await a.client.saveWatchlist(list('Words', [{ kind: 'word', value: 'nothing here' }]));
    await post(`${word} listing announced`, []);
    expect(await a.client.listWatchHits({ limit: 5 })).toEqual([]);
    await a.client.saveWatchlist({ ...list('Words', [{ kind: 'word', value: word }]), id: saved.id });
    const item = await post(`${word} listing confirmed`, []);
    expect((await a.client.listWatchHits({ limit: 5 })).map((h) => h.item.id)).toEqual([item.id]);
    await newsDb.delete(newsItems).where(eq(newsItems.id, item.id));
    expect(await newsDb.select().from(watchHits).where(eq(watchHits.itemId, item.id))).toEqual([]);
    expect(await a.client.listWatchHits({ limit: 5 })).toEqual([]);
  });

  it('pages back through the history after the last hit seen (headlines in the same millisecond too)', async () => {
    const word = `plox${unique()}`;
    const a = await trader();
    await a.client.saveWatchlist(list('Words', [{ kind: 'word', value: word }]));
    const items = [];
    for (let i = 0; i < 3; i++) items.push(await post(`${word} update ${i}`, []));
    const page1 = await a.client.listWatchHits({ limit: 2 });
    expect(page1.map((h) => h.item.id)).toEqual([items[2]!.id, items[1]!.id]);
    const last = page1.at(-1)!.item;
    const page2 = await a.client.listWatchHits({ limit: 2, after: { ts: last.ts, itemId: last.id } });
    expect(page2.map((h) => h.item.id)).toEqual([items[0]!.id]);
  });

  it('the index is read again only after a list changed (one statement either way)', async () => {
    const first = await loadWatchIndex(db);
    expect(await loadWatchIndex(db)).toBe(first);
    const a = await trader();
    const saved = await a.client.saveWatchlist(list('Fresh', [{ kind: 'word', value: `fresh${unique()}` }]));
    const grown = await loadWatchIndex(db);
    expect(grown).not.toBe(first);
    expect(grown.entries).toBe(first.entries + 1);
    expect(await loadWatchIndex(db)).toBe(grown);
    await a.client.deleteWatchlist({ id: saved.id });
    expect((await loadWatchIndex(db)).entries).toBe(first.entries);
  });
});
