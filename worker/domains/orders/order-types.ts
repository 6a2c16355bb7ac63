import type { OrderSide, TimeInForce } from '../../contract/enums';
import type { exchangeAccounts } from '../../db/schema/accounts';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import type { OrderVenue } from '../../exchanges/order-venue';
import type { GateReads, Gates } from './gate/gate-client';
import type { haltFrom } from './halts';
import type { PublishOrder } from './order-store';

export type ExchangeAccountRow = typeof exchangeAccounts.$inferSelect;

export interface OrderInput {
  accountEmail: string;
  symbol: string;
  side: OrderSide;
  notional?: number;
  quantity?: number;
  reduceOnly: boolean;
  /** absent: MARKET */
  type?: 'MARKET' | 'LIMIT';
  /** LIMIT */
  price?: number;
  timeInForce?: TimeInForce;
}

export interface PlaceOrderInput extends OrderInput {
  clientOrderId: string;
  keypressAt?: number;
  /** the headline the order was placed from (news_trades scores it) */
  headlineId?: number;
  /** trigger prices to attach once the entry filled (protection.ts) */
  takeProfit?: number;
  stopLoss?: number;
}

export interface OrderDeps {
  db: Db;
  venue: OrderVenue;
  /** the pre-trade gates (durable-objects/risk-gate.ts) */
  gates: Gates;
  /** each step of the order, as it happens (order-hub.ts: the trader's OrdersHub); none in jobs and benches */
  publish?: PublishOrder;
  /**
   * After a fill acknowledged at `ackAt`: bring the account's latest state up to date, stamped later
   * than `ackAt` (a snapshot stamped in the same millisecond may have been read before the fill);
   * answers the snapshot's time.
   */
  afterFill?: (ackAt: number) => Promise<number>;
  now?: () => number;
  /** waits before a resend (tests pass a fake clock's) */
  sleep?: (ms: number) => Promise<void>;
  /** when the request reached the handler (before the account and its key were read) */
  receivedAt?: number;
}

/** What an order reads before it is sent, all in one D1 batch (orders.ts readForOrder). */
export interface OrderReads {
  /** an earlier order with the same client id */
  existing: OrderRow | undefined;
  halt: ReturnType<typeof haltFrom>;
  gate: GateReads;
  /** the mark price, when its read was started before the account was known */
  markPrice?: Promise<number>;
}

/** A pending order older than this is taken to have lost its sender: settled like an unknown one. */
export const STALE_PENDING_MS = 30_000;
