import { and, eq, type SQL } from 'drizzle-orm';
import type { OrderPreview } from '../../contract/orders';
import { batchReads } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { accountAssignments, exchangeAccounts } from '../../db/schema/accounts';
import { orders } from '../../db/schema/orders';
import { binanceMarkPrice, binanceVenue } from '../../exchanges/binance/venue-for-key';
import { computeMetrics } from '../../exchanges/metrics';
import type { OrderVenue } from '../../exchanges/order-venue';
import { snapshotAt } from '../../exchanges/simulated/accounts';
import { withSimFills } from '../../exchanges/simulated/fills';
import { domainError } from '../../lib/domain-error';
import type { Session } from '../auth/access';
import { isAdminRole } from '../auth/access';
import { writeSnapshotRun } from '../accounts/snapshot-store';
import { haltFrom, haltsQuery } from './halts';
import { listOrdersWhere, orderByClientIdQuery, type PublishOrder } from './order-store';
import { previewGates, type Gates } from './gate/gate-client';
import { gateQueries, gateReadsFrom } from './gate/gate-reads';
import { gateAsk, sizeOrder } from './order-sizing';
import type { ExchangeAccountRow, OrderDeps, OrderInput, OrderReads, PlaceOrderInput } from './order-types';
import { placeOrder } from './place-order';
import { checkRecord, haltedRecord } from './risk-check';
import { simFillsOf } from '../../exchanges/simulated/fill-store';
import { SimulatedVenue } from '../../exchanges/simulated/venue';
import { keyRingFrom, openSealedTradingKey, openTradingKey, sealedKeyByEmailQuery, type SealedTradingKey } from './trading-keys';

/** The account behind the email when it is assigned to the caller: orders go only to your own accounts (admins included). */
export async function assignedAccount(db: Db, userId: string, email: string): Promise<ExchangeAccountRow> {
  return assignedFrom(await assignedAccountQuery(db, userId, email));
}

/** assignedAccount's read, unawaited; `email` may be a subquery (the account of an order, read in the same round). */
export const assignedAccountQuery = (db: Db, userId: string, email: string | SQL) =>
  db
    .select({ account: exchangeAccounts })
    .from(exchangeAccounts)
    .innerJoin(
      accountAssignments,
      and(eq(accountAssignments.accountId, exchangeAccounts.id), eq(accountAssignments.userId, userId)),
    )
    .where(eq(exchangeAccounts.email, typeof email === 'string' ? email.toLowerCase() : email))
    .limit(1);

export function assignedFrom([row]: { account: ExchangeAccountRow }[]): ExchangeAccountRow {
  if (!row) throw domainError('FORBIDDEN', 'This account is not assigned to you');
  if (row.account.status !== 'active') throw domainError('FORBIDDEN', `This account is ${row.account.status}: no orders`);
  return row.account;
}

/**
 * Writes the simulated account's state with its fills as its latest snapshot, so dashboards and
 * risk see the fill now. Answers the snapshot's time: stamped before its fills are read, so it
 * shows every fill acknowledged before it (what the pre-trade gates rely on).
 */
export async function refreshSimulatedAccount(db: Db, account: ExchangeAccountRow, now = Date.now()): Promise<number> {
  const snapshot = withSimFills(snapshotAt(account.email, now), await simFillsOf(db, account.email));
  await writeSnapshotRun(
    db,
    [{ accountId: account.id, ts: now, metrics: computeMetrics(snapshot), positions: snapshot.positions }],
    [],
  );
  return now;
}

/** What the order's batch already read for the venue: the account's sealed key (null: none set). */
export interface VenueReads {
  tradingKey: SealedTradingKey | null;
}

export type VenueFor = ((account: ExchangeAccountRow, reads?: VenueReads) => OrderVenue | Promise<OrderVenue>) & {
  /** An exchange's public mark price before the account is read, so it can run alongside the order's reads. */
  markPrice?: (exchange: ExchangeAccountRow['exchange'], symbol: string) => Promise<number> | undefined;
};

/** What Binance orders need from the environment (env.ts getProviderConfig().trading). */
export interface TradingSettings {
  keyring: string | null;
  futuresBaseUrl?: string;
  /** tests: the in-process fake exchange */
  fetch?: typeof fetch;
}

/** The venue of an account: the simulated desk, or Binance signed with the account's own sealed key. */
export function defaultVenueFor(db: Db, trading: TradingSettings = { keyring: null }): VenueFor {
  const venueFor: VenueFor = async (account, reads) => {
    if (account.exchange === 'simulated') return new SimulatedVenue(db, account.email);
    if (!trading.keyring)
      throw domainError('SERVICE_UNAVAILABLE', 'Orders on Binance accounts are off: the TRADING_KEYRING secret is not set');
    const ring = await keyRingFrom(trading.keyring);
    const key = reads
      ? reads.tradingKey && (await openSealedTradingKey(ring, reads.tradingKey))
      : await openTradingKey(db, ring, account.id);
    if (!key)
      throw domainError(
        'PRECONDITION_FAILED',
        `No trading key is set for ${account.email}: an admin enters it on /admin/assignments`,
        { reason: 'noTradingKey' },
      );
    return binanceVenue(trading, key);
  };
  venueFor.markPrice = (exchange, symbol) => (exchange === 'binance' ? binanceMarkPrice(trading, symbol) : undefined);
  return venueFor;
}

/** Which exchange an account email is on, learned from its orders (it never changes): starts the mark price early. */
const exchangeOfEmail = new Map<string, ExchangeAccountRow['exchange']>();

/** A mark price started before the account is read, on the exchange this isolate saw the email on. */
export interface EarlyMark {
  exchange?: ExchangeAccountRow['exchange'];
  mark?: Promise<number>;
}

export function earlyMark(venueFor: VenueFor, email: string, symbol: string): EarlyMark {
  const exchange = exchangeOfEmail.get(email.toLowerCase());
  const mark = exchange ? venueFor.markPrice?.(exchange, symbol) : undefined;
  // Not awaited when the reads fail or the order is a replay: never an unhandled rejection.
  mark?.catch(() => undefined);
  return { exchange, mark };
}

/**
 * The account's venue from what the batch read with it (its sealed key: no read of its own), and
 * the early mark when it was started on the account's exchange.
 */
export async function venueFromReads(
  venueFor: VenueFor,
  account: ExchangeAccountRow,
  keyRows: { key: SealedTradingKey }[],
  early: EarlyMark = {},
) {
  exchangeOfEmail.set(account.email.toLowerCase(), account.exchange);
  const venue = await venueFor(account, { tradingKey: keyRows[0]?.key ?? null });
  return { venue, markPrice: account.exchange === early.exchange ? early.mark : undefined };
}

/**
 * Everything an order reads before it is sent, in one D1 round trip: the account (assigned to the
 * caller), its sealed trading key, the trading switches, an earlier order with this client id and
 * what the pre-trade gates judge on. The mark price is read alongside when the account's exchange
 * is known.
 */
export async function readForOrder(
  ctx: OrderContext,
  traderId: string,
  input: OrderInput & { clientOrderId?: string },
  now: number,
) {
  const { db, venueFor } = ctx;
  const email = input.accountEmail.toLowerCase();
  const early = earlyMark(venueFor, email, input.symbol);
  const [accountRows, keyRows, halts, existing, ...gate] = await batchReads(db, [
    assignedAccountQuery(db, traderId, email),
    sealedKeyByEmailQuery(db, email),
    haltsQuery(db, traderId),
    orderByClientIdQuery(db, traderId, input.clientOrderId ?? ''),
    ...gateQueries(db, email, input.symbol, now),
  ]);
  const account = assignedFrom(accountRows);
  const { venue, markPrice } = await venueFromReads(venueFor, account, keyRows, early);
  const reads: OrderReads = {
    existing: existing[0],
    halt: haltFrom(halts),
    gate: gateReadsFrom(gate, traderId, now),
    markPrice,
  };
  return { account, venue, reads };
}

/** What the order path works with: the database, the venues, the pre-trade gates, where its steps go. */
export interface OrderContext {
  db: Db;
  gates: Gates;
  venueFor: VenueFor;
  /** each step of an order as it happens (the trader's OrdersHub); none in jobs and benches */
  publish?: PublishOrder;
  /** when the request reached the Worker: the order's own clock starts there */
  receivedAt?: number;
}

export function depsFor(ctx: OrderContext, account: ExchangeAccountRow, venue: OrderVenue): OrderDeps {
  const { db, gates, publish } = ctx;
  return {
    db,
    venue,
    gates,
    publish,
    afterFill:
      account.exchange === 'simulated'
        ? (ackAt) => refreshSimulatedAccount(db, account, Math.max(Date.now(), ackAt + 1))
        : undefined,
  };
}

export async function placeOrderFor(ctx: OrderContext, session: Session, input: PlaceOrderInput) {
  const receivedAt = ctx.receivedAt ?? Date.now();
  const { account, venue, reads } = await readForOrder(ctx, session.sub, input, receivedAt);
  return placeOrder({ ...depsFor(ctx, account, venue), receivedAt }, session.sub, account, input, reads);
}

/** What placeOrder would do now, without doing it: the size, the position before and after, the gates' word. */
export async function previewOrderFor(ctx: OrderContext, session: Session, input: OrderInput): Promise<OrderPreview> {
  const now = Date.now();
  const { account, venue, reads } = await readForOrder(ctx, session.sub, input, now);
  const sized = await sizeOrder(venue, input, reads.markPrice);
  const halt = reads.halt && {
    scope: reads.halt.traderId === null ? ('firm' as const) : ('trader' as const),
    reason: reads.halt.reason,
    haltedBy: reads.halt.haltedBy,
    haltedAt: reads.halt.haltedAt,
  };
  const ask = gateAsk(crypto.randomUUID(), account.id, input, sized, reads.gate);
  const outcome = await previewGates(ctx.gates, reads.gate, ask);
  if (!outcome.ok && outcome.refusal.kind !== 'limit') throw domainError('BAD_REQUEST', outcome.refusal.message);
  const decision = outcome.decision!;
  const quantity = outcome.ok ? outcome.decision.quantity : (sized.quantity ?? 0);
  const riskCheck =
    halt && !input.reduceOnly ? { ...haltedRecord(reads.halt!), after: decision.after } : checkRecord(outcome, input.reduceOnly);
  const signedQty = (input.side === 'BUY' ? 1 : -1) * quantity;
  return {
    symbol: input.symbol,
    quantity,
    markPrice: sized.markPrice,
    tickSize: sized.rules.tickSize ?? null,
    notional: quantity * sized.markPrice,
    positionBefore: decision.positionBefore,
    positionAfter: decision.positionBefore + signedQty,
    riskCheck,
    halt,
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
