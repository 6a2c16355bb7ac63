import { METRICS, type MetricKey } from '~/shared/accounts/metrics';
import { formatLeverage, formatPrice, formatUsd } from '~/lib/format';
import { ALERT_MIN_COOLDOWN_SECONDS } from '@contract/patterns';
import type { RpcInputs, RpcOutputs } from '@contract/types';

export type AlertRule = RpcOutputs['listAlertRules'][number];
export type AlertEvent = RpcOutputs['listAlertEvents'][number];
export type AlertOperator = AlertRule['operator'];
export type AlertChannel = AlertRule['channels'][number];
export type CreateRuleInput = RpcInputs['createAlertRule'];

export const OPERATORS: { value: AlertOperator; label: string }[] = [
  { value: '>', label: 'is above (>)' },
  { value: '<', label: 'is below (<)' },
  { value: 'crosses_above', label: 'crosses above' },
  { value: 'crosses_below', label: 'crosses below' },
];

const OPERATOR_TEXT: Record<string, string> = {
  '>': '>',
  '<': '<',
  crosses_above: 'crosses above',
  crosses_below: 'crosses below',
};

export const CHANNELS: { value: AlertChannel; label: string; hint: string }[] = [
  { value: 'toast', label: 'In-app toast', hint: 'A notification in every open Meridian tab' },
  // The alert goes to the chats an admin set up with the purpose Alerts (notify.ts), not to a personal chat.
  { value: 'telegram', label: 'Telegram', hint: 'Posted to the firm’s Telegram alert chats (News settings → Telegram Chats)' },
];

export type AlertMetric = AlertRule['metric'];

/** The alert-only metrics (issue 31): about one position or the day, not an account figure. */
const EXTRA_METRICS: Record<Exclude<AlertMetric, MetricKey>, { label: string; unit: string; hint: string }> = {
  liquidationDistance: {
    label: 'Distance to liquidation',
    unit: '% of the mark',
    hint: 'Each open position on its own: its distance to its liquidation price, in % of its mark (e.g. is below 10); each position has its own cooldown',
  },
  fundingRate: {
    label: 'Funding rate',
    unit: '% per funding interval',
    hint: 'The held symbol with the largest funding rate, signed: positive, longs pay (e.g. is above 0.05)',
  },
  dailyRealizedLoss: {
    label: 'Realized loss today',
    unit: 'USD',
    hint: 'Today’s (UTC) realized loss net of fees and funding, 0 on a winning day (e.g. is above 500)',
  },
};

/** Every metric a rule can watch, in the form's order: the account figures, then the alert-only ones. */
export const ALERT_METRIC_KEYS: AlertMetric[] = [
  ...(Object.keys(METRICS) as MetricKey[]),
  ...(Object.keys(EXTRA_METRICS) as AlertMetric[]),
];

const extra = (metric: string) =>
  EXTRA_METRICS[metric as keyof typeof EXTRA_METRICS] as (typeof EXTRA_METRICS)[keyof typeof EXTRA_METRICS] | undefined;

export function metricLabel(metric: string) {
  return METRICS[metric as MetricKey]?.label ?? extra(metric)?.label ?? metric;
}

/** The threshold's unit and an example, for the rule form. */
export function metricUnit(metric: AlertMetric): { unit: string; hint?: string } {
  const e = extra(metric);
  if (e) return { unit: e.unit, hint: e.hint };
  return { unit: METRICS[metric as MetricKey].kind === 'leverage' ? '× (e.g. 3 for 3×)' : 'USD' };
}

/** A threshold or value in the metric's unit: `$1,000.00`, `3.00×`, `$94,000.50`, `12.5 %`. */
export function formatMetricValue(metric: string, value: number) {
  if (metric === 'liquidationDistance' || metric === 'fundingRate') return `${Number(value.toPrecision(4))} %`;
  const kind = METRICS[metric as MetricKey]?.kind;
  if (kind === 'leverage') return formatLeverage(value);
  if (kind === 'price') return `$${formatPrice(value)}`;
  if (kind === 'pnl') return formatUsd(value, { signed: true });
  return formatUsd(value);
}

/** `Total balance > $1,000.00` */
export function describeCondition(rule: Pick<AlertRule, 'metric' | 'operator' | 'threshold'>) {
  return `${metricLabel(rule.metric)} ${OPERATOR_TEXT[rule.operator] ?? rule.operator} ${formatMetricValue(rule.metric, rule.threshold)}`;
}

/** A rule's cooldown as it acts: older rules stored below the minimum still wait the minimum (run-alerts.ts). */
export function describeCooldown(stored: number) {
  const seconds = Math.max(stored, ALERT_MIN_COOLDOWN_SECONDS);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round((seconds / 60) * 10) / 10} min`;
  return `${Math.round((seconds / 3600) * 10) / 10} h`;
}
