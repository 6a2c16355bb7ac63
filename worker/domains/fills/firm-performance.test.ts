import { describe, expect, it } from 'vitest';
import { setAssignment } from '../accounts/manage-accounts';
import { importAllFills } from './fill-source';
import { SimulatedVenue } from '../../exchanges/simulated/venue';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { deskTrader } from '../../test/sim-desk';

/**
 * The risk team's firm-wide performance (real D1): the firm counts every fill and funding payment
 * once; each trader's line is what their own Performance page says; a shared account's
 * unattributed fill and funding count for each of its traders but once for the firm.
 */
const TAG = `firm${Date.now() % 100_000}`;
const DAY = 86_400_000;
const range = () => ({ from: Date.now() - 30 * DAY, to: Date.now() + 60_000 });
const market = (accountEmail: string, symbol: string, side: 'BUY' | 'SELL', quantity: number) => ({
  accountEmail,
  symbol,
  side,
  quantity,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
});
const pick = (t: { realizedPnl: number; fees: number; funding: number; net: number; trades: number }) => [
  t.trades,
  t.realizedPnl.toFixed(6),
  t.fees.toFixed(6),
  t.funding.toFixed(6),
  t.net.toFixed(6),
];

describe('getFirmPerformance', () => {
  it("adds every trader's fills and funding into the firm's, per day, with each trader's line equal to their own page", async () => {
    const a = await deskTrader(TAG, 'BTCUSDT');
    const b = await deskTrader(TAG, 'ETHUSDT');
    await a.client.placeOrder(market(a.account.email, 'BTCUSDT', 'BUY', 0.02));
    await a.client.placeOrder(market(a.account.email, 'BTCUSDT', 'SELL', 0.01));
    await b.client.placeOrder(market(b.account.email, 'ETHUSDT', 'BUY', 0.5));
    // Their own pages import their accounts (the minute cron does it in production).
    const [pa, pb] = await Promise.all([a.client.getPerformance(range()), b.client.getPerformance(range())]);
    const risk = rpcClient(await signedInJar(await insertUser({ email: `risk@${TAG}.test`, isRiskTeam: true })));

    const firm = await risk.getFirmPerformance(range());
    expect(firm.simulated).toBe(true);
    const la = firm.traders.find((t) => t.traderId === a.user.id)!;
    const lb = firm.traders.find((t) => t.traderId === b.user.id)!;
    expect([la.name, la.email]).toEqual([a.user.name, a.user.email]);
    expect(pick(la)).toEqual(pick(pa.totals));
    expect(pick(lb)).toEqual(pick(pb.totals));
    expect(la.closing).toBe(1);
    expect(la.days.reduce((s, d) => s + d.net, 0)).toBeCloseTo(la.net, 6);
    // No shared account: the firm is the sum of its traders.
    expect(firm.totals.trades).toBe(3);
    expect(firm.totals.net).toBeCloseTo(la.net + lb.net, 6);
    expect(firm.totals.funding).toBeCloseTo(pa.totals.funding + pb.totals.funding, 6);
    expect(firm.days.reduce((s, d) => s + d.net, 0)).toBeCloseTo(firm.totals.net, 6);
    expect(firm.days.reduce((s, d) => s + d.trades, 0)).toBe(3);
    for (const d of firm.days) expect(d.net).toBeCloseTo(d.realizedPnl - d.fees + d.funding, 9);
    // Largest |net| first.
    const nets = firm.traders.map((t) => Math.abs(t.net));
    expect(nets).toEqual([...nets].sort((x, y) => y - x));

    // b shares a's account; a fill made outside Meridian there counts for both, once for the firm.
    await setAssignment(db, { userId: b.user.id, accountId: a.account.id, assigned: true });
    await new SimulatedVenue(db, a.account.email).placeMarketOrder({
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: 0.01,
      reduceOnly: false,
      clientOrderId: 'outside-meridian',
    });
    await importAllFills(db, { keyring: null }); // the minute cron's import
    const shared = await risk.getFirmPerformance(range());
    const trades = (id: string) => shared.traders.find((t) => t.traderId === id)!.trades;
    expect([shared.totals.trades, trades(a.user.id), trades(b.user.id)]).toEqual([4, 3, 2]);
    const funding = (id: string) => shared.traders.find((t) => t.traderId === id)!.funding;
    expect(funding(b.user.id)).toBeCloseTo(pa.totals.funding + pb.totals.funding, 6);
    expect(shared.totals.funding).toBeCloseTo(pa.totals.funding + pb.totals.funding, 6);
  });

  it('is for the risk team only, and refuses a range of more than 400 days', async () => {
    const a = await deskTrader(TAG, 'SOLUSDT');
    await expect(a.client.getFirmPerformance(range())).rejects.toMatchObject({ status: 403 });
    const risk = rpcClient(await signedInJar(await insertUser({ email: `risk2@${TAG}.test`, isRiskTeam: true })));
    await expect(risk.getFirmPerformance({ from: 0, to: 402 * DAY })).rejects.toMatchObject({ status: 400 });
    const empty = await risk.getFirmPerformance({ from: 1_000, to: 2_000 });
    expect(empty.totals).toMatchObject({ trades: 0, net: 0, winRate: null });
    expect(empty.days).toEqual([]);
  });
});
