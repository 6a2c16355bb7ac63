import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable, sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { Switch } from '~/components/ui/switch';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { customRulesQuery, newsSettingsApi, newsSettingsKeys, type CustomRule } from '~/lib/news-settings-api';
import {
  ConfirmDialog,
  EmptyState,
  QueryState,
  ReadOnlyNote,
  RowActions,
  SettingsSection,
  useCanEdit,
  type Confirmation,
} from './common';
import { RuleDialog } from './rule-dialog';
import { describeActions, describeConditions } from './rule-format';

interface RuleActionsValue {
  canEdit: boolean;
  open: (rule: CustomRule) => void;
  remove: (rule: CustomRule) => void;
}

const RulesContext = createContext<RuleActionsValue | null>(null);
function useRules() {
  const value = useContext(RulesContext);
  if (!value) throw new Error('RulesContext missing');
  return value;
}

function EnabledCell({ rule }: { rule: CustomRule }) {
  const { canEdit } = useRules();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => newsSettingsApi.updateCustomRule(rule.id, { enabled }),
    onSuccess: (updated) => toast.success(`${updated.enabled ? 'Enabled' : 'Paused'} rule ${updated.name}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not change the rule')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.customRules }),
  });
  const checked = toggle.isPending ? !!toggle.variables : rule.enabled;
  return (
    <Switch
      checked={checked}
      disabled={!canEdit || toggle.isPending}
      onCheckedChange={(enabled) => toggle.mutate(enabled)}
      aria-label={`Rule ${rule.name} enabled`}
      data-testid={`rule-enabled-${rule.id}`}
    />
  );
}

function ActionsCell({ rule }: { rule: CustomRule }) {
  const { canEdit, open, remove } = useRules();
  if (!canEdit) {
    return (
      <span className="flex justify-end">
        <Button size="xs" variant="ghost" onClick={() => open(rule)} aria-label={`View ${rule.name}`}>
          View
        </Button>
      </span>
    );
  }
  return <RowActions label={rule.name} onEdit={() => open(rule)} onDelete={() => remove(rule)} testId={`rule-${rule.id}`} />;
}

const helper = sortableColumnHelper<CustomRule>();
const columns: DataColumns<CustomRule> = helper.columns([
  helper.accessor('priority', {
    header: 'Order',
    meta: { align: 'right' },
    cell: (info) => <span className="tabular text-muted-foreground">{info.getValue()}</span>,
  }),
  helper.accessor('name', {
    header: 'Name',
    sortFn: 'alphanumeric',
    cell: (info) => <span className="font-medium">{info.getValue()}</span>,
  }),
  helper.accessor((rule) => describeConditions(rule.conditions).join(' and '), {
    id: 'conditions',
    header: 'When',
    sortFn: 'alphanumeric',
    cell: (info) => (
      <span className="block max-w-[26rem] truncate text-muted-foreground" title={info.getValue()}>
        {info.getValue() || '—'}
      </span>
    ),
  }),
  helper.accessor((rule) => describeActions(rule.actions).join(', '), {
    id: 'actions',
    header: 'Then',
    sortFn: 'alphanumeric',
    cell: (info) => (
      <span className="flex max-w-[22rem] flex-wrap gap-1">
        {describeActions(info.row.original.actions).map((part) => (
          <Badge key={part} tone={part.startsWith('→') ? 'primary' : 'neutral'}>
            {part}
          </Badge>
        ))}
      </span>
    ),
  }),
  helper.accessor('updatedAt', {
    header: 'Updated',
    meta: { align: 'right' },
    cell: (info) => <span className="tabular text-muted-foreground">{formatDateTime(info.getValue())}</span>,
  }),
  helper.accessor('enabled', {
    header: 'Enabled',
    meta: { align: 'center' },
    cell: (info) => <EnabledCell rule={info.row.original} />,
  }),
  helper.display({
    id: 'row-actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (info) => <ActionsCell rule={info.row.original} />,
  }),
]);

/** /news/settings/custom-rules: the rules table, an editor with a live test, delete with confirmation. */
export function CustomRulesPage() {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const query = useQuery(customRulesQuery);
  const [dialog, setDialog] = useState<{ rule: CustomRule | null } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const remove = useMutation({
    mutationFn: (rule: CustomRule) => newsSettingsApi.deleteCustomRule(rule.id),
    onSuccess: (_r, rule) => toast.success(`Deleted rule ${rule.name}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the rule')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.customRules }),
  });

  const actions = useMemo<RuleActionsValue>(
    () => ({
      canEdit,
      open: (rule) => setDialog({ rule }),
      remove: (rule) =>
        setConfirmation({
          title: `Delete rule ${rule.name}?`,
          description: 'New headlines are no longer checked against it. Headlines already stored keep what it did.',
          action: 'Delete rule',
          onConfirm: () => remove.mutate(rule),
        }),
    }),
    [canEdit, remove],
  );

  return (
    <RulesContext.Provider value={actions}>
      <SettingsSection
        title="Custom Rules"
        description="Conditions on source, text or symbols that set importance, mark garbage, forward to Telegram or play a sound. Lower order runs first."
        actions={
          canEdit ? (
            <Button size="sm" onClick={() => setDialog({ rule: null })} data-testid="add-rule">
              New rule
            </Button>
          ) : null
        }
        testId="custom-rules"
      >
        {canEdit ? null : <ReadOnlyNote what="the custom rules" />}
        <QueryState query={query} label="custom rules">
          {(rules) =>
            rules.length ? (
              <DataTable
                label="Custom rules"
                testId="rules-table"
                columns={columns}
                data={rules}
                getRowId={(rule) => rule.id}
                initialSorting={[{ id: 'priority', desc: false }]}
                rowLabel={(rule) => rule.name}
                rowTestId={(rule) => `rule-row-${rule.id}`}
                rowClassName={(rule) => (rule.enabled ? undefined : 'text-muted-foreground')}
                containerClassName="max-h-[calc(100dvh-18rem)]"
              />
            ) : (
              <EmptyState title="No custom rules yet." testId="rules-empty">
                {canEdit
                  ? 'Create one to raise importance, drop noise or forward headlines to Telegram.'
                  : 'An admin creates them.'}
              </EmptyState>
            )
          }
        </QueryState>
      </SettingsSection>
      <RuleDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        rule={dialog?.rule ?? null}
        readOnly={!canEdit}
      />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </RulesContext.Provider>
  );
}
