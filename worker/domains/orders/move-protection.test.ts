import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { orders, simOrders } from '../../db/schema/orders';
import { db } from '../../test/harness';
import { orderContext } from '../../test/order-traders';
import { deskOrder, deskTrader, refusal, tickPriceAt } from '../../test/sim-desk';
import type { Session } from '../auth/access';
import { moveProtectionFor } from './move-protection';
import { protectiveClientId } from './protective-orders';

/**
 * Moving a stop writes the old order's cancel and the new order's pending row in one D1 batch: a
 * failed write leaves neither (a retry moves it once), and a stop that triggered before its cancel
 * refuses the move and places nothing.
 */
const TAG = `mvp${Date.now() % 100_000}`;

async function stopped(symbol: string) {
  const t = await deskTrader(TAG, symbol);
  const entry = await t.client.placeOrder(
    deskOrder(t, symbol.replace('USDT', ''), 'BUY', 300, { stopLoss: tickPriceAt(symbol, 0.8) }),
  );
  const [stop] = await t.client.listOpenOrders({});
  const move = {
    orderClientOrderId: stop!.clientOrderId,
    triggerPrice: tickPriceAt(symbol, 0.85),
    clientOrderId: crypto.randomUUID(),
  };
  return { t, entry, stop: stop!, move };
}

const rowsOf = (userId: string) => db.select().from(orders).where(eq(orders.userId, userId));

describe('moveProtection', () => {
  it('a stop that triggered before its cancel: 409, it stays filled, nothing new is placed', async () => {
    const { t, stop, move } = await stopped('XRPUSDT');
    // The path reaches the stop before the move's cancel does.
    await db
      .update(simOrders)
      .set({ triggerPrice: tickPriceAt('XRPUSDT', 1.5) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.status, 'NEW')));
    expect(await refusal(t.client.moveProtection(move))).toMatchObject({
      status: 409,
      message: 'It triggered before it could be moved',
    });
    const rows = await rowsOf(t.user.id);
    expect(rows.find((r) => r.id === stop.id)!.status).toBe('filled');
    expect(rows.filter((r) => r.type === 'STOP_MARKET')).toHaveLength(1);
    expect(await t.client.listOpenOrders({})).toEqual([]);
  });

  it('the cancel and the new row are written together: a failed write leaves neither, the retry moves it once', async () => {
    const { t, stop, move } = await stopped('SOLUSDT');
    const session = { sub: t.user.id, role: 'user', approved: true, can_use_terminal: true } as unknown as Session;
    // The move's one write batch (its reads go as one batch of reads, not through db.batch) fails as a D1 outage would.
    let batches = 0;
    const failing = Object.create(db, {
      batch: {
        value: (queries: Parameters<Db['batch']>[0]) =>
          ++batches === 1 ? Promise.reject(new Error('D1 unavailable')) : db.batch(queries),
      },
    }) as Db;
    await expect(moveProtectionFor({ ...orderContext(), db: failing }, session, move)).rejects.toThrow('D1 unavailable');
    expect(batches).toBe(1);
    const newId = await protectiveClientId(move.clientOrderId, 'sl');
    let rows = await rowsOf(t.user.id);
    expect(rows.find((r) => r.id === stop.id)!.status).toBe('open');
    expect(rows.find((r) => r.clientOrderId === newId)).toBeUndefined();
    // The retry: the exchange already canceled the old stop; the new one is placed once.
    const moved = await t.client.moveProtection(move);
    expect(moved).toMatchObject({ clientOrderId: newId, status: 'open', triggerPrice: move.triggerPrice });
    expect(await t.client.moveProtection(move)).toMatchObject({ id: moved.id });
    rows = await rowsOf(t.user.id);
    expect(rows.find((r) => r.id === stop.id)!.status).toBe('canceled');
    expect(rows.filter((r) => r.type === 'STOP_MARKET')).toHaveLength(2);
    expect((await t.client.listOpenOrders({})).map((o) => o.id)).toEqual([moved.id]);
  });
});
