import { describe, expect, it } from 'vitest';
import { BinanceOrderVenue } from '../../exchanges/binance/order-venue';
import { db, insertUser } from '../../test/harness';
import { FakeBinanceOrders } from '../../test/fakes/fake-binance-orders';
import type { Session } from '../auth/access';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { placeOrderFor } from './orders';

const KEY = 'k';
const SECRET = 's';

async function binanceTrader() {
  const user = await insertUser({ canUseTerminal: true });
  const account = await addAccount(db, { exchange: 'binance', email: `${user.id.slice(0, 8)}@binance.orders` });
  await setAssignment(db, { userId: user.id, accountId: account.id, assigned: true });
  const session = { sub: user.id, role: 'user', approved: true, isRiskTeam: false, can_use_terminal: true } as unknown as Session;
  const fake = new FakeBinanceOrders({
    apiKey: KEY,
    apiSecret: SECRET,
    symbols: [{ symbol: 'ETHUSDT', stepSize: '0.001', minQty: '0.001', maxQty: '2000', minNotional: '20', markPrice: '3400.00' }],
  });
  const venue = new BinanceOrderVenue({
    futuresBaseUrl: `https://${user.id}.fake`,
    apiKey: KEY,
    apiSecret: SECRET,
    fetch: fake.fetch,
  });
  return { account, session, fake, venueFor: () => venue };
}

describe('placeOrder on a Binance account (fake exchange)', () => {
  it('rounds the notional to the step size and sends it once', async () => {
    const t = await binanceTrader();
    const placed = await placeOrderFor(
      db,
      t.session,
      { accountEmail: t.account.email, symbol: 'ETHUSDT', side: 'BUY', notional: 1000, reduceOnly: false, clientOrderId: 'b-1' },
      t.venueFor,
    );
    expect(placed).toMatchObject({ status: 'filled', quantity: 0.294, fillPrice: 3400 });
    expect(placed.exchangeOrderId).toMatch(/^\d+$/);
    expect(t.fake.orderPosts()).toHaveLength(1);
  });

  it('a timeout after the fill: queried by client id, not re-sent; a -1007 before it: queried, then sent once', async () => {
    const t = await binanceTrader();
    t.fake.loseNextAnswer({ when: 'after-fill', as: 'timeout' });
    const input = { accountEmail: t.account.email, symbol: 'ETHUSDT', side: 'SELL' as const, notional: 500, reduceOnly: false };
    const first = await placeOrderFor(db, t.session, { ...input, clientOrderId: 'b-2' }, t.venueFor);
    expect(first.status).toBe('filled');
    expect(t.fake.orderPosts()).toHaveLength(1);
    expect(t.fake.orders).toHaveLength(1);
    t.fake.loseNextAnswer({ when: 'before-fill', as: '-1007' });
    const second = await placeOrderFor(db, t.session, { ...input, clientOrderId: 'b-3' }, t.venueFor);
    expect(second.status).toBe('filled');
    expect(t.fake.orderPosts()).toHaveLength(3);
    expect(t.fake.orders).toHaveLength(2);
  });

  it('a refusal by the exchange is recorded as rejected with the trader-facing message', async () => {
    const t = await binanceTrader();
    t.fake.refuseNextOrder(400, -2019, 'Margin is insufficient.');
    const placed = await placeOrderFor(
      db,
      t.session,
      { accountEmail: t.account.email, symbol: 'ETHUSDT', side: 'BUY', notional: 1000, reduceOnly: false, clientOrderId: 'b-4' },
      t.venueFor,
    );
    expect(placed.status).toBe('rejected');
    expect(placed.error).toMatch(/^Insufficient margin/);
  });
});
