import { and, eq, type SQL } from 'drizzle-orm';
import type { OrderPreview } from '../../contract/orders';
import type { Db } from '../../db/client';
import { accountAssignments, exchangeAccounts } from '../../db/schema/accounts';
import { orders } from '../../db/schema/orders';
import { DEFAULT_FUTURES_BASE_URL } from '../../exchanges/binance/client';
import { BinanceOrderVenue } from '../../exchanges/binance/order-venue';
import { computeMetrics } from '../../exchanges/metrics';
import type { OrderVenue } from '../../exchanges/order-venue';
import { snapshotAt } from '../../exchanges/simulated/accounts';
import { withSimFills } from '../../exchanges/simulated/fills';
import { domainError } from '../../lib/domain-error';
import type { Session } from '../auth/access';
import { isAdminRole } from '../auth/access';
import { writeSnapshotRun } from '../accounts/snapshot-store';
import { listOrdersWhere, orderByClientId, toDto, updateOrder } from './order-store';
import {
  placeOrder,
  sizeAndCheck,
  type ExchangeAccountRow,
  type OrderDeps,
  type OrderInput,
  type PlaceOrderInput,
} from './place-order';
import { simFillsOf } from './sim-positions';
import { SimulatedVenue } from './simulated-venue';
import { keyRingFrom, openTradingKey } from './trading-keys';

/** The account behind the email when it is assigned to the caller: orders go only to your own accounts (admins included). */
export async function assignedAccount(db: Db, userId: string, email: string): Promise<ExchangeAccountRow> {
  const [row] = await db
    .select({ account: exchangeAccounts })
    .from(exchangeAccounts)
    .innerJoin(
      accountAssignments,
      and(eq(accountAssignments.accountId, exchangeAccounts.id), eq(accountAssignments.userId, userId)),
    )
    .where(eq(exchangeAccounts.email, email.toLowerCase()))
    .limit(1);
  if (!row) throw domainError('FORBIDDEN', 'This account is not assigned to you');
  if (row.account.status !== 'active') throw domainError('FORBIDDEN', `This account is ${row.account.status}: no orders`);
  return row.account;
}

/** Writes the simulated account's state with its fills as its latest snapshot, so dashboards and risk see the fill now. */
export async function refreshSimulatedAccount(db: Db, account: ExchangeAccountRow, now = Date.now()) {
  const snapshot = withSimFills(snapshotAt(account.email, now), await simFillsOf(db, account.email));
  await writeSnapshotRun(
    db,
    [{ accountId: account.id, ts: now, metrics: computeMetrics(snapshot), positions: snapshot.positions }],
    [],
  );
}

export type VenueFor = (account: ExchangeAccountRow) => OrderVenue | Promise<OrderVenue>;

/** What Binance orders need from the environment (env.ts getProviderConfig().trading). */
export interface TradingSettings {
  keyring: string | null;
  futuresBaseUrl?: string;
  /** tests: the in-process fake exchange */
  fetch?: typeof fetch;
}

/** The venue of an account: the simulated desk, or Binance signed with the account's own sealed key. */
export function defaultVenueFor(db: Db, trading: TradingSettings = { keyring: null }): VenueFor {
  return async (account) => {
    if (account.exchange === 'simulated') return new SimulatedVenue(db, account.email);
    if (!trading.keyring)
      throw domainError('SERVICE_UNAVAILABLE', 'Orders on Binance accounts are off: the TRADING_KEYRING secret is not set');
    const key = await openTradingKey(db, await keyRingFrom(trading.keyring), account.id);
    if (!key)
      throw domainError(
        'PRECONDITION_FAILED',
        `No trading key is set for ${account.email}: an admin enters it on /admin/assignments`,
        { reason: 'noTradingKey' },
      );
    return new BinanceOrderVenue({
      futuresBaseUrl: trading.futuresBaseUrl ?? DEFAULT_FUTURES_BASE_URL,
      fetch: trading.fetch,
      ...key,
    });
  };
}

async function depsFor(db: Db, account: ExchangeAccountRow, venueFor: VenueFor): Promise<OrderDeps> {
  return {
    db,
    venue: await venueFor(account),
    afterFill: account.exchange === 'simulated' ? () => refreshSimulatedAccount(db, account) : undefined,
  };
}

export async function placeOrderFor(db: Db, session: Session, input: PlaceOrderInput, venueFor: VenueFor = defaultVenueFor(db)) {
  const receivedAt = Date.now();
  const account = await assignedAccount(db, session.sub, input.accountEmail);
  return placeOrder({ ...(await depsFor(db, account, venueFor)), receivedAt }, session.sub, account, input);
}

export async function previewOrderFor(
  db: Db,
  session: Session,
  input: OrderInput,
  venueFor: VenueFor = defaultVenueFor(db),
): Promise<OrderPreview> {
  const account = await assignedAccount(db, session.sub, input.accountEmail);
  const sized = await sizeAndCheck(await depsFor(db, account, venueFor), session.sub, account, input, Date.now());
  const { accountPosition, ...riskCheck } = sized.risk;
  const signedQty = (input.side === 'BUY' ? 1 : -1) * sized.quantity;
  return {
    symbol: input.symbol,
    quantity: sized.quantity,
    markPrice: sized.markPrice,
    notional: sized.quantity * sized.markPrice,
    positionBefore: accountPosition,
    positionAfter: accountPosition + signedQty,
    riskCheck,
  };
}

/** Whose orders the caller reads (list and stream): their own; any trader's for the risk team and admins. */
export function orderReaderTrader(session: Session, traderId: string | undefined): string {
  const mayReadOthers = session.isRiskTeam || isAdminRole(session.role);
  const trader = traderId ?? session.sub;
  if (trader !== session.sub && !mayReadOthers)
    throw domainError('FORBIDDEN', "Only the risk team reads another trader's orders");
  return trader;
}

/** Your own orders; the risk team and admins may read any trader's. */
export async function listOrdersFor(
  db: Db,
  session: Session,
  input: { accountEmail?: string; traderId?: string; limit: number },
) {
  const filters: SQL[] = [eq(orders.userId, orderReaderTrader(session, input.traderId))];
  if (input.accountEmail) filters.push(eq(orders.accountEmail, input.accountEmail));
  return listOrdersWhere(db, and(...filters), input.limit);
}

/**
 * Market orders fill at once, so only an order that has not settled can be canceled: one whose
 * outcome is unknown is asked for first; if the exchange never got it, it is marked canceled and
 * never sent again.
 */
export async function cancelOrderFor(db: Db, session: Session, clientOrderId: string, venueFor: VenueFor = defaultVenueFor(db)) {
  const row = await orderByClientId(db, session.sub, clientOrderId);
  if (!row) throw domainError('NOT_FOUND', 'No such order');
  if (row.status !== 'unknown') throw domainError('CONFLICT', `A ${row.status} order cannot be canceled`, { order: toDto(row) });
  const account = await assignedAccount(db, session.sub, row.accountEmail);
  const found = await (await venueFor(account)).queryOrder(row.symbol, row.clientOrderId);
  if (found) throw domainError('CONFLICT', 'The exchange has this order: it cannot be canceled any more', { order: toDto(row) });
  return toDto(await updateOrder(db, row, 'canceled', Date.now(), {}, 'canceled before reaching the exchange'));
}
