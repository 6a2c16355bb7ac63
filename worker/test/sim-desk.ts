import { addAccount, setAssignment } from '../domains/accounts/manage-accounts';
import { refreshSimulatedAccount } from '../domains/orders/orders';
import { snapshotAt } from '../exchanges/simulated/accounts';
import { orderPriceAt, SIM_ORDER_RULES } from '../exchanges/simulated/market';
import type { z } from 'zod';
import type { OrderSide } from '../contract/enums';
import type { placeOrderInput } from '../contract/orders';
import { db, insertUser, rpcClient, signedInJar } from './harness';

type PlaceOrderInput = z.input<typeof placeOrderInput>;

let n = 0;

/** A terminal user with one simulated account of their own that holds nothing in `symbol` now. */
export async function deskTrader(tag: string, symbol: string) {
  const user = await insertUser({ email: `u${++n}@${tag}.test`, name: `Desk trader ${n}`, canUseTerminal: true });
  let email;
  do email = `a${++n}@sim-${tag}.test`;
  while (snapshotAt(email, Date.now()).positions.some((p) => p.symbol === symbol));
  const account = await addAccount(db, { exchange: 'simulated', email });
  await setAssignment(db, { userId: user.id, accountId: account.id, assigned: true });
  await refreshSimulatedAccount(db, account);
  return { user, account, client: rpcClient(await signedInJar(user)) };
}

/**
 * An order of `notional` USD of `symbol` on the desk trader's own account, not reduce-only, with a
 * fresh client id; `extra` adds the rest as placeOrder takes it (a type, a price, TP/SL).
 */
export const deskOrder = (
  t: { account: { email: string } },
  symbol: string,
  side: OrderSide,
  notional: number,
  extra: Partial<PlaceOrderInput> = {},
): PlaceOrderInput => ({
  accountEmail: t.account.email,
  symbol,
  side,
  notional,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
  ...extra,
});

/** `fraction` of the simulated mark now, on the symbol's tick. */
export function tickPriceAt(symbol: string, fraction: number) {
  const tick = SIM_ORDER_RULES[symbol]!.tickSize!;
  const decimals = Math.max(0, Math.round(-Math.log10(tick)));
  return Number((Math.round((orderPriceAt(symbol, Date.now()) * fraction) / tick) * tick).toFixed(decimals));
}

/** A call's refusal as a trader sees it (status, reason, message), or null when it went through. */
export const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { status: number; message: string; data?: { reason?: string } }) => ({
      status: e.status,
      reason: e.data?.reason,
      message: e.message,
    }),
  );
