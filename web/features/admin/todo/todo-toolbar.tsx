import { ComboboxField } from '~/components/ui/combobox';
import { ChoiceField, type Choice } from '~/components/ui/select-field';
import { assigneeOptions, type Assignee } from './todo-editor';
import { PRIORITIES_DESC, PRIORITY_LABEL, type TodoFilters } from './todo-view';

const STATUS_CHOICES: Choice<TodoFilters['status']>[] = [
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
];
const PRIORITY_CHOICES: Choice<TodoFilters['priority']>[] = [
  { value: 'all', label: 'Any' },
  ...PRIORITIES_DESC.map((p) => ({ value: p, label: PRIORITY_LABEL[p] })),
];
const SORT_CHOICES: Choice<TodoFilters['sort']>[] = [
  { value: 'due', label: 'Due date' },
  { value: 'priority', label: 'Priority' },
];

type ChoiceKey = 'status' | 'priority' | 'sort';
/** The select filters, in toolbar order: one ChoiceField each. */
const CHOICE_FILTERS: { key: ChoiceKey; label: string; options: Choice<TodoFilters[ChoiceKey]>[]; testId: string }[] = [
  { key: 'status', label: 'Status', options: STATUS_CHOICES, testId: 'todo-filter-status' },
  { key: 'priority', label: 'Priority', options: PRIORITY_CHOICES, testId: 'todo-filter-priority' },
  { key: 'sort', label: 'Sort by', options: SORT_CHOICES, testId: 'todo-sort' },
];

/** Filters (assignee, status, priority) and the sort order. */
export function TodoToolbar({
  filters,
  assignees,
  onChange,
}: {
  filters: TodoFilters;
  assignees: Assignee[];
  onChange: (next: Partial<TodoFilters>) => void;
}) {
  const field = 'grid gap-1 text-xs';
  return (
    <div className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="todo-toolbar">
      <ComboboxField
        label="Assignee"
        noun="assignee"
        fieldClassName={field}
        value={filters.assignee}
        options={[
          { value: 'all', label: 'Everyone' },
          { value: 'unassigned', label: 'Unassigned' },
          ...assigneeOptions(assignees),
        ]}
        onChange={(assignee) => onChange({ assignee })}
        testId="todo-filter-assignee"
      />
      {CHOICE_FILTERS.map(({ key, label, options, testId }) => (
        <ChoiceField
          key={key}
          label={label}
          fieldClassName={field}
          value={filters[key]}
          options={options as Choice<string>[]}
          onChange={(value) => onChange({ [key]: value } as Partial<TodoFilters>)}
          data-testid={testId}
        />
      ))}
    </div>
  );
}
