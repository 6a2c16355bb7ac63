import { eventIterator, oc } from '@orpc/contract';
import { z } from 'zod';
import { INPUT_ERRORS } from './errors';
import { byRowIdInput, epochMs, epochMsOrNull, removeByIdProcedure, rowId } from './fields';
import { watchHitEventSchema } from './watchlists';
import { ALERT_CHANNELS, ALERT_METRICS, ALERT_OPERATORS } from './enums';
import { ALERT_MAX_COOLDOWN_SECONDS, ALERT_MIN_COOLDOWN_SECONDS, MAX_ALERT_RULES_PER_USER } from './patterns';

export const alertMetricSchema = z.enum(ALERT_METRICS);
export const alertOperatorSchema = z.enum(ALERT_OPERATORS);
export const alertChannelSchema = z.enum(ALERT_CHANNELS);

export const alertRuleSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountEmail: z.string(),
  metric: alertMetricSchema,
  operator: alertOperatorSchema,
  threshold: z.number(),
  cooldownSeconds: z.number(),
  channels: z.array(alertChannelSchema),
  enabled: z.boolean(),
  lastValue: z.number().nullable(),
  lastFiredAt: epochMsOrNull,
  createdAt: epochMs,
});

export const alertEventSchema = z.object({
  id: z.string(),
  /** null once the rule is deleted (the event keeps its metric, operator, threshold and message). */
  ruleId: z.string().nullable(),
  accountId: z.string(),
  accountEmail: z.string(),
  metric: z.string(),
  operator: z.string(),
  threshold: z.number(),
  value: z.number(),
  message: z.string(),
  firedAt: epochMs,
  acknowledgedAt: epochMsOrNull,
});

// The limits live with the plain values (patterns.ts), so the rule form's hints read them without zod.
export { ALERT_MAX_COOLDOWN_SECONDS, ALERT_MIN_COOLDOWN_SECONDS, MAX_ALERT_RULES_PER_USER };

const ruleFields = z.object({
  metric: alertMetricSchema,
  operator: alertOperatorSchema,
  threshold: z.number().finite(),
  cooldownSeconds: z
    .number()
    .int('Whole seconds')
    .min(ALERT_MIN_COOLDOWN_SECONDS, `At least ${ALERT_MIN_COOLDOWN_SECONDS} seconds`)
    .max(ALERT_MAX_COOLDOWN_SECONDS, 'At most 7 days (604,800 seconds)'),
  channels: z.array(alertChannelSchema).min(1, 'Pick at least one channel').max(2),
  enabled: z.boolean().default(true),
});

export const createAlertRuleInput = ruleFields.extend({
  accountEmail: z.string().trim().toLowerCase().max(254).pipe(z.email()),
});
export type CreateAlertRuleInput = z.input<typeof createAlertRuleInput>;

export const alertsContract = {
  listAlertRules: oc.route({ method: 'GET', summary: "The caller's alert rules" }).output(z.array(alertRuleSchema)),
  createAlertRule: oc
    .route({ method: 'POST', summary: 'Create an alert rule on one of your accounts' })
    .errors(INPUT_ERRORS)
    .input(createAlertRuleInput)
    .output(alertRuleSchema),
  updateAlertRule: oc
    .route({ method: 'POST', summary: 'Change an alert rule' })
    .errors(INPUT_ERRORS)
    .input(ruleFields.partial().extend({ id: rowId }))
    .output(alertRuleSchema),
  deleteAlertRule: removeByIdProcedure('Delete an alert rule'),
  listAlertEvents: oc
    .route({ method: 'GET', summary: 'Fired alerts, newest first' })
    .input(
      z
        .object({ limit: z.number().int().min(1).max(200).default(50), unacknowledgedOnly: z.boolean().default(false) })
        .default({ limit: 50, unacknowledgedOnly: false }),
    )
    .output(z.array(alertEventSchema)),
  acknowledgeAlertEvent: oc
    .route({ method: 'POST', summary: 'Acknowledge a fired alert' })
    .input(byRowIdInput)
    .output(alertEventSchema),
  streamAlerts: oc
    .route({
      method: 'GET',
      summary: "The caller's alerts as they fire, and headlines that hit their watchlists (event stream, keep-alive 5 s)",
    })
    .output(eventIterator(z.union([alertEventSchema, watchHitEventSchema]))),
};
