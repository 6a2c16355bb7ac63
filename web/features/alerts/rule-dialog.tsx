import { useQueryClient } from '@tanstack/react-query';
import { Options } from '~/components/ui/select';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import type { RpcInputs } from '@contract/types';
import { DialogForm, FormDialog } from '~/components/form/dialog-form';
import { CheckboxesField, SelectField, SwitchField, TextField } from '~/components/form/fields';
import { resolverProblems, rpcResolver } from '~/lib/contract-form';
import { orpc, rpc } from '~/lib/rpc';
import type { Account } from '~/shared/accounts/metrics';
import { ALERT_MAX_COOLDOWN_SECONDS, ALERT_MIN_COOLDOWN_SECONDS } from '@contract/patterns';
import {
  ALERT_METRIC_KEYS,
  CHANNELS,
  describeCooldown,
  metricLabel,
  metricUnit,
  OPERATORS,
  type AlertChannel,
  type AlertMetric,
  type AlertOperator,
  type AlertRule,
} from './alert-format';

/** The contract's range (60 s to 7 days): a rule fires at most once per cooldown. */
export const COOLDOWN_HINT = `Quiet time after it fires: ${ALERT_MIN_COOLDOWN_SECONDS} s (${describeCooldown(ALERT_MIN_COOLDOWN_SECONDS)}) to ${ALERT_MAX_COOLDOWN_SECONDS / 86_400} days`;

interface FormValues {
  accountEmail: string;
  metric: AlertMetric;
  operator: AlertOperator;
  threshold: string;
  cooldownSeconds: string;
  channels: AlertChannel[];
  enabled: boolean;
}

function initialValues(rule: AlertRule | null, defaultAccount: string): FormValues {
  if (rule) {
    return {
      accountEmail: rule.accountEmail,
      metric: rule.metric,
      operator: rule.operator,
      threshold: String(rule.threshold),
      cooldownSeconds: String(rule.cooldownSeconds),
      channels: rule.channels,
      enabled: rule.enabled,
    };
  }
  return {
    accountEmail: defaultAccount,
    metric: 'totalBalance',
    operator: '>',
    threshold: '',
    cooldownSeconds: '300',
    channels: ['toast'],
    enabled: true,
  };
}

/** What the form's text fields must hold to be sent; the contract's schema checks the rest (ranges, channels). */
function formProblems(values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.accountEmail) errors.accountEmail = 'Pick an account';
  if (values.threshold.trim() === '' || !Number.isFinite(Number(values.threshold))) errors.threshold = 'Enter a number';
  if (values.cooldownSeconds.trim() === '' || !Number.isInteger(Number(values.cooldownSeconds)))
    errors.cooldownSeconds = 'Whole seconds';
  return errors;
}

/** The fields both createAlertRule and updateAlertRule take, from the form. */
function ruleBody(values: FormValues) {
  return {
    metric: values.metric,
    operator: values.operator,
    threshold: Number(values.threshold),
    cooldownSeconds: Number(values.cooldownSeconds),
    channels: values.channels,
    enabled: values.enabled,
  };
}

/** The form checked with createAlertRule's schema, or updateAlertRule's for an existing rule; the form's own checks win. */
type RuleInput = RpcInputs['createAlertRule'] | RpcInputs['updateAlertRule'];

function ruleResolver(ruleId?: string): Resolver<FormValues, unknown, RuleInput> {
  return ruleId
    ? rpcResolver('updateAlertRule', (values: FormValues) => ({ id: ruleId, ...ruleBody(values) }), formProblems)
    : rpcResolver(
        'createAlertRule',
        (values: FormValues) => ({ accountEmail: values.accountEmail, ...ruleBody(values) }),
        formProblems,
      );
}

/** The form's problems, then the contract's (createAlertRule or updateAlertRule), by field. */
export function validateRule(values: FormValues, ruleId?: string): Promise<Record<string, string>> {
  return resolverProblems(ruleResolver(ruleId), values);
}

/** Create or edit an alert rule. `rule` null creates; the account of an existing rule is fixed. */
export function RuleDialog({
  open,
  onOpenChange,
  rule,
  accounts,
  defaultAccount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rule: AlertRule | null;
  accounts: Account[];
  defaultAccount: string;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} testId="rule-dialog">
      <RuleForm
        key={rule?.id ?? 'new'}
        rule={rule}
        accounts={accounts}
        defaultAccount={defaultAccount}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

function RuleForm({
  rule,
  accounts,
  defaultAccount,
  onDone,
}: {
  rule: AlertRule | null;
  accounts: Account[];
  defaultAccount: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, RuleInput>({
    defaultValues: initialValues(rule, defaultAccount),
    resolver: ruleResolver(rule?.id),
  });
  const metric = useWatch({ control: form.control, name: 'metric' });

  async function save(input: RuleInput) {
    await ('id' in input ? rpc.updateAlertRule(input) : rpc.createAlertRule(input));
    void queryClient.invalidateQueries({ queryKey: orpc.listAlertRules.key() });
    toast.success(rule ? 'Alert rule saved' : 'Alert rule created');
    onDone();
  }

  const { unit, hint: metricHint } = metricUnit(metric);

  return (
    <DialogForm
      form={form}
      onSubmit={save}
      failed="Could not save the rule"
      onCancel={onDone}
      title={rule ? 'Edit alert rule' : 'New alert rule'}
      description="Get notified when a metric of an account passes a threshold."
      submitLabel={rule ? 'Save rule' : 'Create rule'}
      submitTestId="rule-submit"
    >
      <SelectField
        control={form.control}
        name="accountEmail"
        label="Account"
        disabled={!!rule}
        hint={rule ? 'The account of a rule cannot change; create a new rule instead.' : undefined}
        data-testid="rule-account"
      >
        {rule && !accounts.some((a) => a.email === rule.accountEmail) ? (
          <option value={rule.accountEmail}>{rule.accountEmail}</option>
        ) : null}
        {accounts.map((account) => (
          <option key={account.id} value={account.email}>
            {account.label ? `${account.label} — ${account.email}` : account.email}
          </option>
        ))}
      </SelectField>

      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField control={form.control} name="metric" label="Metric" data-testid="rule-metric">
          <Options values={ALERT_METRIC_KEYS} label={metricLabel} />
        </SelectField>
        <SelectField control={form.control} name="operator" label="Condition" data-testid="rule-operator">
          <Options choices={OPERATORS} />
        </SelectField>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="threshold"
          label="Threshold"
          inputMode="decimal"
          hint={metricHint ? `In ${unit}. ${metricHint}` : `In ${unit}`}
          className="tabular"
          data-testid="rule-threshold"
        />
        <TextField
          control={form.control}
          name="cooldownSeconds"
          label="Cooldown (seconds)"
          inputMode="numeric"
          hint={COOLDOWN_HINT}
          className="tabular"
          data-testid="rule-cooldown"
        />
      </div>

      <CheckboxesField
        control={form.control}
        name="channels"
        legend="Channels"
        className="gap-2"
        listClassName="grid gap-2"
        options={CHANNELS.map((channel) => ({ ...channel, testId: `rule-channel-${channel.value}` }))}
      />

      <SwitchField
        control={form.control}
        name="enabled"
        label="Enabled"
        className="flex items-center gap-2"
        data-testid="rule-enabled"
      />
    </DialogForm>
  );
}
