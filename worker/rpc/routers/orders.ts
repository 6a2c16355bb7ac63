import type { OrderEvent } from '../../contract/orders';
import { readEventStream } from '../../durable-objects/event-stream-fanout';
import { setTradingEnabled, tradingSwitches } from '../../domains/orders/halts';
import { orderHubPublisher } from '../../domains/orders/order-hub';
import { cancelOrderFor, defaultVenueFor, listOrdersFor, placeOrderFor, previewOrderFor } from '../../domains/orders/orders';
import { clearTradingKey, keyRingFrom, setTradingKey } from '../../domains/orders/trading-keys';
import { getProviderConfig } from '../../env';
import type { RpcContext } from '../context';
import { openOrderStream } from '../live-streams';
import { admin, approved, riskTeam, terminal } from '../procedures';

const venues = (context: RpcContext) => defaultVenueFor(context.db, getProviderConfig(context.env).trading);

export const ordersRouter = {
  // Each step of the order goes to its live views (the trader's OrdersHub) as it happens.
  placeOrder: terminal.placeOrder.handler(({ context, input }) =>
    placeOrderFor(context.db, context.session, input, venues(context), orderHubPublisher(context.env)),
  ),
  previewOrder: terminal.previewOrder.handler(({ context, input }) =>
    previewOrderFor(context.db, context.session, input, venues(context)),
  ),
  listOrders: approved.listOrders.handler(({ context, input }) => listOrdersFor(context.db, context.session, input)),
  streamOrders: approved.streamOrders.handler(async ({ context, input, signal, lastEventId }) =>
    readEventStream<OrderEvent>((await openOrderStream(context, input, signal, lastEventId)).body!),
  ),
  cancelOrder: terminal.cancelOrder.handler(({ context, input }) =>
    cancelOrderFor(context.db, context.session, input.clientOrderId, venues(context), orderHubPublisher(context.env)),
  ),
  getTradingSwitches: riskTeam.getTradingSwitches.handler(({ context }) => tradingSwitches(context.db)),
  setTradingEnabled: riskTeam.setTradingEnabled.handler(async ({ context, input }) => {
    await setTradingEnabled(context.db, context.session.sub, input);
    return tradingSwitches(context.db);
  }),
  setTradingKey: admin.setTradingKey.handler(async ({ context, input }) =>
    setTradingKey(context.db, await keyRingFrom(getProviderConfig(context.env).trading.keyring), context.session.sub, input),
  ),
  clearTradingKey: admin.clearTradingKey.handler(({ context, input }) => clearTradingKey(context.db, input.accountId)),
};
