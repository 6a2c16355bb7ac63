import { RISK_LIMIT_KINDS, type RiskLimitKind } from '@contract/enums';

/** The risk limits by name (the contract's RISK_LIMIT_KINDS), as the risk team and the order preview show them. */
export const LIMIT_LABELS: Record<RiskLimitKind, string> = {
  maxLeverage: 'Max leverage',
  maxDrawdown: 'Max drawdown (30-day peak)',
  maxPositionNotional: 'Max position notional',
  maxPositionShare: 'Max share of one position',
  maxSymbolNetExposure: 'Max firm net exposure per symbol',
};

/** A limit the server names, in a sentence ("Over max leverage"); an unknown name as it came. */
export function limitName(kind: string | undefined): string {
  const known = RISK_LIMIT_KINDS.find((k) => k === kind);
  if (!known) return kind ?? '';
  const label = LIMIT_LABELS[known];
  return label.charAt(0).toLowerCase() + label.slice(1);
}
