import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountDaily, riskBreaches } from '../../db/schema/risk';
import { db, insertUser, rpcClient, signedInJar, type CookieJar } from '../../test/harness';
import { position, record } from '../../test/snapshot-builders';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { writeSnapshotRun } from '../accounts/snapshot-store';
import { readBreaches } from './breaches';
import { evaluateRiskLimits } from './evaluate';
import { riskExposure } from './exposure';
import { setLimit } from './limit-store';

const DAY = 86_400_000;
const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 20, 22, 0); // two hours before a UTC midnight

let riskJar: CookieJar;
let traderJar: CookieJar;
let riskUserId: string;
const traders: { id: string; accountId: string }[] = [];

/** An open firm-wide breach of the symbol exposure limit, as a row (a fresh id each time). */
const symbolBreach = (symbol: string) => ({
  id: crypto.randomUUID(),
  traderId: null,
  kind: 'maxSymbolNetExposure' as const,
  scopeKey: `symbol:${symbol}`,
  symbol,
  limitValue: 1,
  openedValue: 2,
  lastValue: 2,
  worstValue: 2,
  openedAt: 1,
  updatedAt: 1,
});

beforeAll(async () => {
  const risk = await insertUser({ email: 'desk-risk@risk.test', name: 'Desk Risk', isRiskTeam: true });
  riskUserId = risk.id;
  riskJar = await signedInJar(risk);
  for (const name of ['Ann Alpha', 'Ben Beta']) {
    const u = await insertUser({ email: `${name.split(' ')[0]!.toLowerCase()}@risk.test`, name });
    const account = await addAccount(db, { exchange: 'simulated', email: `${u.id.slice(0, 8)}@sim.risk` });
    await setAssignment(db, { userId: u.id, accountId: account.id, assigned: true });
    traders.push({ id: u.id, accountId: account.id });
    if (!traderJar) traderJar = await signedInJar(u);
  }
});

describe('daily rollup kept by the snapshot write', () => {
  it('matches the minute rows of each day, and a repeated minute is not counted twice', async () => {
    const account = await addAccount(db, { exchange: 'simulated', email: 'rollup@sim.risk' });
    const equities = [1000, 1040, 980, 1010, 1100, 1090, 1050, 1070];
    // Eight snapshots an hour apart from 22:00: two before midnight, six after.
    const runs = equities.map((e, i) =>
      record(account.id, T0 + i * 60 * MIN, e, [position('BTCUSDT', 'LONG', e * (1 + i / 10))]),
    );
    for (const r of runs) await writeSnapshotRun(db, [r], []);
    await writeSnapshotRun(db, [runs[3]!], []); // the cron re-running a minute
    const days = await db
      .select()
      .from(accountDaily)
      .where(sql`${accountDaily.accountId} = ${account.id}`)
      .orderBy(accountDaily.day);
    const hourly = await db.all<{
      day: number;
      n: number;
      mn: number;
      mx: number;
      lev: number;
      pk: number;
      notional: number;
    }>(sql`
      SELECT (ts / 86400000) * 86400000 AS day, count(*) AS n, min(total_balance) AS mn, max(total_balance) AS mx,
             avg(leverage) AS lev, max(leverage) AS pk, max(notional) AS notional
      FROM account_snapshots_hourly WHERE account_id = ${account.id} GROUP BY day ORDER BY day`);
    expect(days).toHaveLength(2);
    expect(hourly).toHaveLength(2);
    days.forEach((d, i) => {
      const h = hourly[i]!;
      expect(d.day).toBe(h.day);
      expect(d.samples).toBe(h.n);
      expect(d.minEquity).toBe(h.mn);
      expect(d.maxEquity).toBe(h.mx);
      expect(d.leverageSum / d.samples).toBeCloseTo(h.lev, 12);
      expect(d.peakLeverage).toBeCloseTo(h.pk, 12);
      expect(d.peakNotional).toBeCloseTo(h.notional, 9);
    });
    expect(days[0]).toMatchObject({ openEquity: 1000, closeEquity: 1040 });
    expect(days[1]).toMatchObject({
      openEquity: 980,
      closeEquity: 1070,
      closeNotional: 1070 * 1.7,
      closeNetNotional: 1070 * 1.7,
    });
  });
});

describe('limit evaluation and breach episodes', () => {
  it('opens one episode, updates it while it lasts, closes it when back inside', async () => {
    const [ann] = traders;
    await setLimit(db, riskUserId, { traderId: null, kind: 'maxLeverage', value: 3 });
    const t = T0 + DAY;
    await writeSnapshotRun(db, [record(ann!.accountId, t, 1000, [position('ETHUSDT', 'LONG', 4000)])], []);
    const first = await evaluateRiskLimits(db, t);
    expect(first.opened.map((b) => [b.kind, b.traderId, b.lastValue])).toEqual([['maxLeverage', ann!.id, 4]]);

    await writeSnapshotRun(db, [record(ann!.accountId, t + MIN, 1000, [position('ETHUSDT', 'LONG', 5000)])], []);
    const second = await evaluateRiskLimits(db, t + MIN);
    expect(second.opened).toEqual([]);
    const [open] = await db
      .select()
      .from(riskBreaches)
      .where(sql`${riskBreaches.closedAt} IS NULL AND ${riskBreaches.traderId} = ${ann!.id}`);
    expect(open).toMatchObject({ id: first.opened[0]!.id, openedValue: 4, lastValue: 5, worstValue: 5 });

    await writeSnapshotRun(db, [record(ann!.accountId, t + 2 * MIN, 1000, [position('ETHUSDT', 'LONG', 2000)])], []);
    const third = await evaluateRiskLimits(db, t + 2 * MIN);
    expect(third.closed.map((b) => b.id)).toEqual([open!.id]);
    expect(third.closed[0]!.closedAt).toBe(t + 2 * MIN);
  });

  it('two evaluations racing open a single episode', async () => {
    const [, ben] = traders;
    const t = T0 + 2 * DAY;
    await writeSnapshotRun(db, [record(ben!.accountId, t, 1000, [position('SOLUSDT', 'SHORT', 9000)])], []);
    const results = await Promise.all([evaluateRiskLimits(db, t), evaluateRiskLimits(db, t), evaluateRiskLimits(db, t + 1)]);
    expect(results.flatMap((r) => r.opened).filter((b) => b.traderId === ben!.id)).toHaveLength(1);
    const rows = await db.all(sql`SELECT id FROM risk_breaches WHERE trader_id = ${ben!.id} AND closed_at IS NULL`);
    expect(rows).toHaveLength(1);
  });

  it('the partial unique index itself refuses a second open episode', async () => {
    await db.insert(riskBreaches).values(symbolBreach('XRPUSDT'));
    await expect(db.insert(riskBreaches).values(symbolBreach('XRPUSDT'))).rejects.toThrow();
    await db.insert(riskBreaches).values({ ...symbolBreach('XRPUSDT'), closedAt: 5 });
  });

  it('reads back more breaches than D1 binds parameters in one statement (a desk of 500)', async () => {
    const ids = Array.from({ length: 250 }, () => crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 5) {
      await db
        .insert(riskBreaches)
        .values(ids.slice(i, i + 5).map((id, j) => ({ ...symbolBreach(`BULK${i + j}USDT`), id, closedAt: 2 })));
    }
    const read = await readBreaches(db, ids);
    expect(new Set(read.map((b) => b.id))).toEqual(new Set(ids));
  });
});

describe('risk procedures (risk team only)', () => {
  it('getAllTradersLatestMetrics: a row per trader with open breaches, and the firm total', async () => {
    const res = await rpcClient(riskJar).getAllTradersLatestMetrics({});
    const ids = res.traders.map((t) => t.traderId);
    expect(ids).toEqual(expect.arrayContaining(traders.map((t) => t.id)));
    const ben = res.traders.find((t) => t.traderId === traders[1]!.id)!;
    expect(ben.equity).toBe(1000);
    expect(ben.leverage).toBe(9);
    expect(ben.breaches.map((b) => b.kind)).toEqual(['maxLeverage']);
    expect(res.firm.equity).toBeCloseTo(
      res.traders.reduce((a, t) => a + t.equity, 0),
      9,
    );
  });

  it('refuses a plain trader and an anonymous caller', async () => {
    await expect(rpcClient(traderJar).getAllTradersLatestMetrics({})).rejects.toMatchObject({ status: 403 });
    await expect(rpcClient().fetchAllTraderStats({})).rejects.toMatchObject({ status: 401 });
  });

  it('fetchAllTraderStats reads the daily rollup over a range', async () => {
    const res = await rpcClient(riskJar).fetchAllTraderStats({ from: T0, to: T0 + 3 * DAY });
    const ann = res.traders.find((t) => t.traderId === traders[0]!.id)!;
    expect(ann.days).toBe(1);
    expect(ann.accounts).toHaveLength(1);
    expect(ann.peakLeverage).toBe(5);
  });

  it('stress test: firm = Σ traders = Σ positions, alts moved by beta', async () => {
    const exposure = await riskExposure(db, 1.5);
    const { stress } = exposure;
    stress.shocks.forEach((_, i) => {
      const byTraders = stress.traders.reduce((a, t) => a + t.pnl[i]!, 0);
      const byPositions = stress.positions.reduce((a, p) => a + p.pnl[i]!, 0);
      expect(stress.firm[i]).toBeCloseTo(byTraders, 6);
      expect(stress.firm[i]).toBeCloseTo(byPositions, 6);
    });
    // Ben is short 9,000 SOL: −20 % on BTC moves SOL −30 % → +2,700.
    const ben = stress.traders.find((t) => t.traderId === traders[1]!.id)!;
    expect(ben.pnl[0]).toBeCloseTo(2700, 6);
    const api = await rpcClient(riskJar).getRiskExposure({});
    expect(api.stress.altBeta).toBe(1.2);
  });

  it('limits: validation, overrides and the change log', async () => {
    const client = rpcClient(riskJar);
    await expect(client.setRiskLimit({ traderId: null, kind: 'maxDrawdown', value: 5 })).rejects.toMatchObject({ status: 400 });
    await expect(client.setRiskLimit({ traderId: traders[0]!.id, kind: 'maxSymbolNetExposure', value: 5 })).rejects.toMatchObject(
      { status: 400 },
    );
    await expect(client.setRiskLimit({ traderId: 'nobody', kind: 'maxLeverage', value: 5 })).rejects.toMatchObject({
      status: 404,
    });
    const view = await client.setRiskLimit({ traderId: traders[1]!.id, kind: 'maxLeverage', value: 10 });
    expect(view.overrides).toEqual([{ traderId: traders[1]!.id, name: 'Ben Beta', limits: { maxLeverage: 10 } }]);
    expect(view.changes[0]).toMatchObject({
      traderId: traders[1]!.id,
      kind: 'maxLeverage',
      oldValue: null,
      newValue: 10,
      changedBy: 'Desk Risk <desk-risk@risk.test>',
    });
    const cleared = await client.setRiskLimit({ traderId: traders[1]!.id, kind: 'maxLeverage', value: null });
    expect(cleared.overrides).toEqual([]);
    expect(cleared.changes[0]).toMatchObject({ oldValue: 10, newValue: null });
  });

  it('breaches: list and acknowledge with a note', async () => {
    const client = rpcClient(riskJar);
    const open = await client.listRiskBreaches({ status: 'open', traderId: traders[1]!.id });
    expect(open).toHaveLength(1);
    await expect(client.acknowledgeRiskBreach({ id: open[0]!.id, note: '  ' })).rejects.toMatchObject({ status: 400 });
    const acked = await client.acknowledgeRiskBreach({ id: open[0]!.id, note: 'Called Ben, reducing' });
    expect(acked).toMatchObject({ ackNote: 'Called Ben, reducing', acknowledgedBy: riskUserId, traderName: 'Ben Beta' });
    await expect(client.acknowledgeRiskBreach({ id: 'missing', note: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  it('trader detail and firm history', async () => {
    const client = rpcClient(riskJar);
    const detail = await client.getRiskTrader({ traderId: traders[1]!.id, from: T0, to: T0 + 3 * DAY });
    expect(detail.latest.name).toBe('Ben Beta');
    expect(detail.accounts[0]!.positions[0]!.symbol).toBe('SOLUSDT');
    expect(detail.curve).toEqual([{ ts: T0 + 2 * DAY - ((T0 + 2 * DAY) % DAY), equity: 1000, gross: 9000, net: -9000 }]);
    await expect(client.getRiskTrader({ traderId: 'nobody', from: T0, to: T0 + DAY })).rejects.toMatchObject({ status: 404 });
    const history = await client.getFirmHistory({ from: T0, to: T0 + 3 * DAY, traderIds: [traders[0]!.id] });
    expect(history.traders).toHaveLength(1);
    expect(history.firm.length).toBeGreaterThan(0);
  });
});
