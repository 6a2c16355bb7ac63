import { logError } from '../../../lib/log';
import type {
  CloserAsk,
  CloserDecision,
  Decision,
  FirmAsk,
  FirmDecision,
  FirmRead,
  OrderAsk,
  Refusal,
  TraderRead,
} from './gate-core';
import type { Progress, Settlement } from './gate-items';

/** One gate as the order path calls it (a RiskGate Durable Object's stub). */
export interface GateApi {
  reserve(read: TraderRead, ask: OrderAsk): Promise<Decision>;
  preview(read: TraderRead, ask: OrderAsk): Promise<Decision>;
  reserveCloser(read: TraderRead, ask: CloserAsk): Promise<CloserDecision>;
  holdCloser(ask: CloserAsk): Promise<void>;
  reserveFirm(read: FirmRead, ask: FirmAsk, always?: boolean): Promise<FirmDecision>;
  previewFirm(read: FirmRead, ask: FirmAsk): Promise<FirmDecision>;
  settle(orderId: string, settlement: Settlement): Promise<void>;
  progress(orderId: string, progress: Progress): Promise<void>;
  release(orderId: string): Promise<void>;
}

/** The gates: one per trader, one for the firm (durable-objects/risk-gate.ts riskGates). */
export interface Gates {
  trader(traderId: string): GateApi;
  firm(): GateApi;
}

/** What an order read for its gates: every trader the account is assigned to (the caller first), and the firm. */
export interface GateReads {
  traders: { traderId: string; read: TraderRead }[];
  firm: FirmRead;
}

export type GateOutcome =
  | { ok: true; decision: Extract<Decision, { ok: true }> }
  | { ok: false; refusal: Refusal; decision?: Decision; traderId: string | null };

/**
 * Passes an order through its gates: each trader's whose exposure it changes (the traders the
 * account is assigned to, one after another, each capping a close at what it sees), then the
 * firm's. A refusal anywhere releases what the earlier gates reserved. The caller's own gate's
 * judgement (its figures) is what the order records.
 */
export async function passGates(gates: Gates, reads: GateReads, ask: OrderAsk): Promise<GateOutcome> {
  if (ask.quantity !== null && reads.traders.length === 1) return passGatesAtOnce(gates, reads, ask);
  const passed: string[] = [];
  let quantity = ask.quantity;
  let mine: Extract<Decision, { ok: true }> | undefined;
  let onlyReduces = true;
  for (const [i, t] of reads.traders.entries()) {
    const decision = await gates.trader(t.traderId).reserve(t.read, { ...ask, quantity });
    if (!decision.ok) {
      await releaseGates(gates, passed, ask.orderId, false);
      return { ok: false, refusal: decision.refusal, decision, traderId: t.traderId };
    }
    passed.push(t.traderId);
    quantity = decision.quantity;
    onlyReduces &&= decision.onlyReduces;
    if (i === 0) mine = decision;
  }
  const qty = (ask.side === 'BUY' ? 1 : -1) * (quantity ?? 0);
  const firm = await gates.firm().reserveFirm(reads.firm, {
    orderId: ask.orderId,
    accountId: ask.accountId,
    symbol: ask.symbol,
    qty,
    mark: ask.mark,
    onlyReduces,
    rests: ask.rests,
  });
  if (!firm.ok) {
    await releaseGates(gates, passed, ask.orderId, false);
    return { ok: false, refusal: firm.refusal, traderId: null };
  }
  return { ok: true, decision: { ...mine!, quantity: quantity ?? 0 } };
}

/**
 * The common case — one trader, the size known — asks the trader's gate and the firm's at once (one
 * Durable Object round trip, not two). The firm reserves the order whatever it judges, since only
 * the trader's gate knows whether the order only reduces (then the firm's limit does not apply);
 * whatever the two together refuse is released.
 */
async function passGatesAtOnce(gates: Gates, reads: GateReads, ask: OrderAsk): Promise<GateOutcome> {
  const [{ traderId, read }] = reads.traders as [GateReads['traders'][number]];
  const qty = (ask.side === 'BUY' ? 1 : -1) * ask.quantity!;
  const firmAsk = {
    orderId: ask.orderId,
    accountId: ask.accountId,
    symbol: ask.symbol,
    qty,
    mark: ask.mark,
    onlyReduces: false,
    rests: ask.rests,
  };
  const [decision, firm] = await Promise.all([
    gates.trader(traderId).reserve(read, ask),
    gates.firm().reserveFirm(reads.firm, firmAsk, true),
  ]);
  if (!decision.ok) {
    await releaseGates(gates, [], ask.orderId);
    return { ok: false, refusal: decision.refusal, decision, traderId };
  }
  if (!firm.ok && !decision.onlyReduces) {
    await releaseGates(gates, [traderId], ask.orderId);
    return { ok: false, refusal: firm.refusal, decision, traderId: null };
  }
  return { ok: true, decision };
}

/**
 * A take-profit or stop-loss passes the gates of every trader the account is assigned to, at once:
 * each counts it as a closer of its position while it rests. The firm's gate needs nothing (its
 * limit already allows what closes move the net). A refusal anywhere releases the others.
 */
export async function passCloserGates(
  gates: Gates,
  traders: GateReads['traders'],
  ask: CloserAsk,
): Promise<{ ok: true } | { ok: false; refusal: Refusal }> {
  const decisions = await Promise.all(traders.map((t) => gates.trader(t.traderId).reserveCloser(t.read, ask)));
  const refused = decisions.find((d) => !d.ok);
  if (!refused) return { ok: true };
  await releaseGates(
    gates,
    traders.map((t) => t.traderId),
    ask.orderId,
    false,
  );
  return refused;
}

/** The judgement without reserving anything (previewOrder): the caller's gate, then the firm's. */
export async function previewGates(gates: Gates, reads: GateReads, ask: OrderAsk): Promise<GateOutcome> {
  const [mine] = reads.traders;
  const decision = await gates.trader(mine!.traderId).preview(mine!.read, ask);
  if (!decision.ok) return { ok: false, refusal: decision.refusal, decision, traderId: mine!.traderId };
  const qty = (ask.side === 'BUY' ? 1 : -1) * decision.quantity;
  const firm = await gates.firm().previewFirm(reads.firm, {
    orderId: ask.orderId,
    accountId: ask.accountId,
    symbol: ask.symbol,
    qty,
    mark: ask.mark,
    onlyReduces: decision.onlyReduces,
  });
  if (!firm.ok) return { ok: false, refusal: firm.refusal, decision, traderId: null };
  return { ok: true, decision };
}

/** Every gate the order passed learns what it filled (0: nothing), or — `release` — that it was never sent. */
export async function releaseGates(gates: Gates, traderIds: readonly string[], orderId: string, firmToo = true) {
  await Promise.all(
    [...traderIds.map((id) => gates.trader(id)), ...(firmToo ? [gates.firm()] : [])].map((g) =>
      g.release(orderId).catch((err: unknown) => logError('gate: release failed (the reservation stays, on the safe side)', err)),
    ),
  );
}

export async function settleGates(gates: Gates, traderIds: readonly string[], orderId: string, settlement: Settlement) {
  await Promise.all(
    [...traderIds.map((id) => gates.trader(id)), gates.firm()].map((g) =>
      g
        .settle(orderId, settlement)
        .catch((err: unknown) => logError('gate: settle failed (the reservation stays, on the safe side)', err)),
    ),
  );
}

/** Every gate the resting order passed learns its progress (fills so far, whether it still rests). */
export async function progressGates(gates: Gates, traderIds: readonly string[], orderId: string, progress: Progress) {
  await Promise.all(
    [...traderIds.map((id) => gates.trader(id)), gates.firm()].map((g) =>
      g
        .progress(orderId, progress)
        .catch((err: unknown) => logError('gate: progress failed (the reservation stays, on the safe side)', err)),
    ),
  );
}
