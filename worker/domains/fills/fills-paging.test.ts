import { describe, expect, it } from 'vitest';
import type { FillDto } from '../../contract/performance';
import { accountFills } from '../../db/schema/fills';
import { db, insertUser } from '../../test/harness';
import { deskTrader } from '../../test/sim-desk';
import { FILLS_PAGE, fillsPageBinds } from './performance';

/**
 * listFills a page at a time (the fills CSV reads a year this way): every fill of the range comes
 * exactly once, newest first, however the pages cut through fills that share a time.
 */
const TAG = `page${Date.now() % 100_000}`;
const BASE = Date.UTC(2025, 0, 15);
const range = { from: BASE - 86_400_000, to: BASE + 86_400_000 };

type Desk = Awaited<ReturnType<typeof deskTrader>>;

function fillRow(desk: Desk, id: string, ts: number, userId: string | null) {
  return {
    id: `${desk.account.id}:${id}`,
    accountId: desk.account.id,
    orderId: userId ? `order-${id}` : null,
    userId,
    exchangeOrderId: null,
    symbol: 'BTCUSDT',
    side: 'BUY' as const,
    price: 100_000,
    quantity: 0.001,
    fee: 0.05,
    feeAsset: 'USDT',
    feeUsd: 0.05,
    realizedPnl: 0,
    maker: false,
    ts,
  };
}

/** 23 fills in the range: 7 at one time, 5 at another, the rest apart; a third of them placed outside Meridian. */
async function seed(desk: Desk) {
  const other = await insertUser({ email: `other-${desk.user.id}@${TAG}.test` });
  const times = [
    ...Array(7).fill(BASE + 1_000),
    ...Array(5).fill(BASE),
    ...Array.from({ length: 11 }, (_, i) => BASE - i * 60_000 - 1),
  ];
  // Ids in an order of their own (not the times'), so the id tie-break does the work.
  const rows = times.map((ts, i) => fillRow(desk, `t${(i * 7919) % 1000}`, ts, i % 3 === 0 ? null : desk.user.id));
  // Not the trader's: another trader's order on the same account, and a fill outside the range.
  const strangers = [fillRow(desk, 'others', BASE, other.id), fillRow(desk, 'old', range.from - 1, desk.user.id)];
  // Six rows a statement: D1 binds at most 100 parameters.
  for (let i = 0; i < rows.length + strangers.length; i += 6)
    await db.insert(accountFills).values([...rows, ...strangers].slice(i, i + 6));
  return rows;
}

const newestFirst = (a: { ts: number; id: string }, b: { ts: number; id: string }) =>
  b.ts - a.ts || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe('listFills a page at a time', () => {
  it('returns every fill of the range exactly once, newest first, across pages cutting through equal times', async () => {
    const desk = await deskTrader(TAG, 'BTCUSDT');
    const seeded = await seed(desk);
    const all = await desk.client.listFills({ ...range, limit: 5_000 });
    expect(all.map((f) => f.id)).toEqual([...seeded].sort(newestFirst).map((f) => f.id));

    for (const limit of [1, 4, 5, 7, 23]) {
      const paged: FillDto[] = [];
      let page: FillDto[];
      do {
        const last = paged.at(-1);
        page = await desk.client.listFills({ ...range, limit, ...(last ? { before: { ts: last.ts, id: last.id } } : {}) });
        expect(page.length).toBeLessThanOrEqual(limit);
        paged.push(...page);
      } while (page.length === limit);
      expect(paged.map((f) => f.id)).toEqual(all.map((f) => f.id));
      expect(new Set(paged.map((f) => f.id)).size).toBe(seeded.length);
    }
  });

  it('a cursor past the last fill answers an empty page; the range still bounds a cursor outside it', async () => {
    const desk = await deskTrader(`${TAG}b`, 'BTCUSDT');
    const seeded = await seed(desk);
    const oldest = [...seeded].sort(newestFirst).at(-1)!;
    expect(await desk.client.listFills({ ...range, before: { ts: oldest.ts, id: oldest.id } })).toEqual([]);
    const later = await desk.client.listFills({ ...range, before: { ts: range.to + 86_400_000, id: 'z' } });
    expect(later).toHaveLength(seeded.length);
  });

  it('refuses a malformed cursor or limit', async () => {
    const { client } = await deskTrader(`${TAG}c`, 'BTCUSDT');
    await expect(client.listFills({ ...range, before: { ts: BASE, id: '' } })).rejects.toMatchObject({ status: 400 });
    await expect(client.listFills({ ...range, before: { ts: -1, id: 'x' } })).rejects.toMatchObject({ status: 400 });
    await expect(client.listFills({ ...range, limit: 5_001 })).rejects.toMatchObject({ status: 400 });
  });

  it('seeks the trader-and-time index for a page, with or without a cursor (no scan of the fills)', async () => {
    for (const before of [undefined, { ts: BASE, id: 'x' }]) {
      const { results } = await db.$client
        .prepare(`EXPLAIN QUERY PLAN ${FILLS_PAGE}`)
        .bind(...fillsPageBinds('someone', { ...range, limit: 100, before }))
        .all<{ detail: string }>();
      const detail = results.map((r) => r.detail).join('\n');
      expect(detail).toMatch(/SEARCH account_fills USING INDEX account_fills_user_ts_idx \(user_id=\? AND ts>\? AND ts<\?\)/);
      expect(detail).not.toMatch(/SCAN account_fills\b/);
      expect(detail).not.toMatch(/SCAN f\b/);
    }
  });
});
