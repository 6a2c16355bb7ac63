import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requiredContext } from '~/lib/required-context';
import { toast } from 'sonner';
import { Badge } from '~/components/ui/badge';
import { RowActions } from '~/components/ui/row-actions';
import { DataTable, nullableCell, sortableColumnHelper, spanCell } from '~/components/ui/data-table';
import { Switch } from '~/components/ui/switch';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { CHANNELS, describeCondition, describeCooldown, formatMetricValue, metricLabel, type AlertRule } from './alert-format';

interface RuleActions {
  edit: (rule: AlertRule) => void;
  remove: (rule: AlertRule) => void;
}

const [RuleActionsContext, useRuleActions] = requiredContext<RuleActions>('RuleActionsContext');

function EnabledCell({ rule }: { rule: AlertRule }) {
  const queryClient = useQueryClient();
  const toggle = useMutation(
    orpc.updateAlertRule.mutationOptions({
      onSuccess: (updated) => toast.success(`${updated.enabled ? 'Enabled' : 'Paused'}: ${describeCondition(updated)}`),
      onError: (error) => toast.error(errorMessage(error, 'Could not change the rule')),
      onSettled: () => queryClient.invalidateQueries({ queryKey: orpc.listAlertRules.key() }),
    }),
  );
  const checked = toggle.isPending ? !!toggle.variables?.enabled : rule.enabled;
  return (
    <Switch
      checked={checked}
      disabled={toggle.isPending}
      onCheckedChange={(enabled) => toggle.mutate({ id: rule.id, enabled })}
      aria-label={`Enabled: ${describeCondition(rule)}`}
      data-testid={`rule-enabled-${rule.id}`}
    />
  );
}

function ActionsCell({ rule }: { rule: AlertRule }) {
  const { edit, remove } = useRuleActions();
  return (
    <RowActions
      label={describeCondition(rule)}
      onEdit={() => edit(rule)}
      onDelete={() => remove(rule)}
      testId={`rule-${rule.id}`}
    />
  );
}

const helper = sortableColumnHelper<AlertRule>();

const columns = helper.columns([
  helper.accessor('accountEmail', { header: 'Account', sortFn: 'alphanumeric', cell: spanCell('text-muted-foreground') }),
  helper.accessor((rule) => describeCondition(rule), {
    id: 'condition',
    header: 'Condition',
    sortFn: 'alphanumeric',
    cell: (info) => <span className="font-medium">{info.getValue()}</span>,
  }),
  helper.accessor('cooldownSeconds', {
    header: 'Cooldown',
    meta: { align: 'right' },
    cell: (info) => <span className="tabular">{describeCooldown(info.getValue())}</span>,
  }),
  helper.accessor((rule) => rule.channels.join(','), {
    id: 'channels',
    header: 'Channels',
    sortFn: 'alphanumeric',
    cell: (info) => (
      <span className="flex gap-1">
        {info.row.original.channels.map((channel) => (
          <Badge key={channel} tone={channel === 'toast' ? 'primary' : 'neutral'}>
            {CHANNELS.find((c) => c.value === channel)?.label ?? channel}
          </Badge>
        ))}
      </span>
    ),
  }),
  helper.accessor('lastValue', {
    header: 'Last value',
    meta: { align: 'right' },
    sortUndefined: 'last',
    cell: nullableCell((value: number, rule: AlertRule) => (
      <span className="tabular" title={`${metricLabel(rule.metric)} at the last check`}>
        {formatMetricValue(rule.metric, value)}
      </span>
    )),
  }),
  helper.accessor('lastFiredAt', {
    header: 'Last fired',
    meta: { align: 'right' },
    sortUndefined: 'last',
    cell: nullableCell((value: number) => <span className="tabular">{formatDateTime(value)}</span>, 'Never'),
  }),
  helper.accessor('enabled', {
    header: 'Enabled',
    meta: { align: 'center' },
    cell: (info) => <EnabledCell rule={info.row.original} />,
  }),
  helper.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (info) => <ActionsCell rule={info.row.original} />,
  }),
]);

/** The caller's alert rules: sortable, with enable switch, edit and delete per row. */
export function AlertRulesTable({ rules, actions }: { rules: AlertRule[]; actions: RuleActions }) {
  return (
    <RuleActionsContext.Provider value={actions}>
      <DataTable
        label="Alert rules"
        testId="alert-rules-table"
        columns={columns}
        data={rules}
        initialSorting={[{ id: 'accountEmail', desc: false }]}
        rowLabel={(rule) => `${rule.accountEmail}: ${describeCondition(rule)}`}
        rowTestId={(rule) => `alert-rule-${rule.id}`}
        rowClassName={(rule) => (rule.enabled ? undefined : 'text-muted-foreground')}
        containerClassName="max-h-[24rem]"
      />
    </RuleActionsContext.Provider>
  );
}
