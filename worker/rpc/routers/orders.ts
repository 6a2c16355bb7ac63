import { setTradingEnabled, tradingSwitches } from '../../domains/orders/halts';
import { cancelOrderFor, listOrdersFor, placeOrderFor, previewOrderFor } from '../../domains/orders/orders';
import { approved, riskTeam, terminal } from '../procedures';

export const ordersRouter = {
  placeOrder: terminal.placeOrder.handler(({ context, input }) => placeOrderFor(context.db, context.session, input)),
  previewOrder: terminal.previewOrder.handler(({ context, input }) => previewOrderFor(context.db, context.session, input)),
  listOrders: approved.listOrders.handler(({ context, input }) => listOrdersFor(context.db, context.session, input)),
  cancelOrder: terminal.cancelOrder.handler(({ context, input }) =>
    cancelOrderFor(context.db, context.session, input.clientOrderId),
  ),
  getTradingSwitches: riskTeam.getTradingSwitches.handler(({ context }) => tradingSwitches(context.db)),
  setTradingEnabled: riskTeam.setTradingEnabled.handler(async ({ context, input }) => {
    await setTradingEnabled(context.db, context.session.sub, input);
    return tradingSwitches(context.db);
  }),
};
