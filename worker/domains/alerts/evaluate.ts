import type { AccountMetrics } from '../../exchanges/metrics';

export type AlertOperator = '>' | '<' | 'crosses_above' | 'crosses_below';
export type AlertMetric =
  'totalBalance' | 'futuresBalance' | 'spotBalance' | 'futuresUpnl' | 'totalUpnl' | 'notional' | 'leverage' | 'btcPrice';

export interface RuleState {
  operator: AlertOperator;
  threshold: number;
  cooldownSeconds: number;
  lastValue: number | null;
  lastFiredAt: number | null;
}

export const METRIC_LABELS: Record<AlertMetric, string> = {
  totalBalance: 'Total balance',
  futuresBalance: 'Futures balance',
  spotBalance: 'Spot balance',
  futuresUpnl: 'Futures uPnL',
  totalUpnl: 'Total uPnL',
  notional: 'Notional',
  leverage: 'Leverage',
  btcPrice: 'BTC price',
};

const OPERATOR_WORDS: Record<AlertOperator, string> = {
  '>': 'above',
  '<': 'below',
  crosses_above: 'crossed above',
  crosses_below: 'crossed below',
};

export function metricValue(metrics: AccountMetrics, metric: AlertMetric): number | null {
  const value = metrics[metric];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Whether the condition holds. "crosses" needs the previous value on the other side. */
export function conditionMet(rule: Pick<RuleState, 'operator' | 'threshold' | 'lastValue'>, value: number): boolean {
  const { threshold, lastValue } = rule;
  switch (rule.operator) {
    case '>':
      return value > threshold;
    case '<':
      return value < threshold;
    case 'crosses_above':
      return lastValue !== null && lastValue <= threshold && value > threshold;
    case 'crosses_below':
      return lastValue !== null && lastValue >= threshold && value < threshold;
  }
}

/** A rule fires when its condition holds and its cooldown since the last firing has passed. */
export function shouldFire(rule: RuleState, value: number, now: number): boolean {
  if (!conditionMet(rule, value)) return false;
  return rule.lastFiredAt === null || now - rule.lastFiredAt >= rule.cooldownSeconds * 1000;
}

export function alertMessage(
  accountEmail: string,
  metric: AlertMetric,
  operator: AlertOperator,
  threshold: number,
  value: number,
): string {
  const fmt = (n: number) =>
    Math.abs(n) >= 1000 ? n.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(Number(n.toPrecision(6)));
  return `${accountEmail}: ${METRIC_LABELS[metric]} ${OPERATOR_WORDS[operator]} ${fmt(threshold)} (now ${fmt(value)})`;
}
