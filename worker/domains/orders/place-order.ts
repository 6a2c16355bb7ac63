import type { OrderDto } from '../../contract/orders';
import { orders, type OrderRow } from '../../db/schema/orders';
import { domainError } from '../../lib/domain-error';
import { passGates, releaseGates } from './gate/gate-client';
import { orderByClientId, toDto } from './order-store';
import { send, settle } from './order-send';
import { gateAsk, sizeOrder } from './order-sizing';
import type { ExchangeAccountRow, OrderDeps, OrderReads, PlaceOrderInput } from './order-types';
import { checkRecord, haltedRecord, refusalError, refusalMessage } from './risk-check';
import { venueClientId } from './venue-client-id';

function sameOrder(row: OrderRow, input: PlaceOrderInput, accountId: string) {
  return (
    row.accountId === accountId &&
    row.symbol === input.symbol &&
    row.side === input.side &&
    row.reduceOnly === input.reduceOnly &&
    row.requestedNotional === (input.notional ?? null) &&
    row.requestedQuantity === (input.quantity ?? null) &&
    row.type === (input.type ?? 'MARKET') &&
    row.price === (input.price ?? null) &&
    row.timeInForce === timeInForceOf(input)
  );
}

/** A limit rests until canceled unless told otherwise (GTC); a market order has none. */
function timeInForceOf(input: PlaceOrderInput) {
  return input.type === 'LIMIT' ? (input.timeInForce ?? 'GTC') : null;
}

/**
 * Places a market or limit order exactly once per (trader, clientOrderId). The order passes the pre-trade
 * gates first (they reserve its exposure, so parallel orders never judge the same room twice),
 * then its intent is recorded before anything is sent; the unique index lets only one request own
 * it, and every other request with the same id gets that order back (settled first when its
 * outcome is unknown).
 */
export async function placeOrder(
  deps: OrderDeps,
  traderId: string,
  account: ExchangeAccountRow,
  input: PlaceOrderInput,
  reads: OrderReads,
): Promise<OrderDto> {
  const now = deps.now ?? Date.now;
  const receivedAt = deps.receivedAt ?? now();
  // A replay ignores the halt, a new order needs it.
  const { existing, halt } = reads;
  if (existing) return replay(deps, existing, input, account.id, reads);

  const orderId = crypto.randomUUID();
  const sized = await sizeOrder(deps.venue, input, reads.markPrice);
  let quantity = sized.quantity ?? 0;
  let riskCheck;
  let gates: string[] = [];
  if (halt && !input.reduceOnly) riskCheck = haltedRecord(halt);
  else {
    const outcome = await passGates(deps.gates, reads.gate, gateAsk(orderId, account.id, input, sized, reads.gate));
    if (!outcome.ok && outcome.refusal.kind !== 'limit') {
      const status = outcome.refusal.kind === 'staleRead' ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST';
      throw domainError(status, outcome.refusal.message, { reason: outcome.refusal.kind });
    }
    riskCheck = checkRecord(outcome, input.reduceOnly);
    if (outcome.ok) {
      quantity = outcome.decision.quantity;
      gates = reads.gate.traders.map((t) => t.traderId);
    }
  }

  const status = riskCheck.passed ? 'pending' : 'refused';
  const [row] = await deps.db
    .insert(orders)
    .values({
      id: orderId,
      userId: traderId,
      accountId: account.id,
      accountEmail: account.email,
      exchange: account.exchange,
      clientOrderId: input.clientOrderId,
      venueClientId: await venueClientId(traderId, input.clientOrderId),
      gates,
      symbol: input.symbol,
      side: input.side,
      type: input.type ?? 'MARKET',
      timeInForce: timeInForceOf(input),
      price: input.price ?? null,
      reduceOnly: input.reduceOnly,
      requestedNotional: input.notional ?? null,
      requestedQuantity: input.quantity ?? null,
      quantity,
      markPrice: sized.markPrice,
      status,
      statusHistory: [{ status, at: receivedAt, ...(riskCheck.passed ? {} : { note: refusalMessage(riskCheck) }) }],
      riskCheck,
      keypressAt: input.keypressAt ?? null,
      headlineId: input.headlineId ?? null,
      takeProfit: input.takeProfit ?? null,
      stopLoss: input.stopLoss ?? null,
      receivedAt,
      updatedAt: receivedAt,
    })
    .onConflictDoNothing()
    .returning();
  if (row) deps.publish?.(row); // the intent is recorded (or refused): its first step
  if (!row) {
    // Another request with this id recorded it first (double keypress, two tabs): that one sends.
    await releaseGates(deps.gates, gates, orderId);
    return replay(deps, (await orderByClientId(deps.db, traderId, input.clientOrderId))!, input, account.id, reads);
  }
  if (status === 'refused') throw refusalError(row);
  return toDto(await send(deps, row));
}

async function replay(
  deps: OrderDeps,
  row: OrderRow,
  input: PlaceOrderInput,
  accountId: string,
  reads?: OrderReads,
): Promise<OrderDto> {
  if (!sameOrder(row, input, accountId))
    throw domainError('CONFLICT', 'This clientOrderId was already used for another order', { order: toDto(row) });
  if (row.status === 'refused') throw refusalError(row);
  if (row.status === 'unknown' || row.status === 'pending') return toDto(await settle(deps, row, reads));
  return toDto(row);
}
