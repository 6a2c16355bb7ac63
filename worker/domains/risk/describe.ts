import type { RiskLimitKind } from '../../contract/enums';

const LABELS: Record<RiskLimitKind, string> = {
  maxLeverage: 'leverage',
  maxDrawdown: 'drawdown from the 30-day peak',
  maxPositionNotional: 'position notional',
  maxPositionShare: 'share of one position',
  maxSymbolNetExposure: 'firm net exposure',
};

export function formatLimitValue(kind: RiskLimitKind, v: number): string {
  if (kind === 'maxLeverage') return `${v.toFixed(2)}×`;
  if (kind === 'maxDrawdown' || kind === 'maxPositionShare') return `${(v * 100).toFixed(1)} %`;
  return `$${Math.round(v).toLocaleString('en-US')}`;
}

/** One line for Telegram and logs: who, which limit, value against limit. */
export function describeBreach(b: {
  traderName: string | null;
  kind: RiskLimitKind;
  symbol: string | null;
  lastValue: number;
  limitValue: number;
}) {
  const who = b.traderName ?? 'Firm';
  const what = `${LABELS[b.kind]}${b.symbol ? ` ${b.symbol}` : ''}`;
  return `${who} ${what} ${formatLimitValue(b.kind, b.lastValue)} over the limit ${formatLimitValue(b.kind, b.limitValue)}`;
}
