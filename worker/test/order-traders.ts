import { orders, tradingHalts } from '../db/schema/orders';
import { riskLimits } from '../db/schema/risk';
import type { Session } from '../domains/auth/access';
import { addAccount, setAssignment } from '../domains/accounts/manage-accounts';
import type { PublishOrder } from '../domains/orders/order-store';
import { defaultVenueFor, refreshSimulatedAccount, type OrderContext, type VenueFor } from '../domains/orders/orders';
import { riskGates } from '../durable-objects/risk-gate';
import type { OrderSide } from '../contract/enums';
import type { Position } from '../exchanges/types';
import { writeSnapshotRun } from '../domains/accounts/snapshot-store';
import { db, insertUser, rpcClient, signedInJar, testEnv } from './harness';
import { record } from './snapshot-builders';

let n = 0;

/**
 * A trader (terminal flag on unless told otherwise) with one simulated account of their own, and
 * the session their access token would carry. `tag` keeps each test file's emails apart;
 * `withSnapshot` writes the account's latest state, as the risk check reads it.
 */
export async function simTrader(
  tag: string,
  opts: { canUseTerminal?: boolean; role?: 'user' | 'admin'; withSnapshot?: boolean } = {},
) {
  const i = ++n;
  const user = await insertUser({
    email: `t${i}@${tag}.test`,
    name: `Trader ${i}`,
    canUseTerminal: opts.canUseTerminal ?? true,
    role: opts.role,
  });
  const account = await addAccount(db, { exchange: 'simulated', email: `t${i}@sim.${tag}` });
  await setAssignment(db, { userId: user.id, accountId: account.id, assigned: true });
  if (opts.withSnapshot) await refreshSimulatedAccount(db, account);
  const session = {
    sub: user.id,
    role: user.role,
    approved: true,
    isRiskTeam: false,
    can_use_terminal: true,
  } as unknown as Session;
  return { user, account, session };
}

/** The order path's dependencies as the RPC handler wires them, with this venue (and publish). */
export function orderContext(venueFor?: VenueFor, publish?: PublishOrder): OrderContext {
  return { db, gates: riskGates(testEnv.RISK_GATE), venueFor: venueFor ?? defaultVenueFor(db), publish };
}

/** A trader with the terminal flag, one simulated account of their own and a signed-in client. */
export async function tradingClient(opts: { canUseTerminal?: boolean; role?: 'user' | 'admin' } = {}) {
  const t = await simTrader('orders', opts);
  return { ...t, client: rpcClient(await signedInJar(t.user)) };
}

/** Sets the account's latest state as the risk check reads it. */
export async function book(accountId: string, equity: number, positions: Position[]) {
  await writeSnapshotRun(db, [record(accountId, Date.now(), equity, positions)], []);
}

/** A market order of `notional` USD on `symbol` (without USDT), with a fresh client id. */
export const order = (accountEmail: string, symbol: string, side: OrderSide, notional: number, extra: object = {}) => ({
  accountEmail,
  symbol: `${symbol}USDT`,
  side,
  notional,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
  ...extra,
});

/** No risk limits and no trading switches off: each test sets its own (a beforeEach). */
export async function clearLimitsAndHalts() {
  await db.delete(riskLimits);
  await db.delete(tradingHalts);
}

/** A 412 refusal as the RPC client throws it. */
export const refusedWith = (e: unknown) => e as { status: number; data: { limit: string; excess: number }; message: string };

/** An order whose outcome is unknown and that the (simulated) exchange never got: cancelable. */
export async function insertUnsentOrder(userId: string, account: { id: string; email: string }): Promise<string> {
  const clientOrderId = crypto.randomUUID();
  const now = Date.now();
  await db.insert(orders).values({
    id: crypto.randomUUID(),
    userId,
    accountId: account.id,
    accountEmail: account.email,
    exchange: 'simulated',
    clientOrderId,
    symbol: 'ETHUSDT',
    side: 'BUY',
    reduceOnly: false,
    quantity: 0.05,
    markPrice: 2000,
    status: 'unknown',
    statusHistory: [{ status: 'unknown', at: now }],
    riskCheck: { passed: true },
    receivedAt: now,
    updatedAt: now,
  });
  return clientOrderId;
}
