import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountDaily } from '../../db/schema/risk';
import { db, insertUser } from '../../test/harness';
import { position as positionAt, record } from '../../test/snapshot-builders';
import { dayOf } from '../accounts/daily-rollup';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { writeSnapshotRun } from '../accounts/snapshot-store';
import { batchReads } from '../../db/batch-reads';
import { deskQueries, loadDesk, traderPeaksQuery } from './desk';
import { evaluateRiskLimits } from './evaluate';
import { allTradersLatest, computeDeskSnapshot, PEAK_WINDOW_MS } from './latest';
import { readDays } from './rollup-days';
import { allTraderStats, computeTraderStats, defaultRange, storeDefaultStats, traderStatsFrom } from './stats';
import { STORED, storedOrReads } from './stored-state';

/**
 * The stored paths (the desk state of the last evaluation, the settled days' stats folds) against
 * computing everything again, on a seeded desk: they must give the same numbers, not close ones.
 */
const DAY = 86_400_000;
const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 24, 15, 0);

// A small deterministic generator (mulberry32) so a failure reproduces.
let seed = 12;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const position = (symbol: string, side: 'LONG' | 'SHORT', notional: number) => positionAt(symbol, side, notional, 5);

const accountIds: string[] = [];
const traderIds: string[] = [];

/** 45 days of rollup rows per account, ending with the day after NOW (a later clock's unsettled days). */
async function fillDays(accountId: string) {
  let equity = 5_000 + rand() * 50_000;
  const rows = [];
  for (let day = dayOf(NOW) - 45 * DAY; day <= dayOf(NOW) + DAY; day += DAY) {
    const open = equity;
    equity = Math.max(0, equity * (1 + (rand() - 0.5) * 0.12));
    const samples = 1 + Math.floor(rand() * 24);
    rows.push({
      accountId,
      day,
      openTs: day,
      openEquity: open,
      closeTs: day + DAY - MIN,
      closeEquity: equity,
      minEquity: Math.min(open, equity) * (1 - rand() * 0.05),
      maxEquity: Math.max(open, equity) * (1 + rand() * 0.05),
      leverageSum: rand() * 3 * samples,
      samples,
      peakLeverage: rand() * 6,
      peakNotional: rand() * 100_000,
      closeNotional: rand() * 50_000,
      closeNetNotional: (rand() - 0.5) * 50_000,
    });
  }
  for (let i = 0; i < rows.length; i += 6) await db.insert(accountDaily).values(rows.slice(i, i + 6));
}

beforeAll(async () => {
  // Five traders: one with three accounts, one sharing an account with another, one without days.
  for (let t = 0; t < 5; t++) traderIds.push((await insertUser({ name: `Fast Trader ${t}` })).id);
  for (let a = 0; a < 8; a++) {
    const account = await addAccount(db, { exchange: 'simulated', email: `fast${a}@sim.risk` });
    accountIds.push(account.id);
    if (a < 7) await fillDays(account.id);
    const equity = 10_000 + a * 1_000;
    const positions = [position('BTCUSDT', 'LONG', equity * (1 + a)), position('ETHUSDT', a % 2 ? 'SHORT' : 'LONG', equity / 2)];
    await writeSnapshotRun(db, [record(account.id, NOW - 5 * MIN, equity, positions)], []);
  }
  const assign = [[0], [1, 2, 3], [4, 5], [5, 6], [7]];
  for (const [t, list] of assign.entries())
    for (const a of list!) await setAssignment(db, { userId: traderIds[t]!, accountId: accountIds[a]!, assigned: true });
});

async function reference(now: number, range = defaultRange(now)) {
  const [desk, days] = await Promise.all([loadDesk(db, now), readDays(db, range.from, range.to)]);
  return { ...range, traders: traderStatsFrom(desk, days) };
}

const storedBases = async () =>
  db.all<{ from_day: number; upto_day: number; n: number }>(
    sql`SELECT from_day, upto_day, count(*) AS n FROM risk_stats_base GROUP BY from_day, upto_day`,
  );

describe('fetchAllTraderStats: settled days from the stored folds', () => {
  it('equals the full computation, when building the base and when reading it', async () => {
    const expected = await reference(NOW);
    expect(expected.traders.find((t) => t.traderId === traderIds[1])!.days).toBe(30);
    expect(await computeTraderStats(db, {}, NOW)).toEqual(expected); // builds the base
    expect(await storedBases()).toEqual([{ from_day: dayOf(defaultRange(NOW).from), upto_day: dayOf(NOW), n: 12 }]);
    expect(await computeTraderStats(db, {}, NOW)).toEqual(expected); // reads it
  });

  it('in the hour after midnight yesterday is not settled yet: two days are read live, still equal', async () => {
    const early = dayOf(NOW) + DAY + 30 * MIN;
    expect(await computeTraderStats(db, {}, early)).toEqual(await reference(early));
    // The 30 days start a day later: a second base over the same settled days.
    expect((await storedBases()).map((b) => b.upto_day)).toEqual([dayOf(NOW), dayOf(NOW)]);
  });

  it('a custom range reaching today, and one wholly in the past, equal the full computation', async () => {
    const ranges = [
      { from: NOW - 10 * DAY, to: NOW + DAY },
      { from: NOW - 40 * DAY, to: NOW - 20 * DAY },
    ];
    for (const range of ranges) expect(await computeTraderStats(db, range, NOW)).toEqual(await reference(NOW, range));
  });

  it('a trader whose accounts changed gets a new base', async () => {
    await setAssignment(db, { userId: traderIds[0]!, accountId: accountIds[6]!, assigned: true });
    expect(await computeTraderStats(db, {}, NOW)).toEqual(await reference(NOW));
    await setAssignment(db, { userId: traderIds[0]!, accountId: accountIds[6]!, assigned: false });
    expect(await computeTraderStats(db, {}, NOW)).toEqual(await reference(NOW));
  });
});

describe('fetchAllTraderStats over the default range: what the minute cron stored', () => {
  it('equals the full computation; other ranges and a stale state are computed', async () => {
    await storeDefaultStats(db, NOW);
    expect(await allTraderStats(db, {}, NOW + 30_000)).toEqual(await reference(NOW));
    await db.run(sql`UPDATE risk_desk_state SET state = json_set(state, '$.traders', json('[]')) WHERE id = 2`);
    expect((await allTraderStats(db, {}, NOW + 30_000)).traders).toEqual([]); // answered from the stored row
    expect((await allTraderStats(db, {}, NOW + 10 * MIN)).traders).toHaveLength(5); // stale: computed
    expect(await allTraderStats(db, {}, NOW + 10 * MIN)).toEqual(await reference(NOW + 10 * MIN));
    const range = { from: NOW - 10 * DAY, to: NOW + DAY };
    expect(await allTraderStats(db, range, NOW + 30_000)).toEqual(await reference(NOW, range));
  });

  it("yesterday's stats, stored a minute ago, are not today's range: computed", async () => {
    const midnight = dayOf(NOW) + DAY;
    await storeDefaultStats(db, midnight - 30_000);
    expect(await allTraderStats(db, {}, midnight - 10_000)).toEqual(await reference(midnight - 10_000));
    await db.run(sql`UPDATE risk_desk_state SET state = json_set(state, '$.traders', json('[]')) WHERE id = 2`);
    expect((await allTraderStats(db, {}, midnight - 10_000)).traders).toEqual([]); // stored today: answered from it
    expect(await allTraderStats(db, {}, midnight + 30_000)).toEqual(await reference(midnight + 30_000));
  });
});

describe('getAllTradersLatestMetrics: the desk state of the last evaluation', () => {
  it('answers with what the evaluation computed, and recomputes once the stored state is stale', async () => {
    await evaluateRiskLimits(db, NOW);
    const stored = await allTradersLatest(db, NOW + 30_000);
    const computed = await computeDeskSnapshot(db, NOW + 30_000);
    expect({ firm: stored.firm, traders: stored.traders.map(({ breaches: _b, ...t }) => t) }).toEqual(computed);
    expect(stored.traders).toHaveLength(5);

    // A newer snapshot shows at the next evaluation (the minute cron), or once the state is stale.
    const [latest] = await db.all<{ metrics: string; positions: string }>(
      sql`SELECT metrics, positions FROM account_latest WHERE account_id = ${accountIds[0]!}`,
    );
    const metrics = { ...JSON.parse(latest!.metrics), totalBalance: 99_999 };
    await writeSnapshotRun(
      db,
      [{ accountId: accountIds[0]!, ts: NOW + MIN, metrics, positions: JSON.parse(latest!.positions) }],
      [],
    );
    const equityOf = (r: Awaited<ReturnType<typeof allTradersLatest>>) =>
      r.traders.find((t) => t.traderId === traderIds[0])!.equity;
    expect(equityOf(await allTradersLatest(db, NOW + 2 * MIN))).toBe(10_000);
    expect(equityOf(await allTradersLatest(db, NOW + 10 * MIN))).toBe(99_999);
    await evaluateRiskLimits(db, NOW + 2 * MIN);
    expect(equityOf(await allTradersLatest(db, NOW + 2 * MIN))).toBe(99_999);
    // An older evaluation finishing late does not replace the newer state.
    await evaluateRiskLimits(db, NOW + MIN);
    const [row] = await db.all<{ evaluated_at: number }>(sql`SELECT evaluated_at FROM risk_desk_state`);
    expect(row!.evaluated_at).toBe(NOW + 2 * MIN);
  });

  it("computes in the same round: the computation's reads return no rows while the stored state answers", async () => {
    // The state stored above is of NOW + 2 min: fresh 30 s later, stale 8 minutes later.
    const rowsRead = async (now: number) => {
      const stored = storedOrReads(STORED.latest, now);
      const rows = await batchReads(db, [
        stored.read(db),
        ...deskQueries(db, now, undefined, stored.gate),
        traderPeaksQuery(db, now - PEAK_WINDOW_MS, undefined, stored.gate),
      ]);
      return rows.map((r) => r.length);
    };
    expect(await rowsRead(NOW + 2 * MIN + 30_000)).toEqual([1, 0, 0, 0]);
    const [state, ...computation] = await rowsRead(NOW + 10 * MIN);
    expect(state).toBe(0);
    expect(computation.every((n) => n > 0)).toBe(true);
    const stale = await allTradersLatest(db, NOW + 10 * MIN);
    expect(stale.asOf).toBe(NOW + 10 * MIN);
    expect({ firm: stale.firm, traders: stale.traders.map(({ breaches: _b, ...t }) => t) }).toEqual(
      await computeDeskSnapshot(db, NOW + 10 * MIN),
    );
  });
});
