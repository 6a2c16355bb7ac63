import { setTradingEnabled, tradingSwitches } from '../../domains/orders/halts';
import { placeProtectedOrderFor, protectPositionFor } from '../../domains/orders/protection';
import { cancelAllOrdersFor, cancelOrderFor, listOpenOrdersFor } from '../../domains/orders/open-orders';
import { defaultVenueFor, listOrdersFor, previewOrderFor, type OrderContext } from '../../domains/orders/orders';
import { riskGates } from '../../durable-objects/risk-gate';
import { ordersHub } from '../../wiring/hubs';
import { clearTradingKey, keyRingFrom, setTradingKey } from '../../domains/orders/trading-keys';
import { getProviderConfig } from '../../env';
import type { RpcContext } from '../context';
import { admin, approved, riskTeam, terminal } from '../procedures';

/** The order path's dependencies: venues, the pre-trade gates, and each step to the trader's OrdersHub as it happens. */
const orderContext = (context: RpcContext): OrderContext => ({
  db: context.db,
  gates: riskGates(context.env.RISK_GATE),
  venueFor: defaultVenueFor(context.db, getProviderConfig(context.env).trading),
  publish: ordersHub(context.env),
  receivedAt: context.receivedAt,
});

export const ordersRouter = {
  placeOrder: terminal.placeOrder.handler(({ context, input }) =>
    placeProtectedOrderFor(orderContext(context), context.session, input),
  ),
  protectPosition: terminal.protectPosition.handler(({ context, input }) =>
    protectPositionFor(orderContext(context), context.session, input),
  ),
  previewOrder: terminal.previewOrder.handler(({ context, input }) =>
    previewOrderFor(orderContext(context), context.session, input),
  ),
  listOrders: approved.listOrders.handler(({ context, input }) => listOrdersFor(context.db, context.session, input)),
  cancelOrder: terminal.cancelOrder.handler(({ context, input }) =>
    cancelOrderFor(orderContext(context), context.session, input.clientOrderId),
  ),
  cancelAllOrders: terminal.cancelAllOrders.handler(({ context, input }) =>
    cancelAllOrdersFor(orderContext(context), context.session, input),
  ),
  listOpenOrders: approved.listOpenOrders.handler(({ context, input }) =>
    listOpenOrdersFor(orderContext(context), context.session, input),
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
