import type { ALERT_METRICS } from '../../contract/enums';
import type { AccountMetrics } from '../../exchanges/metrics';

export type AlertOperator = '>' | '<' | 'crosses_above' | 'crosses_below';
export type AlertMetric = (typeof ALERT_METRICS)[number];
/** The metrics a snapshot's figures give directly; the others come from alert-extras.ts. */
export type SnapshotMetric = Exclude<AlertMetric, ExtraMetric>;
export type ExtraMetric = 'liquidationDistance' | 'fundingRate' | 'dailyRealizedLoss';

/** An extra metric's value and the position it is about (null: the account as a whole). */
export interface ExtraValue {
  value: number;
  symbol: string | null;
}
export type Extras = Partial<Record<ExtraMetric, ExtraValue>>;

/** A rule's firing, as it is stored and sent to its channels. */
export interface FiredAlert {
  id: string;
  ruleId: string;
  userId: string;
  accountId: string;
  accountEmail: string;
  metric: string;
  operator: string;
  threshold: number;
  value: number;
  message: string;
  firedAt: number;
  acknowledgedAt: null;
  channels: string[];
}

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
  liquidationDistance: 'Distance to liquidation (%)',
  fundingRate: 'Funding rate (%)',
  dailyRealizedLoss: 'Realized loss today (USD)',
};

const EXTRA: ReadonlySet<string> = new Set<ExtraMetric>(['liquidationDistance', 'fundingRate', 'dailyRealizedLoss']);
export const isExtraMetric = (metric: string): metric is ExtraMetric => EXTRA.has(metric);

const OPERATOR_WORDS: Record<AlertOperator, string> = {
  '>': 'above',
  '<': 'below',
  crosses_above: 'crossed above',
  crosses_below: 'crossed below',
};

/** A rule's value now: a snapshot figure, or an extra one (null: none now, e.g. no open position). */
export function metricValue(metrics: AccountMetrics, metric: AlertMetric, extras: Extras = {}): number | null {
  const value = isExtraMetric(metric) ? extras[metric]?.value : metrics[metric];
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
  symbol: string | null = null,
): string {
  const fmt = (n: number) =>
    Math.abs(n) >= 1000 ? n.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(Number(n.toPrecision(6)));
  const about = symbol ? ` on ${symbol}` : '';
  return `${accountEmail}: ${METRIC_LABELS[metric]}${about} ${OPERATOR_WORDS[operator]} ${fmt(threshold)} (now ${fmt(value)})`;
}

/** A rule's firing now with `value` (about `symbol`'s position, or the account's when null). */
export function firedAlert(
  rule: {
    id: string;
    userId: string;
    accountId: string;
    metric: string;
    operator: AlertOperator;
    threshold: number;
    channels: string[];
  },
  accountEmail: string,
  value: number,
  symbol: string | null,
  now: number,
): FiredAlert {
  return {
    id: crypto.randomUUID(),
    ruleId: rule.id,
    userId: rule.userId,
    accountId: rule.accountId,
    accountEmail,
    metric: rule.metric,
    operator: rule.operator,
    threshold: rule.threshold,
    value,
    message: alertMessage(accountEmail, rule.metric as AlertMetric, rule.operator, rule.threshold, value, symbol),
    firedAt: now,
    acknowledgedAt: null,
    channels: rule.channels,
  };
}
