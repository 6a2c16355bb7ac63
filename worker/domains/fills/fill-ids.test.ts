import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountFills } from '../../db/schema/fills';
import { SimulatedVenue } from '../../exchanges/simulated/venue';
import { db } from '../../test/harness';
import { deskTrader } from '../../test/sim-desk';
import { importAccountFills } from './fills-import';

/**
 * The suspected merge of two fills (a 0.05 ETH sell shown as 0.07, its 0.05 buy missing): orders on
 * one simulated account, and on two, filled in the same instant, each keep their own fill.
 */
const TAG = `fid${Date.now() % 100_000}`;

describe('simulated fill ids', () => {
  it('orders filled in the same millisecond, at once and in turn, on one account and on two: one fill each', async () => {
    const now = Date.now();
    const a = await deskTrader(TAG, 'ETHUSDT');
    const b = await deskTrader(TAG, 'ETHUSDT');
    const order = (email: string, side: 'BUY' | 'SELL', quantity: number) =>
      new SimulatedVenue(db, email, () => now).placeMarketOrder({
        symbol: 'ETHUSDT',
        side,
        quantity,
        reduceOnly: false,
        clientOrderId: crypto.randomUUID(),
      });
    await Promise.all([
      order(a.account.email, 'BUY', 0.05),
      order(a.account.email, 'SELL', 0.07),
      order(b.account.email, 'BUY', 0.05),
    ]);
    await order(a.account.email, 'SELL', 0.05);
    await importAccountFills(db, a.account, { kind: 'simulated' }, now);
    await importAccountFills(db, b.account, { kind: 'simulated' }, now);
    const fills = await db.select().from(accountFills).where(eq(accountFills.ts, now));
    const mine = (id: string) =>
      fills
        .filter((f) => f.accountId === id)
        .map((f) => [f.side, f.quantity])
        .sort();
    expect(mine(a.account.id)).toEqual([
      ['BUY', 0.05],
      ['SELL', 0.05],
      ['SELL', 0.07],
    ]);
    expect(mine(b.account.id)).toEqual([['BUY', 0.05]]);
    expect(new Set(fills.map((f) => f.id)).size).toBe(fills.length);
  });
});
