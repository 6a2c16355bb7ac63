// Part 1b of bench/orders.mjs: the overhead of the other order kinds, beside the market order's.

/** A $1,000 ETH market buy of trader `t` (the bench's order). */
export const order = (t, clientOrderId) => ({
  accountEmail: t.accountEmail,
  symbol: 'ETHUSDT',
  side: 'BUY',
  notional: 1000,
  reduceOnly: false,
  clientOrderId,
});

export async function measureOrderKinds({ post, trader, count, stats, fmt }) {
  // 1b. The same overhead for a resting limit order (GTC, 2 % below the mark; cancelled after, so the
  // exposure it holds stays flat) and for a conditional order (a stop-loss added to the position the
  // market orders opened: Binance's algo-order endpoint).
  const limitSent = [];
  for (let i = 0; i < count + 5; i++) {
    const clientOrderId = `lim-${i}-${crypto.randomUUID().slice(0, 8)}`;
    const res = await post(trader.cookie, 'placeOrder', {
      ...order(trader, clientOrderId),
      type: 'LIMIT',
      price: 3332,
      timeInForce: 'GTC',
    });
    if (res.status !== 200) throw new Error(`limit placeOrder answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (i >= 5) limitSent.push(res.body.json);
    await post(trader.cookie, 'cancelOrder', { accountEmail: trader.accountEmail, clientOrderId });
  }
  const stopSent = [];
  for (let i = 0; i < count + 5; i++) {
    const clientOrderId = `sl-${i}-${crypto.randomUUID().slice(0, 8)}`;
    const stopLoss = 3000 + (i % 50);
    const res = await post(trader.cookie, 'protectPosition', {
      accountEmail: trader.accountEmail,
      symbol: 'ETHUSDT',
      stopLoss,
      clientOrderId,
    });
    if (res.status !== 200) throw new Error(`protectPosition answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (i >= 5) stopSent.push(...res.body.json);
  }
  const limitInWorker = stats(limitSent.map((o) => o.sentAt - o.receivedAt));
  const stopInWorker = stats(stopSent.filter((o) => o.sentAt && o.receivedAt).map((o) => o.sentAt - o.receivedAt));
  console.log(`  limit order, in the Worker:              ${fmt(limitInWorker)}`);
  console.log(`  conditional (stop-loss), in the Worker:  ${fmt(stopInWorker)}`);
  return { limitInWorker, stopInWorker, count };
}
