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

export function metricLabel(metric: string) {
  return METRICS[metric as MetricKey]?.label ?? metric;
}

/** A threshold or value in the metric's unit: `$1,000.00`, `3.00×`, `$94,000.50`. */
export function formatMetricValue(metric: string, value: number) {
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
