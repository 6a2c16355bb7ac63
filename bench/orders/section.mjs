// docs/PERFORMANCE.md's orders section (bench/orders.mjs), between <!-- bench:orders --> markers.

/** `traders` and `double`: the load's sizes (BENCH_ORDERS_TRADERS, BENCH_ORDERS_DOUBLE). */
export function ordersSection(r, { traders, double }) {
  const row = (name, s) =>
    `| ${name} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(1)} | ${s.n} |`;
  return `<!-- bench:orders -->
## Orders (issue 15)

\`BENCH_ONLY=orders npm run bench\`, ${new Date().toISOString().slice(0, 10)}: wrangler dev (workerd) with a fresh local D1, the
orders going to Binance sub-accounts on the local fake exchange (bench/fake-binance-server.mjs:
signature, filters, one desk), each account signing with its own sealed key. ms.

| Path | p50 | p95 | p99 | max | n |
|---|---:|---:|---:|---:|---:|
${row('placeOrder received → exchange request sent, in the Worker (target p99 ≤ 20)', r.overhead.inWorker)}
${row('a resting limit order (GTC), received → sent, in the Worker (target p99 ≤ 20)', r.kinds.limitInWorker)}
${row('a conditional order (stop-loss on the open position), received → sent, in the Worker (target p99 ≤ 20)', r.kinds.stopInWorker)}
${row('client send → the fake exchange receives the order (loopback included)', r.overhead.outside)}
${row('placeOrder round trip', r.overhead.roundTrip)}
${row('keypress → placeOrder request leaves Chromium (target ≤ 16)', r.keypress)}

Load: ${r.load.orders} orders in ${r.load.seconds.toFixed(1)} s (${r.load.rate.toFixed(1)}/s) from ${traders} traders, ${Math.round(double * 100)} % of
them sent twice at once: ${r.load.ok} answers 200, ${r.load.failed} other (${JSON.stringify(r.load.statuses)}); ${r.load.refused} orders
refused with an error answer (the trader is told; not sent); the orders answered 200, by status: ${JSON.stringify(r.load.answeredStatuses)}
(\`unknown\` = the exchange did not answer in time and could not be asked: recorded, settled by a retry with the same id). Of the filled orders: **${r.load.duplicateSends} duplicates sent to
the exchange, ${r.load.lostAtExchange} missing at the exchange; of all answered orders ${r.load.duplicatesInTable} duplicated and ${r.load.lostInTable} lost in the orders
table** (checked by clientOrderId). Target: 50 orders/s sustained, every order accepted, 0 duplicates, 0 lost.

The pre-trade gate under a burst (issue 25): ${r.burst.orders} orders sent at once for one trader whose leverage limit has
room for 10 of them (and half of an 11th): **${r.burst.accepted} accepted** (target ≤ 10), by answer ${JSON.stringify(r.burst.byStatus)};
every answer in ${r.burst.allAnsweredMs.toFixed(0)} ms (answer times p50 ${r.burst.answers.p50.toFixed(1)}, p99 ${r.burst.answers.p99.toFixed(1)} ms).
<!-- /bench:orders -->`;
}
