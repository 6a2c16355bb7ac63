import { setTradingEnabled, tradingSwitches } from '../../domains/orders/halts';
import { cancelOrderFor, defaultVenueFor, listOrdersFor, placeOrderFor, previewOrderFor } from '../../domains/orders/orders';
import { clearTradingKey, keyRingFrom, setTradingKey } from '../../domains/orders/trading-keys';
import { getProviderConfig } from '../../env';
import type { RpcContext } from '../context';
import { admin, approved, riskTeam, terminal } from '../procedures';

const venues = (context: RpcContext) => defaultVenueFor(context.db, getProviderConfig(context.env).trading);

export const ordersRouter = {
  placeOrder: terminal.placeOrder.handler(({ context, input }) =>
    placeOrderFor(context.db, context.session, input, venues(context)),
  ),
  previewOrder: terminal.previewOrder.handler(({ context, input }) =>
    previewOrderFor(context.db, context.session, input, venues(context)),
  ),
  listOrders: approved.listOrders.handler(({ context, input }) => listOrdersFor(context.db, context.session, input)),
  cancelOrder: terminal.cancelOrder.handler(({ context, input }) =>
    cancelOrderFor(context.db, context.session, input.clientOrderId, venues(context)),
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
