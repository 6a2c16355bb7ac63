import { traderRow as row } from '../../contract/risk-test-rows';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskPatch, TraderLatest } from '../../contract/risk';
import { db, insertUser } from '../../test/harness';
import { position, record } from '../../test/snapshot-builders';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { writeSnapshotRun } from '../accounts/snapshot-store';
import { diffDesk, type DeskRows } from './desk-patch';
import { evaluateRiskLimits } from './evaluate';
import { allTradersLatest } from './latest';
import { setLimit } from './limit-store';

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 24, 15, 0);

const firm = { equity: 2000, dayPnl: 0, upnl: 0, notional: 2000, leverage: 1, lastUpdate: 1 };
const desk = (asOf: number, traders: TraderLatest[]): DeskRows => ({ asOf, firm, traders });

/** What a view does with a patch (the web's applyDeskPatch, minus its checks). */
const apply = (rows: TraderLatest[], patch: DeskPatch) =>
  rows.map((t) => ({ ...t, ...patch.rows.find((r) => r.traderId === t.traderId) }));

describe('diffDesk', () => {
  it('sends only the changed traders, each with only its changed fields', () => {
    const before = [row('a'), row('b'), row('c')];
    const breach = { id: 'x', kind: 'maxLeverage' as const, value: 5, limit: 3 };
    const after = [row('a'), row('b', { equity: 1200, lastUpdate: 2 }), row('c', { breaches: [breach] })];
    const patch = diffDesk(desk(10, before), desk(20, after))!;
    expect(patch).toEqual({
      since: 10,
      asOf: 20,
      traderCount: 3,
      firm,
      rows: [
        { traderId: 'b', equity: 1200, lastUpdate: 2 },
        { traderId: 'c', breaches: [breach] },
      ],
    });
    expect(apply(before, patch)).toEqual(after);
    expect(diffDesk(desk(10, before), desk(20, before))!.rows).toEqual([]);
  });

  it('a new trader comes whole; too many changes, or a base that is not older, give no patch', () => {
    const before = [row('a')];
    const after = [row('a'), row('n')];
    expect(diffDesk(desk(10, before), desk(20, after))!.rows).toEqual([row('n')]);
    expect(diffDesk(desk(10, before), desk(20, after), 1)!.rows).toHaveLength(1);
    const moved = [row('a', { equity: 1 }), row('n')];
    expect(diffDesk(desk(10, before), desk(20, moved), 1)).toBeNull();
    expect(diffDesk(desk(20, before), desk(20, after))).toBeNull();
    expect(diffDesk(desk(30, before), desk(20, after))).toBeNull();
  });
});

describe('the evaluation: its changes since the previous one', () => {
  const traders: { id: string; accountId: string }[] = [];
  const snapshot = (i: number, ts: number, equity: number, notional = equity) =>
    writeSnapshotRun(db, [record(traders[i]!.accountId, ts, equity, [position('BTCUSDT', 'LONG', notional)])], []);

  beforeAll(async () => {
    const risk = await insertUser({ email: 'patch-risk@patch.test', name: 'Patch Risk', isRiskTeam: true });
    for (let i = 0; i < 3; i++) {
      const u = await insertUser({ email: `patch${i}@patch.test`, name: `Patch ${i}` });
      const account = await addAccount(db, { exchange: 'simulated', email: `patch${i}@sim.patch` });
      await setAssignment(db, { userId: u.id, accountId: account.id, assigned: true });
      traders.push({ id: u.id, accountId: account.id });
      await snapshot(i, NOW - MIN, 10_000 * (i + 1));
    }
    await setLimit(db, risk.id, { traderId: null, kind: 'maxLeverage', value: 3 }, NOW - 2 * MIN);
  });

  it('patches the previous answer into the new one: only the traders that moved, breaches included', async () => {
    expect((await evaluateRiskLimits(db, NOW)).desk).toBeNull(); // nothing stored before: views refetch
    const before = await allTradersLatest(db, NOW + 1000);
    expect(before.asOf).toBe(NOW);

    await snapshot(0, NOW + 30_000, 11_000); // equity up
    await snapshot(2, NOW + 30_000, 30_000, 150_000); // leverage 5 over 3: a breach opens
    const { desk: patch, opened } = await evaluateRiskLimits(db, NOW + MIN);
    expect(opened).toHaveLength(1);
    expect(patch).toMatchObject({ since: NOW, asOf: NOW + MIN, traderCount: 3 });
    expect(patch!.rows.map((r) => r.traderId).sort()).toEqual([traders[0]!.id, traders[2]!.id].sort());
    const moved = patch!.rows.find((r) => r.traderId === traders[2]!.id)!;
    expect(moved.breaches).toEqual([{ id: opened[0]!.id, kind: 'maxLeverage', value: 5, limit: 3 }]);
    expect(moved).not.toHaveProperty('name');

    const after = await allTradersLatest(db, NOW + MIN + 1000);
    expect(after.asOf).toBe(NOW + MIN);
    expect(patch!.firm).toEqual(after.firm);
    expect(apply(before.traders, patch!)).toEqual(after.traders);

    // Nothing moved: an empty patch (still a tick: the views learn the new asOf).
    const quiet = (await evaluateRiskLimits(db, NOW + 2 * MIN)).desk!;
    expect(quiet).toMatchObject({ since: NOW + MIN, asOf: NOW + 2 * MIN, rows: [] });
  });
});
