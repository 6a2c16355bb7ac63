import type { OrderSide } from '../../contract/enums';
import { batchReads } from '../../db/batch-reads';
import { orders, type OrderRow, type RiskCheckRecord } from '../../db/schema/orders';
import type { OrderVenue } from '../../exchanges/order-venue';
import { DomainError, domainError } from '../../lib/domain-error';
import { passCloserGates, releaseGates, type GateReads } from './gate/gate-client';
import { traderGateQueries, traderGateReadsFrom } from './gate/gate-reads';
import { send } from './order-send';
import { orderByClientId } from './order-store';
import type { ExchangeAccountRow, OrderDeps } from './order-types';
import { depsFor, type OrderContext } from './orders';
import { checkRecord, refusalError, refusalMessage } from './risk-check';
import { venueClientId } from './venue-client-id';

/**
 * A take-profit or stop-loss order's life before the exchange: it passes its trader gates as a
 * closer of the position, its row is written once, then it is sent. Exactly-once like every order:
 * each one's client id derives from the request's, so a retried request finds it instead of
 * sending twice.
 */
export interface Protection {
  /** trigger prices */
  takeProfit?: number;
  stopLoss?: number;
}

export const KINDS = [
  ['takeProfit', 'TAKE_PROFIT_MARKET', 'tp'],
  ['stopLoss', 'STOP_MARKET', 'sl'],
] as const;

/** A protective order's client id: 'p' + 32 base64url characters of SHA-256 of the request's id and the kind. */
export const protectiveClientId = async (base: string, kind: string) => `p${(await venueClientId(base, kind)).slice(1)}`;

export type ProtectionArgs = {
  symbol: string;
  closeSide: OrderSide;
  quantity: number;
  mark: number;
  base: string;
  parentOrderId: string | null;
  /** when the trader's request reached the Worker; none when the system places it (an entry's fill seen) */
  receivedAt?: number;
} & Protection;

/**
 * Records and sends each protective order once; answers them as they stand. Each first passes the
 * gates of every trader the account is assigned to, as a closer of its position (`traders`: their
 * reads, read here when not given), before its row exists: a protective order's row is always
 * counted in its gates, and its answers (fill, cancel) reach them through the row's `gates`.
 */
export async function placeProtection(
  ctx: OrderContext,
  traderId: string,
  account: ExchangeAccountRow,
  venue: OrderVenue,
  args: ProtectionArgs,
  traders?: GateReads['traders'],
): Promise<OrderRow[]> {
  const kinds = KINDS.filter(([key]) => args[key] !== undefined).map(([key]) => key);
  if (kinds.length === 0) return [];
  const ids = kinds.map(() => crypto.randomUUID());
  const deps = depsFor(ctx, account, venue);
  let gates: string[];
  try {
    gates = await holdClosers(ctx, traderId, account, args, ids, kinds, traders);
  } catch (err) {
    // A retried request whose orders were placed: they are the answer, whatever the gates say now.
    const placed = isCloserRefusal(err) ? await placedBefore(ctx, traderId, args.base, kinds) : null;
    if (!placed) throw err;
    return placed;
  }
  // Both rows in one D1 call; then sent one after the other, as the exchange has always seen them.
  const inserts = await Promise.all(
    kinds.map((key, i) => protectiveInsert(ctx, traderId, account, args, key, { id: ids[i]!, gates })),
  );
  const [first, ...rest] = inserts.map((x) => x.insert);
  const written = rest.length ? await ctx.db.batch([first!, ...rest]) : [await first!];
  const out: OrderRow[] = [];
  for (const [i, { clientOrderId }] of inserts.entries()) {
    const [row] = written[i]!;
    // A retried request: the order is there already, held in its gates under its own id.
    if (!row) await releaseGates(ctx.gates, gates, ids[i]!, false);
    out.push(await sendRecorded(deps, traderId, clientOrderId, row));
  }
  return out;
}

/**
 * Every trader gate of the account counts the protective orders `ids` as closers of the position
 * (docs/RISK-MODEL.md: while one rests the position may be flat at any moment). Refused — only
 * where an order already resting would then open the position past a limit — each is recorded as
 * refused and the trader gets the limit's message. Returns the gates that hold them.
 */
export async function holdClosers(
  ctx: OrderContext,
  traderId: string,
  account: ExchangeAccountRow,
  args: ProtectionArgs,
  ids: readonly string[],
  kinds: readonly (keyof Protection)[],
  traders?: GateReads['traders'],
): Promise<string[]> {
  const reads =
    traders ?? traderGateReadsFrom(await batchReads(ctx.db, traderGateQueries(ctx.db, account.email)), traderId, Date.now());
  const held = reads.map((t) => t.traderId);
  const outcomes = await Promise.all(
    ids.map((orderId) =>
      passCloserGates(ctx.gates, reads, { orderId, accountId: account.id, symbol: args.symbol, mark: args.mark }),
    ),
  );
  const refused = outcomes.find((o) => !o.ok);
  if (!refused) return held;
  await Promise.all(ids.map((id) => releaseGates(ctx.gates, held, id, false)));
  if (refused.refusal.kind !== 'limit')
    throw domainError(refused.refusal.kind === 'staleRead' ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST', refused.refusal.message, {
      reason: refused.refusal.kind,
    });
  const riskCheck = checkRecord({ ok: false, refusal: refused.refusal, traderId: null }, false);
  const rows = await Promise.all(
    kinds.map(async (key, i) => {
      const { insert } = await protectiveInsert(ctx, traderId, account, args, key, { id: ids[i]!, gates: [], riskCheck });
      return (await insert)[0];
    }),
  );
  const row = rows.find((r) => r !== undefined);
  if (!row) throw domainError('PRECONDITION_FAILED', closerRefusalMessage(riskCheck));
  for (const r of rows) if (r) ctx.publish?.(r);
  throw refusalError(row, closerRefusalMessage(riskCheck));
}

/** The orders an earlier request with this id placed (every kind asked, none refused), as they stand; else null. */
async function placedBefore(ctx: OrderContext, traderId: string, base: string, kinds: readonly (keyof Protection)[]) {
  const rows = await Promise.all(
    kinds.map(async (key) =>
      orderByClientId(ctx.db, traderId, await protectiveClientId(base, KINDS.find(([k]) => k === key)![2])),
    ),
  );
  return rows.every((r) => r !== undefined && r.status !== 'refused') ? (rows as OrderRow[]) : null;
}

/** Whether `err` is the gates' refusal of a take-profit or stop-loss (recorded as refused; nothing to retry). */
export const isCloserRefusal = (err: unknown) => err instanceof DomainError && err.code === 'PRECONDITION_FAILED';

/** A refused take-profit or stop-loss says how closing the position can breach a limit. */
export const closerRefusalMessage = (r: RiskCheckRecord) =>
  refusalMessage(r, 'once this closes the position and the order resting on it fills');

/**
 * A protective order's row, unawaited (a move writes it in one batch with the old order's cancel):
 * inserted once, under the client id derived from the request's; a retry inserts nothing. `held`:
 * its id and the gates holding it, or the record of the gates' refusal.
 */
export async function protectiveInsert(
  ctx: OrderContext,
  traderId: string,
  account: ExchangeAccountRow,
  args: ProtectionArgs,
  key: keyof Protection,
  held: { id: string; gates: string[]; riskCheck?: RiskCheckRecord },
) {
  const [, type, label] = KINDS.find(([k]) => k === key)!;
  const clientOrderId = await protectiveClientId(args.base, label);
  const now = Date.now();
  // The order's clock starts where the trader's request arrived, as placeOrder's does, not at its row.
  const receivedAt = args.receivedAt ?? now;
  const refusal = held.riskCheck && closerRefusalMessage(held.riskCheck);
  const status = refusal ? 'refused' : 'pending';
  const insert = ctx.db
    .insert(orders)
    .values({
      id: held.id,
      userId: traderId,
      accountId: account.id,
      accountEmail: account.email,
      exchange: account.exchange,
      clientOrderId,
      venueClientId: await venueClientId(traderId, clientOrderId),
      gates: held.gates,
      symbol: args.symbol,
      side: args.closeSide,
      type,
      triggerPrice: args[key],
      parentOrderId: args.parentOrderId,
      reduceOnly: true,
      quantity: args.quantity,
      markPrice: args.mark,
      status,
      statusHistory: [{ status, at: receivedAt, ...(refusal ? { note: refusal } : {}) }],
      riskCheck: held.riskCheck ?? { passed: true, skipped: 'reduceOnly' },
      receivedAt,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return { clientOrderId, insert };
}

/** Sends a protective order whose row was just inserted; one already there (a retry) is answered as it stands. */
export async function sendRecorded(deps: OrderDeps, traderId: string, clientOrderId: string, row: OrderRow | undefined) {
  if (!row) return (await orderByClientId(deps.db, traderId, clientOrderId))!;
  deps.publish?.(row);
  return send(deps, row);
}
