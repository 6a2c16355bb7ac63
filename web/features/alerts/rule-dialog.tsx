import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { METRIC_KEYS, METRICS, type Account, type MetricKey } from '~/shared/accounts/metrics';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import { rpcInputProblems } from '~/lib/input-problems';
import { orpc } from '~/lib/rpc';
import { FormField } from '~/components/ui/form-field';
import { SelectField } from '~/components/ui/select-field';
import { SwitchField } from '~/components/ui/switch-field';
import { ALERT_MAX_COOLDOWN_SECONDS, ALERT_MIN_COOLDOWN_SECONDS } from '@contract/patterns';
import { CHANNELS, describeCooldown, OPERATORS, type AlertChannel, type AlertOperator, type AlertRule } from './alert-format';

/** The contract's range (60 s to 7 days): a rule fires at most once per cooldown. */
export const COOLDOWN_HINT = `Quiet time after it fires: ${ALERT_MIN_COOLDOWN_SECONDS} s (${describeCooldown(ALERT_MIN_COOLDOWN_SECONDS)}) to ${ALERT_MAX_COOLDOWN_SECONDS / 86_400} days`;

interface FormValues {
  accountEmail: string;
  metric: MetricKey;
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
export function formProblems(values: FormValues): Record<string, string> {
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

/** The form's problems, then the contract's (createAlertRule or updateAlertRule), by field. */
export async function validateRule(values: FormValues, ruleId?: string): Promise<Record<string, string>> {
  const body = ruleBody(values);
  const fromContract = ruleId
    ? await rpcInputProblems('updateAlertRule', { id: ruleId, ...body })
    : await rpcInputProblems('createAlertRule', { accountEmail: values.accountEmail, ...body });
  return { ...fromContract, ...formProblems(values) };
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="rule-dialog" aria-describedby={undefined}>
        {open ? (
          <RuleForm
            key={rule?.id ?? 'new'}
            rule={rule}
            accounts={accounts}
            defaultAccount={defaultAccount}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
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
  const ids = { channels: useId() };
  const [values, setValues] = useState<FormValues>(() => initialValues(rule, defaultAccount));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const onError = (error: unknown) => {
    const fields = fieldErrors(error);
    setErrors(fields);
    setGeneral(
      Object.keys(fields).length ? 'Please correct the highlighted fields.' : errorMessage(error, 'Could not save the rule'),
    );
  };
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: orpc.listAlertRules.key() });
    toast.success(rule ? 'Alert rule saved' : 'Alert rule created');
    onDone();
  };
  const create = useMutation(orpc.createAlertRule.mutationOptions({ onSuccess, onError }));
  const update = useMutation(orpc.updateAlertRule.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: '' }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = await validateRule(values, rule?.id);
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length) return;
    const body = ruleBody(values);
    if (rule) update.mutate({ id: rule.id, ...body });
    else create.mutate({ accountEmail: values.accountEmail, ...body });
  }

  const kind = METRICS[values.metric].kind;
  const unit = kind === 'leverage' ? '× (e.g. 3 for 3×)' : 'USD';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>{rule ? 'Edit alert rule' : 'New alert rule'}</DialogTitle>
        <DialogDescription>Get notified when a metric of an account passes a threshold.</DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}

      <SelectField
        label="Account"
        value={values.accountEmail}
        onChange={(event) => set('accountEmail', event.target.value)}
        disabled={!!rule}
        error={errors.accountEmail || undefined}
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
        <SelectField
          label="Metric"
          value={values.metric}
          onChange={(event) => set('metric', event.target.value as MetricKey)}
          data-testid="rule-metric"
        >
          {METRIC_KEYS.map((key) => (
            <option key={key} value={key}>
              {METRICS[key].label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Condition"
          value={values.operator}
          onChange={(event) => set('operator', event.target.value as AlertOperator)}
          data-testid="rule-operator"
        >
          {OPERATORS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Threshold"
          name="threshold"
          inputMode="decimal"
          value={values.threshold}
          onChange={(event) => set('threshold', event.target.value)}
          error={errors.threshold || undefined}
          hint={`In ${unit}`}
          className="tabular"
          data-testid="rule-threshold"
        />
        <FormField
          label="Cooldown (seconds)"
          name="cooldownSeconds"
          inputMode="numeric"
          value={values.cooldownSeconds}
          onChange={(event) => set('cooldownSeconds', event.target.value)}
          error={errors.cooldownSeconds || undefined}
          hint={COOLDOWN_HINT}
          className="tabular"
          data-testid="rule-cooldown"
        />
      </div>

      <fieldset className="grid gap-2" aria-describedby={errors.channels ? `${ids.channels}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Channels</legend>
        {CHANNELS.map((channel) => (
          <label key={channel.value} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-[var(--color-primary)]"
              checked={values.channels.includes(channel.value)}
              onChange={(event) =>
                set(
                  'channels',
                  event.target.checked ? [...values.channels, channel.value] : values.channels.filter((c) => c !== channel.value),
                )
              }
              data-testid={`rule-channel-${channel.value}`}
            />
            <span>
              {channel.label}
              <span className="block text-xs text-muted-foreground">{channel.hint}</span>
            </span>
          </label>
        ))}
        {errors.channels ? (
          <p id={`${ids.channels}-error`} className="text-xs font-medium text-destructive">
            {errors.channels}
          </p>
        ) : null}
      </fieldset>

      <SwitchField
        label="Enabled"
        className="flex items-center gap-2"
        checked={values.enabled}
        onCheckedChange={(checked) => set('enabled', checked)}
        data-testid="rule-enabled"
      />

      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} data-testid="rule-submit">
          {pending ? <Spinner label="Saving" /> : null}
          {rule ? 'Save rule' : 'Create rule'}
        </Button>
      </DialogFooter>
    </form>
  );
}
