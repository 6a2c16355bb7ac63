import { useQuery } from '@tanstack/react-query';
import { serverFn } from '~/lib/server-fn';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { customRulesQuery } from './settings-queries';
import type { CustomRuleDto as CustomRule } from '@contract/server-fns/news-rules';
import { Badge } from '~/components/ui/badge';
import { sortableColumnHelper, spanCell, type DataColumns } from '~/components/ui/data-table';
import { formatDateTime } from '~/lib/format';
import { useCanEdit } from './common';
import { CrudSection, enabledColumn } from './crud-section';
import { RuleForm } from './rule-form';
import { describeActions, describeConditions } from './rule-format';

const helper = sortableColumnHelper<CustomRule>();
const columns: DataColumns<CustomRule> = helper.columns([
  helper.accessor('priority', { header: 'Order', meta: { align: 'right' }, cell: spanCell('tabular text-muted-foreground') }),
  helper.accessor('name', { header: 'Name', sortFn: 'alphanumeric', cell: spanCell('font-medium') }),
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
  enabledColumn(helper, (rule) => ({
    update: (enabled) => serverFn('updateCustomRule', { id: rule.id, updates: { enabled } }),
    done: (updated) => `${updated.enabled ? 'Enabled' : 'Paused'} rule ${updated.name}`,
    failed: 'Could not change the rule',
    label: `Rule ${rule.name} enabled`,
    testId: `rule-enabled-${rule.id}`,
  })),
]);

/** /news/settings/custom-rules: the rules table, an editor with a live test, delete with confirmation. */
export function CustomRulesPage() {
  const canEdit = useCanEdit();
  const query = useQuery(customRulesQuery);
  return (
    <CrudSection
      title="Custom Rules"
      description="Conditions on source, text or symbols that set importance, mark garbage, forward to Telegram or play a sound. Lower order runs first."
      testId="custom-rules"
      canEdit={canEdit}
      readOnlyNote="the custom rules"
      add={{ label: 'New rule', testId: 'add-rule' }}
      query={query}
      what="custom rules"
      table={{
        label: 'Custom rules',
        testId: 'rules-table',
        columns,
        initialSorting: [{ id: 'priority', desc: false }],
        rowLabel: (rule) => rule.name,
        rowTestId: (rule) => `rule-row-${rule.id}`,
        rowClassName: (rule) => (rule.enabled ? undefined : 'text-muted-foreground'),
        pageScroll: true,
      }}
      empty={{
        title: 'No custom rules yet.',
        testId: 'rules-empty',
        editorHint: 'Create one to raise importance, drop noise or forward headlines to Telegram.',
        readerHint: 'An admin creates them.',
      }}
      dialog={{ testId: 'rule-dialog', className: 'max-w-3xl', form: (rule) => <RuleForm rule={rule} readOnly={!canEdit} /> }}
      rowActions={{ testId: (rule) => `rule-${rule.id}`, viewable: true }}
      remove={{
        run: (rule) => serverFn('deleteCustomRule', { id: rule.id }),
        confirm: (rule) => ({
          title: `Delete rule ${rule.name}?`,
          description: 'New headlines are no longer checked against it. Headlines already stored keep what it did.',
          action: 'Delete rule',
        }),
        done: (rule) => `Deleted rule ${rule.name}`,
        failed: 'Could not delete the rule',
      }}
      invalidates={[newsSettingsKeys.customRules]}
    />
  );
}
