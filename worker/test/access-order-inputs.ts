/** The access matrix's take-profit / stop-loss inputs (access-fixtures.ts): each caller protects, and moves, on a position of their own. */
import { asyncInputs, jars, sampleInputs } from './access-inputs';
import { rpcClient, type UserKind } from './harness';

export function setUpProtectionInputs(
  ownAccount: (kind: UserKind) => Promise<{ acct: { email: string } }>,
  orderInput: { symbol: string; side: string; notional: number; reduceOnly: boolean },
) {
  sampleInputs.protectPosition = () => ({ accountEmail: 'matrix@sim.meridian', symbol: 'ETH', stopLoss: 1, clientOrderId: 'p1' });
  asyncInputs.protectPosition = async (kind) => {
    // A long ETH position of the caller's own, protected by a stop far below the mark.
    const { acct } = await ownAccount(kind);
    await rpcClient(jars[kind]).placeOrder({
      ...orderInput,
      accountEmail: acct.email,
      clientOrderId: crypto.randomUUID(),
    } as never);
    return { accountEmail: acct.email, symbol: 'ETH', stopLoss: 0.01, clientOrderId: crypto.randomUUID() };
  };
  sampleInputs.moveProtection = () => ({ orderClientOrderId: 'someone-elses', triggerPrice: 1, clientOrderId: 'm1' });
  asyncInputs.moveProtection = async (kind) => {
    // A long ETH position of the caller's own with a stop far below the mark, moved a little.
    const { acct } = await ownAccount(kind);
    const client = rpcClient(jars[kind]);
    const entry = await client.placeOrder({
      ...orderInput,
      accountEmail: acct.email,
      clientOrderId: crypto.randomUUID(),
      stopLoss: 0.02,
    } as never);
    const stop = (await client.listOpenOrders({})).find((o) => o.parentOrderId === entry.id)!;
    return { orderClientOrderId: stop.clientOrderId, triggerPrice: 0.01, clientOrderId: crypto.randomUUID() };
  };
}
