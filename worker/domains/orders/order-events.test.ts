import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../../db/schema/orders';
import { OrderOutcomeUnknown, type OrderVenue } from '../../exchanges/order-venue';
import { db } from '../../test/harness';
import { orderContext, simTrader } from '../../test/order-traders';
import { cancelOrderFor } from './open-orders';
import { placeOrderFor, type VenueFor } from './orders';
import type { PublishOrder } from './order-store';
import { SimulatedVenue } from '../../exchanges/simulated/venue';

/** The simulated venue, with the exchange unreachable while `down` (no answer, no query). */
function flakyVenue(state: { down: boolean }): VenueFor {
  return (account) => {
    const sim = new SimulatedVenue(db, account.email);
    const venue: OrderVenue = {
      rules: (s) => sim.rules(s),
      markPrice: (s) => sim.markPrice(s),
      placeMarketOrder: (req) =>
        state.down ? Promise.reject(new OrderOutcomeUnknown('Timeout (-1007)')) : sim.placeMarketOrder(req),
      queryOrder: (s, id) => (state.down ? Promise.reject(new Error('network down')) : sim.queryOrder(s, id)),
      placeLimitOrder: (req) => sim.placeLimitOrder(req),
      placeConditionalOrder: (req) => sim.placeConditionalOrder(req),
      cancelOrder: (s, id) => sim.cancelOrder(s, id),
      cancelAllOrders: (s) => sim.cancelAllOrders(s),
    };
    return venue;
  };
}

const trader = () => simTrader('orderevents', { withSnapshot: true });

/** Runs `work` with a publish that records each step; the statuses published. */
async function stepsOf(work: (publish: PublishOrder) => Promise<unknown>) {
  const seen: OrderRow[] = [];
  await work((row) => seen.push(row)).catch(() => {});
  return seen.map((r) => r.status);
}

describe('order steps published from the order store', () => {
  it('an unknown outcome, then its resolution on retry, then nothing for a replay of a settled order', async () => {
    const t = await trader();
    const state = { down: true };
    const input = {
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      side: 'BUY' as const,
      notional: 500,
      reduceOnly: false,
      clientOrderId: crypto.randomUUID(),
    };
    expect(await stepsOf((publish) => placeOrderFor(orderContext(flakyVenue(state), publish), t.session, input))).toEqual([
      'pending',
      'unknown',
    ]);
    state.down = false;
    expect(await stepsOf((publish) => placeOrderFor(orderContext(flakyVenue(state), publish), t.session, input))).toEqual([
      'filled',
    ]);
    expect(await stepsOf((publish) => placeOrderFor(orderContext(flakyVenue(state), publish), t.session, input))).toEqual([]);
  });

  it('a cancel of an order that never reached the exchange is one step: canceled', async () => {
    const t = await trader();
    const state = { down: true };
    const clientOrderId = crypto.randomUUID();
    const input = {
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      side: 'SELL' as const,
      notional: 500,
      reduceOnly: false,
      clientOrderId,
    };
    await stepsOf((publish) => placeOrderFor(orderContext(flakyVenue(state), publish), t.session, input));
    state.down = false;
    expect(
      await stepsOf((publish) => cancelOrderFor(orderContext(flakyVenue(state), publish), t.session, clientOrderId)),
    ).toEqual(['canceled']);
  });

  it('with no publish (benches, jobs) the order still goes through', async () => {
    const t = await trader();
    const placed = await placeOrderFor(orderContext(flakyVenue({ down: false })), t.session, {
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      side: 'BUY',
      notional: 500,
      reduceOnly: false,
      clientOrderId: crypto.randomUUID(),
    });
    expect(placed.status).toBe('filled');
  });
});
