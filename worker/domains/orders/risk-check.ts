import type { RiskCheckRecord, OrderRow } from '../../db/schema/orders';
import { domainError } from '../../lib/domain-error';
import type { GateOutcome } from './gate/gate-client';
import type { haltFrom } from './halts';
import { toDto } from './order-store';

/** What an order records of its pre-trade check: passed (and the figures it leaves), or the limit that refused it. */
export function checkRecord(outcome: GateOutcome, reduceOnly: boolean): RiskCheckRecord {
  const after = outcome.decision?.after;
  if (outcome.ok) return { passed: true, after, ...(reduceOnly ? { skipped: 'reduceOnly' as const } : {}) };
  if (outcome.refusal.kind !== 'limit') return { passed: false, limit: outcome.refusal.kind, after };
  const v = outcome.refusal.violation;
  // Leverage on zero or negative equity is unbounded: never Infinity in storage or JSON.
  const unbounded = !Number.isFinite(v.value);
  return {
    passed: false,
    limit: v.kind,
    symbol: v.symbol,
    value: unbounded ? null : v.value,
    ...(unbounded ? { unbounded: true } : {}),
    limitValue: v.limit,
    after,
  };
}

/** The record of an order stopped by a trading-off switch. */
export function haltedRecord(halt: NonNullable<ReturnType<typeof haltFrom>>): RiskCheckRecord {
  return { passed: false, limit: 'tradingOff', haltScope: halt.traderId === null ? 'firm' : 'trader' };
}

/** The 412 of a refused order: which limit, its value, what the order would make it. */
export function refusalError(row: OrderRow, message = refusalMessage(row.riskCheck)) {
  const r = row.riskCheck;
  const value = r.value ?? undefined;
  return domainError('PRECONDITION_FAILED', message, {
    limit: r.limit,
    symbol: r.symbol ?? null,
    value: r.value,
    limitValue: r.limitValue,
    excess: value !== undefined && r.limitValue !== undefined ? value - r.limitValue : undefined,
    order: toDto(row),
  });
}

const LABELS: Record<string, string> = {
  maxLeverage: 'Max leverage',
  maxPositionNotional: 'Max position notional',
  maxPositionShare: 'Max share of one position',
  maxSymbolNetExposure: 'Firm net exposure limit',
};

function format(kind: string, n: number) {
  if (kind === 'maxLeverage') return `${n.toFixed(2)}×`;
  if (kind === 'maxPositionShare') return `${(n * 100).toFixed(1)} %`;
  return `$${Math.round(n).toLocaleString('en-US')}`;
}

/** "Max leverage 5.00× would be crossed by 2.20× (7.20× after this order)". */
export function refusalMessage(r: RiskCheckRecord, after = 'after this order'): string {
  if (r.limit === 'tradingOff')
    return r.haltScope === 'firm'
      ? 'Trading is off for the whole firm: only orders that close positions are taken'
      : 'Trading is off for you: only orders that close positions are taken';
  const kind = r.limit ?? '';
  const limit = format(kind, r.limitValue ?? 0);
  if (r.unbounded)
    return `${LABELS[kind] ?? kind} ${limit} would be crossed: the equity is zero or negative, so any added exposure is unbounded leverage`;
  const over = (r.value ?? 0) - (r.limitValue ?? 0);
  const on = r.symbol && kind !== 'maxLeverage' ? ` on ${r.symbol}` : '';
  return `${LABELS[kind] ?? kind} ${limit}${on} would be crossed by ${format(kind, over)} (${format(kind, r.value ?? 0)} ${after})`;
}
