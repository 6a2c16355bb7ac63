import { describe, expect, it } from 'vitest';
import { setAssignment } from '../accounts/manage-accounts';
import { SimulatedVenue } from '../../exchanges/simulated/venue';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { deskTrader } from '../../test/sim-desk';

/**
 * Performance through the RPC (real D1): the trader's own fills with fees and realized PnL, per
 * symbol and per UTC day, funding of their accounts, read access as for orders.
 */
const TAG = `perf${Date.now() % 100_000}`;
const DAY = 86_400_000;
const range = () => ({ from: Date.now() - 30 * DAY, to: Date.now() + 60_000 });

const market = (accountEmail: string, side: 'BUY' | 'SELL', quantity: number) => ({
  accountEmail,
  symbol: 'BTCUSDT',
  side,
  quantity,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
});

describe('getPerformance and listFills', () => {
  it("show a trader's fills, fees, realized PnL and funding, per symbol and per day; the same fills once however often read", async () => {
    const { account, client } = await deskTrader(TAG, 'BTCUSDT');
    const buy = await client.placeOrder(market(account.email, 'BUY', 0.02));
    const sell = await client.placeOrder(market(account.email, 'SELL', 0.01));
    const [perf, again] = await Promise.all([client.getPerformance(range()), client.getPerformance(range())]);
    expect(again.totals).toEqual(perf.totals);
    expect(perf.simulated).toBe(true);
    expect(perf.importedAt).not.toBeNull();
    const btc = perf.symbols.find((s) => s.symbol === 'BTCUSDT')!;
    expect(btc.trades).toBe(2);
    expect(btc.closing).toBe(1);
    const realized = (sell.fillPrice! - buy.fillPrice!) * 0.01;
    expect(btc.realizedPnl).toBeCloseTo(realized, 6);
    expect(btc.fees).toBeCloseTo((buy.fillPrice! * 0.02 + sell.fillPrice! * 0.01) * 0.0005, 6);
    expect(btc.winRate).toBe(realized > 0 ? 1 : 0);
    expect(btc.bestTrade).toBeCloseTo(realized, 6);
    expect(btc.net).toBeCloseTo(btc.realizedPnl - btc.fees + btc.funding, 9);
    // Funding every 8 hours on the simulated book: some symbol paid or received it since the first import's reach.
    expect(perf.totals.funding).not.toBe(0);
    expect(perf.totals.net).toBeCloseTo(perf.totals.realizedPnl - perf.totals.fees + perf.totals.funding, 6);
    const today = perf.days.at(-1)!;
    expect(today.day).toBe(Math.floor(Date.now() / DAY) * DAY);
    expect(today.trades).toBe(2);
    expect(perf.days.reduce((a, d) => a + d.funding, 0)).toBeCloseTo(perf.totals.funding, 6);

    const fills = await client.listFills(range());
    expect(fills.map((f) => [f.orderId, f.side, f.quantity])).toEqual([
      [sell.id, 'SELL', 0.01],
      [buy.id, 'BUY', 0.02],
    ]);
  });

  it('a trade placed seconds after an import shows on the next read (an order since the import makes it due)', async () => {
    const { account, client } = await deskTrader(`${TAG}fresh`, 'BTCUSDT');
    await client.placeOrder(market(account.email, 'BUY', 0.03));
    expect((await client.getPerformance(range())).symbols.find((s) => s.symbol === 'BTCUSDT')!.trades).toBe(1);
    const sell = await client.placeOrder(market(account.email, 'SELL', 0.03));
    const perf = await client.getPerformance(range());
    expect(perf.symbols.find((s) => s.symbol === 'BTCUSDT')!.trades).toBe(2);
    expect((await client.listFills(range()))[0]!.orderId).toBe(sell.id);
  });

  it("a fill no Meridian order made counts for the account's trader; another trader cannot read it, the risk team can", async () => {
    const { user, account, client } = await deskTrader(TAG, 'ETHUSDT');
    await new SimulatedVenue(db, account.email).placeMarketOrder({
      symbol: 'ETHUSDT',
      side: 'SELL',
      quantity: 0.5,
      reduceOnly: false,
      clientOrderId: 'outside-meridian',
    });
    const perf = await client.getPerformance(range());
    expect(perf.symbols.find((s) => s.symbol === 'ETHUSDT')?.trades).toBe(1);
    expect((await client.listFills(range()))[0]?.orderId).toBeNull();

    const other = rpcClient(await signedInJar(await insertUser({ email: `other@${TAG}.test` })));
    await expect(other.getPerformance({ ...range(), traderId: user.id })).rejects.toMatchObject({ status: 403 });
    await expect(other.listFills({ ...range(), traderId: user.id })).rejects.toMatchObject({ status: 403 });
    expect((await other.getPerformance(range())).symbols).toEqual([]);

    const risk = rpcClient(await signedInJar(await insertUser({ email: `risk@${TAG}.test`, isRiskTeam: true })));
    const seen = await risk.getPerformance({ ...range(), traderId: user.id });
    expect(seen.totals.trades).toBe(1);
  });

  it('a shared account: each trader sees the fills of their own orders only', async () => {
    const a = await deskTrader(TAG, 'SOLUSDT');
    const b = await deskTrader(TAG, 'SOLUSDT');
    await setAssignment(db, { userId: b.user.id, accountId: a.account.id, assigned: true });
    await a.client.placeOrder({ ...market(a.account.email, 'BUY', 1), symbol: 'SOLUSDT' });
    await b.client.placeOrder({ ...market(a.account.email, 'BUY', 2), symbol: 'SOLUSDT' });
    // The performance read imports (listFills only reads: the page asks it once performance is in).
    await a.client.getPerformance(range());
    const [pa, pb] = await Promise.all([a.client.listFills(range()), b.client.listFills(range())]);
    expect(pa.filter((f) => f.accountEmail === a.account.email).map((f) => f.quantity)).toEqual([1]);
    expect(pb.filter((f) => f.accountEmail === a.account.email).map((f) => f.quantity)).toEqual([2]);
  });

  it("one UTC month (the calendar's read): per-day rows inside the month only, each with its fills, fees and funding adding up to the month", async () => {
    const { client, account } = await deskTrader(TAG, 'BTCUSDT');
    await client.placeOrder(market(account.email, 'BUY', 0.01));
    const now = new Date();
    const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const month = await client.getPerformance({ from, to });
    expect(month.days.length).toBeGreaterThan(0);
    for (const d of month.days) {
      expect(d.day % DAY).toBe(0);
      expect(d.day).toBeGreaterThanOrEqual(from);
      expect(d.day).toBeLessThan(to);
      expect(d.net).toBeCloseTo(d.realizedPnl - d.fees + d.funding, 9);
    }
    const sum = (k: 'trades' | 'fees' | 'funding' | 'net') => month.days.reduce((a, d) => a + d[k], 0);
    expect(sum('trades')).toBe(month.totals.trades);
    expect(sum('fees')).toBeCloseTo(month.totals.fees, 6);
    expect(sum('funding')).toBeCloseTo(month.totals.funding, 6);
    expect(sum('net')).toBeCloseTo(month.totals.net, 6);
    const today = month.days.find((d) => d.day === Math.floor(Date.now() / DAY) * DAY)!;
    expect(today.trades).toBe(1);
    expect(today.fees).toBeGreaterThan(0);
  });

  it('refuses a range that ends before it starts or spans more than 400 days', async () => {
    const { client } = await deskTrader(TAG, 'BTCUSDT');
    await expect(client.getPerformance({ from: 10, to: 5 })).rejects.toMatchObject({ status: 400 });
    await expect(client.getPerformance({ from: 0, to: 402 * DAY })).rejects.toMatchObject({ status: 400 });
  });
});
