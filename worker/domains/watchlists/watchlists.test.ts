import { describe, expect, it } from 'vitest';
import { MAX_WATCHLISTS_PER_USER, MAX_WATCH_PATTERNS_PER_USER } from '../../contract/patterns';
import type { SaveWatchlistInput } from '../../contract/watchlists';
import { insertUser, rpcClient, signedInJar } from '../../test/harness';

const list = (over: Partial<SaveWatchlistInput> = {}): SaveWatchlistInput => ({
  name: 'Solana desk',
  color: 'violet',
  sound: 'bright',
  notify: 'toast',
  entries: [{ kind: 'symbol', value: '$sol' }],
  ...over,
});

async function clientFor(spec: Parameters<typeof insertUser>[0] = {}) {
  const user = await insertUser(spec);
  return { user, client: rpcClient(await signedInJar(user)) };
}

/** The 4xx of a refused call and its message, or 200. */
const answer = (call: Promise<unknown>) =>
  call.then(
    () => ({ status: 200, message: '' }),
    (e: { status: number; message: string; data?: { issues?: { path: string[] }[] } }) => ({
      status: e.status,
      message: e.message,
      path: e.data?.issues?.[0]?.path.join('.'),
    }),
  );

describe('personal watchlists', () => {
  it('a user saves, changes, lists and deletes their own lists; entries are cleaned and kept once', async () => {
    const { client } = await clientFor();
    const saved = await client.saveWatchlist(
      list({
        entries: [
          { kind: 'symbol', value: '$sol' },
          { kind: 'symbol', value: 'SOL' },
          { kind: 'word', value: '  Bridge exploit ' },
          { kind: 'pattern', value: 'list(ing)?\\s+\\w+' },
        ],
      }),
    );
    expect(saved.entries).toEqual([
      { kind: 'symbol', value: 'SOL' },
      { kind: 'word', value: 'Bridge exploit' },
      { kind: 'pattern', value: 'list(ing)?\\s+\\w+' },
    ]);
    const changed = await client.saveWatchlist({ ...list({ name: 'SOL and hacks', color: 'rose' }), id: saved.id });
    expect(changed).toMatchObject({ id: saved.id, name: 'SOL and hacks', color: 'rose', createdAt: saved.createdAt });
    expect((await client.listWatchlists()).map((w) => w.name)).toEqual(['SOL and hacks']);
    await client.deleteWatchlist({ id: saved.id });
    expect(await client.listWatchlists()).toEqual([]);
  });

  it("another user's list is not found: not listed, not changed, not deleted", async () => {
    const owner = await clientFor();
    const other = await clientFor();
    const mine = await owner.client.saveWatchlist(list());
    expect(await other.client.listWatchlists()).toEqual([]);
    expect((await answer(other.client.saveWatchlist({ ...list({ name: 'taken' }), id: mine.id }))).status).toBe(404);
    expect((await answer(other.client.deleteWatchlist({ id: mine.id }))).status).toBe(404);
    expect((await owner.client.listWatchlists())[0]).toMatchObject({ name: 'Solana desk' });
  });

  it('bad input gets the catalogue error with the field: unsafe or invalid patterns, bad symbols, empty lists', async () => {
    const { client } = await clientFor();
    const pattern = (value: string) =>
      answer(
        client.saveWatchlist(
          list({
            entries: [
              { kind: 'word', value: 'x' },
              { kind: 'pattern', value },
            ],
          }),
        ),
      );
    expect(await pattern('(unclosed')).toMatchObject({ status: 400, path: 'entries.1.value' });
    expect(await pattern('.{0,1000}.{0,1000}x')).toMatchObject({ status: 400, message: expect.stringContaining('too complex') });
    expect((await answer(client.saveWatchlist(list({ entries: [{ kind: 'symbol', value: 'not a symbol' }] })))).status).toBe(400);
    expect((await answer(client.saveWatchlist(list({ entries: [] })))).status).toBe(400);
    expect((await answer(client.saveWatchlist(list({ color: 'plaid' as never })))).status).toBe(400);
  });

  it('the caps hold under parallel saves: lists per user, patterns per user across lists', async () => {
    const { client } = await clientFor();
    const results = await Promise.all(
      Array.from({ length: MAX_WATCHLISTS_PER_USER + 6 }, (_, i) => answer(client.saveWatchlist(list({ name: `L${i}` })))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_WATCHLISTS_PER_USER);
    expect(results.filter((r) => r.status === 422)).toHaveLength(6);
    expect(await client.listWatchlists()).toHaveLength(MAX_WATCHLISTS_PER_USER);

    const patterns = await clientFor();
    const one = (i: number) => list({ name: `P${i}`, entries: [{ kind: 'pattern', value: `hack${i}` }] });
    const tries = await Promise.all(
      Array.from({ length: MAX_WATCH_PATTERNS_PER_USER + 3 }, (_, i) => answer(patterns.client.saveWatchlist(one(i)))),
    );
    expect(tries.filter((r) => r.status === 200)).toHaveLength(MAX_WATCH_PATTERNS_PER_USER);
    expect(tries.find((r) => r.status === 422)?.message).toContain(`At most ${MAX_WATCH_PATTERNS_PER_USER} patterns`);
  });
});
