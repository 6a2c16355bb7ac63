import { setTradingEnabled, tradingSwitches } from '../../domains/orders/halts';
import { moveProtectionFor } from '../../domains/orders/move-protection';
import { placeProtectedOrderFor, protectPositionFor } from '../../domains/orders/protection';
import { cancelAllOrdersFor, cancelOrderFor, listOpenOrdersFor } from '../../domains/orders/open-orders';
import { defaultVenueFor, listOrdersFor, previewOrderFor, type OrderContext, type VenueFor } from '../../domains/orders/orders';
import type { OrderVenue } from '../../exchanges/order-venue';
import { holdEffects, type AdmittedRun } from '../admit-alongside';
import { riskGates } from '../../durable-objects/risk-gate';
import { ordersHub } from '../../wiring/hubs';
import { clearTradingKey, keyRingFrom, setTradingKey } from '../../domains/orders/trading-keys';
import { getProviderConfig } from '../../env';
import { createNewsDb } from '../../db/client';
import { headlineForTrade, recordNewsTrade } from '../../domains/news/trades/record-trade';
import { logError } from '../../lib/log';
import type { AuditNote } from '../../domains/audit/audit-log';
import type { RpcContext } from '../context';
import { admin, approved, riskTeam, terminal } from '../procedures';

/**
 * The order path's dependencies: venues, the pre-trade gates, and each step to the trader's
 * OrdersHub as it happens. A venue's orders and cancels wait for the caller's fresh check (a write
 * checked alongside its first reads, access-policy.ts: an exchange's request cannot be held).
 */
const orderContext = (context: RpcContext & Pick<AdmittedRun, 'checkPassed'>): OrderContext => ({
  db: context.db,
  gates: riskGates(context.env.RISK_GATE),
  venueFor: heldVenues(defaultVenueFor(context.db, getProviderConfig(context.env).trading), context.checkPassed),
  publish: ordersHub(context.env),
  receivedAt: context.receivedAt,
});

/** What a venue does at the exchange (its other calls read: rules, prices, an order's state). */
const VENUE_EFFECTS = [
  'placeMarketOrder',
  'placeLimitOrder',
  'placeConditionalOrder',
  'cancelOrder',
  'cancelAllOrders',
] as const satisfies readonly (keyof OrderVenue)[];

function heldVenues(venueFor: VenueFor, checkPassed: () => Promise<void>): VenueFor {
  const held: VenueFor = async (account, reads) => holdEffects(await venueFor(account, reads), VENUE_EFFECTS, checkPassed);
  held.markPrice = venueFor.markPrice;
  return held;
}

/** An order as asked for, for the audit trail. */
const orderIntent = (input: {
  accountEmail: string;
  symbol: string;
  side: string;
  notional?: number;
  quantity?: number;
  reduceOnly: boolean;
  clientOrderId: string;
}) => ({
  accountEmail: input.accountEmail,
  symbol: input.symbol,
  side: input.side,
  notional: input.notional ?? null,
  quantity: input.quantity ?? null,
  reduceOnly: input.reduceOnly,
  clientOrderId: input.clientOrderId,
});

export const ordersRouter = {
  placeOrder: terminal.placeOrder.handler(async ({ context, input }) => {
    // The trail's entry: what was asked, then what became of it; a refusal (a limit,
    // trading off) is recorded by the audit middleware with the refusal's message.
    const note: AuditNote = Object.assign(context.auditNote!, {
      traderId: context.session.sub,
      target: { type: 'account', id: input.accountEmail, label: input.symbol },
      after: {
        ...orderIntent(input),
        type: input.type ?? 'MARKET',
        price: input.price ?? null,
        ...(input.headlineId === undefined ? {} : { headlineId: input.headlineId }),
      },
    });
    // From a headline: it must exist before anything is sent; what scoring needs is copied beside the order.
    const headline =
      input.headlineId === undefined ? null : await headlineForTrade(createNewsDb(context.env.NEWS_DB), input.headlineId);
    const order = await placeProtectedOrderFor(orderContext(context), context.session, input);
    // The order stands whatever happens here: its headline id is on it; only the score would be missing.
    if (headline)
      await recordNewsTrade(context.db, order.id, headline, order.symbol).catch((e: unknown) =>
        logError('news trade: not recorded', e),
      );
    note.target = { type: 'order', id: order.id, label: `${order.side} ${order.symbol} on ${order.accountEmail}` };
    note.after = { ...(note.after as object), quantity: order.quantity, status: order.status, fillPrice: order.fillPrice };
    return order;
  }),
  protectPosition: terminal.protectPosition.handler(({ context, input }) => {
    Object.assign(context.auditNote!, {
      traderId: context.session.sub,
      target: { type: 'account', id: input.accountEmail, label: input.symbol },
      after: { ...input },
    });
    return protectPositionFor(orderContext(context), context.session, input);
  }),
  moveProtection: terminal.moveProtection.handler(async ({ context, input }) => {
    const note: AuditNote = Object.assign(context.auditNote!, {
      traderId: context.session.sub,
      target: { type: 'order', id: input.orderClientOrderId },
      after: { ...input },
    });
    const order = await moveProtectionFor(orderContext(context), context.session, input);
    note.target = { type: 'order', id: order.id, label: `${order.type} ${order.symbol} on ${order.accountEmail}` };
    return order;
  }),
  previewOrder: terminal.previewOrder.handler(({ context, input }) =>
    previewOrderFor(orderContext(context), context.session, input),
  ),
  listOrders: approved.listOrders.handler(({ context, input }) => listOrdersFor(context.db, context.session, input)),
  cancelOrder: terminal.cancelOrder.handler(async ({ context, input }) => {
    const note: AuditNote = Object.assign(context.auditNote!, {
      traderId: context.session.sub,
      target: { type: 'order', id: input.clientOrderId },
      after: { clientOrderId: input.clientOrderId },
    });
    const order = await cancelOrderFor(orderContext(context), context.session, input.clientOrderId);
    note.target = { type: 'order', id: order.id, label: `${order.side} ${order.symbol} on ${order.accountEmail}` };
    note.after = { status: order.status };
    return order;
  }),
  cancelAllOrders: terminal.cancelAllOrders.handler(({ context, input }) => {
    Object.assign(context.auditNote!, {
      traderId: context.session.sub,
      target: { type: 'account', id: input.accountEmail, label: input.symbol ?? 'every symbol' },
      after: { ...input },
    });
    return cancelAllOrdersFor(orderContext(context), context.session, input);
  }),
  listOpenOrders: approved.listOpenOrders.handler(({ context, input }) =>
    listOpenOrdersFor(orderContext(context), context.session, input),
  ),
  getTradingSwitches: riskTeam.getTradingSwitches.handler(({ context }) => tradingSwitches(context.db)),
  setTradingEnabled: riskTeam.setTradingEnabled.handler(async ({ context, input }) => {
    // What was asked is noted first (a refused switch is recorded too); the label and the state before once read.
    const note = Object.assign(context.auditNote!, {
      target: {
        type: input.traderId === null ? 'firm' : 'trader',
        id: input.traderId ?? 'firm',
        label: input.traderId === null ? 'the whole firm' : null,
      },
      traderId: input.traderId,
      after: { enabled: input.enabled, reason: input.reason ?? null },
    });
    const { before, after, traderEmail } = await setTradingEnabled(context.db, context.session.sub, input);
    const halt = input.traderId === null ? before.firm : before.traders.find((t) => t.traderId === input.traderId);
    Object.assign(note, { before: { enabled: !halt, reason: halt?.reason ?? null } });
    if (input.traderId !== null) note.target.label = traderEmail;
    return after;
  }),
  // Never the key or the secret in the trail: the account and the key's status only.
  setTradingKey: admin.setTradingKey.handler(async ({ context, input }) => {
    Object.assign(context.auditNote!, { target: { type: 'account', id: input.accountId }, after: { tradingKey: 'set' } });
    const status = await setTradingKey(
      context.db,
      await keyRingFrom(getProviderConfig(context.env).trading.keyring),
      context.session.sub,
      input,
    );
    context.auditNote!.after = { tradingKey: 'set', keyId: status.tradingKey?.keyId ?? null };
    return status;
  }),
  clearTradingKey: admin.clearTradingKey.handler(async ({ context, input }) => {
    Object.assign(context.auditNote!, { target: { type: 'account', id: input.accountId }, after: { tradingKey: 'cleared' } });
    return clearTradingKey(context.db, input.accountId);
  }),
};
