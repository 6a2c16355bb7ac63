import { traderRow as row } from '@contract/risk-test-rows';
import { describe, expect, it } from 'vitest';
import { applyDeskPatch } from './desk-patch';
import { isPatched } from './patched-desks';
import { latestMetricsQuery, type DeskPatch, type LatestMetrics } from './risk-queries';

const firm = { equity: 3000, dayPnl: 0, upnl: 0, notional: 3000, leverage: 1, lastUpdate: 1 };
const cached = (): LatestMetrics => ({ ts: 15, asOf: 10, firm, traders: [row('a'), row('b'), row('c')] });
const patch = (over: Partial<DeskPatch> = {}): DeskPatch => ({
  since: 10,
  asOf: 20,
  traderCount: 3,
  firm: { ...firm, equity: 3500 },
  rows: [{ traderId: 'b', equity: 1500, lastUpdate: 2 }],
  ...over,
});

describe('applyDeskPatch', () => {
  it('replaces only the changed rows; the others keep their objects', () => {
    const old = cached();
    const next = applyDeskPatch(old, patch())!;
    expect(next.asOf).toBe(20);
    expect(next.firm.equity).toBe(3500);
    expect(next.traders).toEqual([row('a'), row('b', { equity: 1500, lastUpdate: 2 }), row('c')]);
    expect(next.traders[0]).toBe(old.traders[0]);
    expect(next.traders[2]).toBe(old.traders[2]);
    expect(next.traders[1]).not.toBe(old.traders[1]);
    expect(old.traders[1]!.equity).toBe(1000); // the cached answer is not mutated
  });

  it('a tick without changes keeps the traders array; one already applied changes nothing', () => {
    const old = cached();
    const quiet = applyDeskPatch(old, patch({ rows: [] }))!;
    expect(quiet.traders).toBe(old.traders);
    expect(quiet.asOf).toBe(20);
    expect(applyDeskPatch(quiet, patch({ rows: [] }))).toBe(quiet);
    expect(applyDeskPatch(old, patch({ since: 0, asOf: 10 }))).toBe(old);
  });

  it('cannot apply on another base, to a trader it does not have, or to another count: null (refetch)', () => {
    expect(applyDeskPatch(cached(), patch({ since: 5 }))).toBeNull();
    expect(applyDeskPatch(cached(), patch({ rows: [row('new')] }))).toBeNull();
    expect(applyDeskPatch(cached(), patch({ traderCount: 2 }))).toBeNull();
  });
});

describe('the latest figures query keeps what the patch shared', () => {
  const share = latestMetricsQuery.structuralSharing as (cached: unknown, next: unknown) => unknown;

  it('takes a patched result as it is: no second deep comparison of every trader', () => {
    const before = cached();
    const next = applyDeskPatch(before, patch())!;
    expect(isPatched(next)).toBe(true);
    expect(share(before, next)).toBe(next);
    expect(next.traders[0]).toBe(before.traders[0]);
  });

  it('shares a refetched result deeply with the cache: equal rows keep their objects', () => {
    const before = cached();
    const refetched = cached();
    refetched.traders[1] = row('b', { equity: 1500 });
    expect(isPatched(refetched)).toBe(false);
    const shared = share(before, refetched) as LatestMetrics;
    expect(shared.traders[0]).toBe(before.traders[0]);
    expect(shared.traders[1]).not.toBe(before.traders[1]);
    expect(shared.traders[1]!.equity).toBe(1500);
  });
});
