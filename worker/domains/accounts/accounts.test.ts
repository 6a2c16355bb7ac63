import { createExecutionContext, createScheduledController, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../index';
import type { Bindings } from '../../env';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountLatest, exchangeAccounts, snapshotsHourly, snapshotsMinute } from '../../db/schema/accounts';
import type { AccountLiveHub, LiveEvent } from '../../durable-objects/account-live';
import { readEventStream } from '../../durable-objects/event-stream-fanout';
import { SimulatedExchange } from '../../exchanges/simulated/adapter';
import type { Position } from '../../exchanges/types';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { simAdapterWith } from '../../test/sim-adapter';
import type { UserRow } from '../../db/schema/users';
import { simPositions } from '../../db/schema/orders';
import { addAccount, setAssignment, syncAccountsFromExchange } from './manage-accounts';
import { HOURLY_RETENTION_MS, MINUTE_RETENTION_MS, pruneHourlySnapshots, rollupMinuteSnapshots } from './rollup';
import { processSnapshotBatch } from './snapshot-batch';
import { HOUR, MINUTE, writeSnapshotRun } from './snapshot-store';

const sim = new SimulatedExchange();

/** A snapshot row with neutral metrics, for tests about timestamps rather than values. */
const metricRow = (accountId: string, ts: number) => ({
  accountId,
  ts,
  totalBalance: 1,
  futuresBalance: 1,
  spotBalance: 0,
  futuresUpnl: 0,
  totalUpnl: 0,
  notional: 0,
  leverage: 1,
  btcPrice: 1,
  positionsCount: 0,
});
let trader: UserRow;
let other: UserRow;

beforeAll(async () => {
  trader = await insertUser({ email: 'trader@accounts.test', name: 'Trader' });
  other = await insertUser({ email: 'other@accounts.test' });
  const result = await syncAccountsFromExchange(db, 'simulated', sim);
  expect(result).toEqual({ added: 4, total: 4 });
  const main = await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.email, 'trader-main@sim.meridian') });
  await setAssignment(db, { userId: trader.id, accountId: main!.id, assigned: true });
});

describe('sync and assignment', () => {
  it('sync is idempotent and add-by-email refuses duplicates', async () => {
    expect(await syncAccountsFromExchange(db, 'simulated', sim)).toEqual({ added: 0, total: 4 });
    await expect(addAccount(db, { exchange: 'simulated', email: 'TRADER-MAIN@sim.meridian' })).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe('snapshot cron', () => {
  it('snapshots every account in one batch; a failing account is recorded and does not stop the others', async () => {
    const failing = simAdapterWith(sim, async (email) => {
      if (email === 'trader-alt@sim.meridian') throw new Error('Exchange rejected our API key');
      return sim.snapshotAt(email, Date.UTC(2026, 10, 20, 12));
    });
    const now = Date.UTC(2026, 10, 20, 12, 0, 30);
    const accounts = await db.select().from(exchangeAccounts).where(eq(exchangeAccounts.status, 'active'));
    const run = await processSnapshotBatch(db, () => failing, {
      batchId: 'accounts-test',
      scheduledAt: now,
      accounts: accounts.map((a) => ({ id: a.id, spot: true })),
    });
    if (!('records' in run)) throw new Error('the batch was skipped');
    expect(run.records).toHaveLength(3);
    expect(run.failures).toEqual([expect.objectContaining({ error: 'Exchange rejected our API key' })]);
    const alt = await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.email, 'trader-alt@sim.meridian') });
    expect(alt?.lastError).toBe('Exchange rejected our API key');
    expect(alt?.lastSnapshotAt).toBeNull();
    const rows = await db
      .select()
      .from(snapshotsMinute)
      .where(eq(snapshotsMinute.ts, Date.UTC(2026, 10, 20, 12)));
    expect(rows).toHaveLength(3);
    // The hour's row follows: last values, with the hour's balance range.
    const hour = Date.UTC(2026, 10, 20, 12);
    expect(await db.select().from(snapshotsHourly).where(eq(snapshotsHourly.ts, hour))).toHaveLength(3);
    const sample = run.records[0]!;
    await writeSnapshotRun(db, [{ ...sample, ts: now + 60_000, metrics: { ...sample.metrics, totalBalance: 1 } }], []);
    const updated = await db.query.snapshotsHourly.findFirst({
      where: (h, ops) => ops.and(ops.eq(h.accountId, sample.accountId), ops.eq(h.ts, hour)),
    });
    expect(updated).toMatchObject({ totalBalance: 1, minTotalBalance: 1, maxTotalBalance: sample.metrics.totalBalance });
    expect((await db.select().from(accountLatest)).length).toBe(3);
  });

  it("a simulated account's snapshot keeps what its orders filled (the run must not wipe the position)", async () => {
    const email = 'trader-main@sim.meridian';
    const main = (await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.email, email) }))!;
    const ts = Date.UTC(2026, 10, 20, 13, 0);
    const held = (await sim.getAccountSnapshot(email)).positions.find((p) => p.symbol === 'ETHUSDT');
    const before = held ? (held.side === 'LONG' ? held.size : -held.size) : 0;
    await db
      .insert(simPositions)
      .values({ accountEmail: email, symbol: 'ETHUSDT', quantity: 0.25, entryPrice: 3000, updatedAt: ts });
    await processSnapshotBatch(db, () => sim, {
      batchId: 'sim-fills-test',
      scheduledAt: ts,
      accounts: [{ id: main.id, spot: false }],
    });
    const latest = await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, main.id) });
    const eth = (latest?.positions as Position[] | undefined)?.find((p) => p.symbol === 'ETHUSDT');
    expect(eth).toBeDefined();
    expect((eth!.side === 'LONG' ? eth!.size : -eth!.size) - before).toBeCloseTo(0.25, 9);
    await db.delete(simPositions).where(eq(simPositions.accountEmail, email));
  });

  it('the scheduled handler snapshots with the configured (simulated) exchange', async () => {
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: '* * * * *' });
    const ctx = createExecutionContext();
    worker.scheduled(controller, env as unknown as Bindings, ctx);
    await waitOnExecutionContext(ctx);
    // Through the snapshot queue: the local queue delivers the batch to the consumer.
    await expect.poll(async () => (await db.select().from(accountLatest)).length, { timeout: 15_000 }).toBe(4);
  });
});

describe('rollup', () => {
  it('moves whole hours older than 7 days to hourly rows with last values and the balance range', async () => {
    const account = await addAccount(db, { exchange: 'simulated', email: 'rollup@sim.meridian' });
    const now = Date.UTC(2026, 10, 22, 0, 30);
    const oldHour = Math.floor((now - MINUTE_RETENTION_MS) / HOUR) * HOUR - HOUR;
    const recent = now - HOUR;
    const row = (ts: number, total: number) => ({
      accountId: account.id,
      ts,
      totalBalance: total,
      futuresBalance: 1,
      spotBalance: 2,
      futuresUpnl: 3,
      totalUpnl: 4,
      notional: 5,
      leverage: 1.5,
      btcPrice: 90_000,
      positionsCount: 1,
    });
    await db
      .insert(snapshotsMinute)
      .values([row(oldHour, 100), row(oldHour + MINUTE, 80), row(oldHour + 59 * MINUTE, 120), row(recent, 130)]);
    await rollupMinuteSnapshots(db, now);
    const hourly = await db.select().from(snapshotsHourly).where(eq(snapshotsHourly.accountId, account.id));
    expect(hourly).toEqual([
      expect.objectContaining({ ts: oldHour, totalBalance: 120, minTotalBalance: 80, maxTotalBalance: 120 }),
    ]);
    const left = await db.select().from(snapshotsMinute).where(eq(snapshotsMinute.accountId, account.id));
    expect(left.map((r) => r.ts)).toEqual([recent]);
    await rollupMinuteSnapshots(db, now); // idempotent
    expect(await db.select().from(snapshotsHourly).where(eq(snapshotsHourly.accountId, account.id))).toHaveLength(1);
  });

  it('prunes hourly rows past 13 months by primary-key seeks per account', async () => {
    const account = await addAccount(db, { exchange: 'simulated', email: 'hourly-prune@sim.meridian' });
    const now = Date.UTC(2026, 10, 24, 12, 30);
    const kept = Math.ceil((now - HOURLY_RETENTION_MS) / HOUR) * HOUR;
    const hour = (ts: number) => ({ ...metricRow(account.id, ts), minTotalBalance: 1, maxTotalBalance: 1 });
    await db.insert(snapshotsHourly).values([hour(kept - 2 * HOUR), hour(kept - HOUR), hour(kept), hour(now - HOUR)]);
    expect(await pruneHourlySnapshots(db, now)).toBe(2);
    const left = await db.select().from(snapshotsHourly).where(eq(snapshotsHourly.accountId, account.id));
    expect(left.map((r) => r.ts)).toEqual([kept, now - HOUR]);
    expect(await pruneHourlySnapshots(db, now)).toBe(0);

    const plan = await db.all<{ detail: string }>(
      sql`EXPLAIN QUERY PLAN SELECT h.rowid FROM exchange_accounts a
          JOIN account_snapshots_hourly h ON h.account_id = a.id AND h.ts < 0`,
    );
    const hourlyStep = plan.map((p) => p.detail).find((d) => d.includes(' h '));
    expect(hourlyStep).toMatch(/USING (COVERING )?INDEX|PRIMARY KEY/);
  });
});

describe('account procedures', () => {
  it('a trader sees their assigned accounts and stats; someone else gets 403 for that email', async () => {
    const client = rpcClient(await signedInJar(trader));
    const accounts = await client.getUserAccounts({});
    expect(accounts.map((a) => a.email)).toEqual(['trader-main@sim.meridian']);
    const stats = await client.getUserAccountStats({ email: 'trader-main@sim.meridian' });
    expect(stats.metrics?.totalBalance).toBeGreaterThan(0);
    expect(stats.positions.length).toBeGreaterThan(0);

    const stranger = rpcClient(await signedInJar(other));
    await expect(stranger.getUserAccountStats({ email: 'trader-main@sim.meridian' })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    await expect(stranger.getUserAccountStats({ email: 'no-such@sim.meridian' })).rejects.toMatchObject({ status: 403 });
    await expect(
      stranger.getAccountHistory({ email: 'trader-main@sim.meridian', from: Date.now() - 86_400_000, to: Date.now() }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await stranger.getUserAccounts({ scope: 'all' })).toEqual([]);
  });

  it('risk team and admins see all accounts', async () => {
    const risk = rpcClient(await signedInJar(await insertUser({ isRiskTeam: true })));
    expect((await risk.getUserAccounts({ scope: 'all' })).length).toBeGreaterThanOrEqual(4);
    expect((await risk.getUserAccountStats({ email: 'risk-hedge@sim.meridian' })).account.email).toBe('risk-hedge@sim.meridian');
  });

  it('history returns minute rows in range', async () => {
    const client = rpcClient(await signedInJar(trader));
    const now = Date.now();
    const { points } = await client.getAccountHistory({
      email: 'trader-main@sim.meridian',
      from: now - 86_400_000,
      to: now + MINUTE,
    });
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((p, i) => i === 0 || p.ts > points[i - 1]!.ts)).toBe(true);
    await expect(client.getAccountHistory({ email: 'trader-main@sim.meridian', from: now, to: now - 1 })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('dashboard panes default per docs/PRODUCT-RULES.md §6 and persist per user', async () => {
    const client = rpcClient(await signedInJar(trader));
    const prefs = await client.getDashboardPrefs();
    expect(prefs.panes).toMatchObject({
      'total-balance': true,
      'futures-upnl': true,
      leverage: true,
      'positions-upnl': true,
      notional: false,
      'btc-price': false,
    });
    expect(prefs.positionsUpnlMode).toBe('absolute');
    await client.updateDashboardPrefs({ panes: { leverage: false, notional: true }, positionsUpnlMode: 'percent' });
    const again = await rpcClient(await signedInJar(trader)).getDashboardPrefs();
    expect(again.panes).toMatchObject({ leverage: false, notional: true, 'total-balance': true });
    expect(again.positionsUpnlMode).toBe('percent');
    expect((await rpcClient(await signedInJar(other)).getDashboardPrefs()).panes.leverage).toBe(true);
  });
});

describe('live account stream (Durable Object)', () => {
  it('polls only while someone is subscribed, once per interval for many subscribers', async () => {
    const main = await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.email, 'trader-main@sim.meridian') });
    const stub = env.ACCOUNT_LIVE.getByName(main!.id);
    const url = 'https://account-live/subscribe?email=trader-main%40sim.meridian&exchange=simulated';
    const controllers = Array.from({ length: 10 }, () => new AbortController());
    const responses = await Promise.all(controllers.map((c) => stub.fetch(url, { signal: c.signal })));
    const readers = responses.map((r) => readEventStream<LiveEvent>(r.body!));
    const firsts = await Promise.all(readers.map((r) => r.next()));
    for (const f of firsts) expect(f.value).toMatchObject({ type: 'snapshot' });
    await new Promise((r) => setTimeout(r, 350));
    const during = await runInDurableObject(stub, (hub: AccountLiveHub) => ({ polls: hub.pollCount, subs: hub.subscriberCount }));
    expect(during.subs).toBe(10);
    // 100 ms interval over ~350 ms: a handful of polls, not 10 per interval.
    expect(during.polls).toBeGreaterThanOrEqual(2);
    expect(during.polls).toBeLessThanOrEqual(6);

    for (const r of readers) await r.return(undefined);
    await new Promise((r) => setTimeout(r, 400));
    const after = await runInDurableObject(stub, (hub: AccountLiveHub) => ({ polls: hub.pollCount, subs: hub.subscriberCount }));
    expect(after.subs).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    const later = await runInDurableObject(stub, (hub: AccountLiveHub) => hub.pollCount);
    expect(later).toBe(after.polls);
  });

  it('streams to an authorised client through the oRPC event iterator; refuses others', async () => {
    const client = rpcClient(await signedInJar(trader));
    const iterator = await client.streamAccount({ email: 'trader-main@sim.meridian' });
    const first = await iterator.next();
    expect(first.value).toMatchObject({
      type: 'snapshot',
      metrics: expect.objectContaining({ totalBalance: expect.any(Number) }),
    });
    await iterator.return(undefined);
    await expect(rpcClient(await signedInJar(other)).streamAccount({ email: 'trader-main@sim.meridian' })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('history resolution', () => {
  it('reads hourly rows for ranges over a week, minute rows thinned to 10 minutes for a week, every minute for a day', async () => {
    const account = await addAccount(db, { exchange: 'simulated', email: 'resolution@sim.meridian' });
    await setAssignment(db, { userId: trader.id, accountId: account.id, assigned: true });
    const now = Date.now();
    const hour = Math.floor(now / HOUR) * HOUR;
    const row = (ts: number) => metricRow(account.id, ts);
    const hours = Array.from({ length: 30 * 24 }, (_, i) => ({
      ...row(hour - i * HOUR),
      minTotalBalance: 1,
      maxTotalBalance: 1,
    }));
    // 13 columns a row: 7 rows a statement stays under D1's 100 bound parameters.
    for (let i = 0; i < hours.length; i += 7) await db.insert(snapshotsHourly).values(hours.slice(i, i + 7));
    const minutes = Array.from({ length: 60 }, (_, j) => row(Math.floor(now / MINUTE) * MINUTE - j * MINUTE));
    minutes[0]!.totalBalance = 1234.56789;
    for (let i = 0; i < minutes.length; i += 9) await db.insert(snapshotsMinute).values(minutes.slice(i, i + 9));
    const client = rpcClient(await signedInJar(trader));
    const month = await client.getAccountHistory({
      email: 'resolution@sim.meridian',
      from: hour - (30 * 24 - 1) * HOUR,
      to: now,
    });
    expect(month.points).toHaveLength(30 * 24);
    expect(month.points.every((p) => p.ts % HOUR === 0)).toBe(true);
    const day = await client.getAccountHistory({ email: 'resolution@sim.meridian', from: now - 24 * HOUR, to: now });
    expect(day.points.some((p) => p.ts % HOUR !== 0)).toBe(true); // minute rows in short ranges
    expect(day.points.at(-1)).toMatchObject({ ts: minutes[0]!.ts, totalBalance: 1234.57 }); // rounded to cents

    // A week: minute rows thinned to the one closing each 10 minutes, plus the latest.
    const week = await client.getAccountHistory({ email: 'resolution@sim.meridian', from: now - 7 * 24 * HOUR, to: now });
    const recent = week.points.filter((p) => p.ts > minutes.at(-1)!.ts);
    expect(recent.at(-1)!.ts).toBe(minutes[0]!.ts);
    expect(recent.slice(0, -1).every((p) => p.ts % (10 * MINUTE) === 9 * MINUTE)).toBe(true);
    expect(recent.length).toBeGreaterThanOrEqual(5);
    expect(recent.length).toBeLessThanOrEqual(7);
  });
});
