import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../../db/schema/orders';
import { OrderOutcomeUnknown, type OrderVenue } from '../../exchanges/order-venue';
import { db, insertUser } from '../../test/harness';
import type { Session } from '../auth/access';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { cancelOrderFor, placeOrderFor, refreshSimulatedAccount, type VenueFor } from './orders';
import { withOrderEvents } from './order-events';
import { SimulatedVenue } from './simulated-venue';

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
    };
    return venue;
  };
}

async function trader(email: string) {
  const user = await insertUser({ email, canUseTerminal: true });
  const account = await addAccount(db, { exchange: 'simulated', email: `${email.split('@')[0]}@sim.orderevents` });
  await setAssignment(db, { userId: user.id, accountId: account.id, assigned: true });
  await refreshSimulatedAccount(db, account);
  const session = {
    sub: user.id,
    role: user.role,
    approved: true,
    isRiskTeam: false,
    can_use_terminal: true,
  } as unknown as Session;
  return { account, session };
}

/** Runs `work` with a sink that records each published step. */
async function stepsOf(work: () => Promise<unknown>) {
  const seen: OrderRow[] = [];
  await withOrderEvents((row) => seen.push(row), work).catch(() => {});
  return seen.map((r) => r.status);
}

describe('order steps published from the order store', () => {
  it('an unknown outcome, then its resolution on retry, then nothing for a replay of a settled order', async () => {
    const t = await trader('unknown@orderevents.test');
    const state = { down: true };
    const input = {
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      side: 'BUY' as const,
      notional: 500,
      reduceOnly: false,
      clientOrderId: crypto.randomUUID(),
    };
    expect(await stepsOf(() => placeOrderFor(db, t.session, input, flakyVenue(state)))).toEqual(['pending', 'unknown']);
    state.down = false;
    expect(await stepsOf(() => placeOrderFor(db, t.session, input, flakyVenue(state)))).toEqual(['filled']);
    expect(await stepsOf(() => placeOrderFor(db, t.session, input, flakyVenue(state)))).toEqual([]);
  });

  it('a cancel of an order that never reached the exchange is one step: canceled', async () => {
    const t = await trader('cancel@orderevents.test');
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
    await stepsOf(() => placeOrderFor(db, t.session, input, flakyVenue(state)));
    state.down = false;
    expect(await stepsOf(() => cancelOrderFor(db, t.session, clientOrderId, flakyVenue(state)))).toEqual(['canceled']);
  });

  it('with no sink (benches, jobs) publishing is a no-op and the order goes through', async () => {
    const t = await trader('quiet@orderevents.test');
    const placed = await placeOrderFor(
      db,
      t.session,
      {
        accountEmail: t.account.email,
        symbol: 'ETHUSDT',
        side: 'BUY',
        notional: 500,
        reduceOnly: false,
        clientOrderId: crypto.randomUUID(),
      },
      flakyVenue({ down: false }),
    );
    expect(placed.status).toBe('filled');
  });
});
