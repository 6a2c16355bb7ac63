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
      <ChoiceField
        label="Status"
        fieldClassName={field}
        value={filters.status}
        options={STATUS_CHOICES}
        onChange={(status) => onChange({ status })}
        data-testid="todo-filter-status"
      />
      <ChoiceField
        label="Priority"
        fieldClassName={field}
        value={filters.priority}
        options={PRIORITY_CHOICES}
        onChange={(priority) => onChange({ priority })}
        data-testid="todo-filter-priority"
      />
      <ChoiceField
        label="Sort by"
        fieldClassName={field}
        value={filters.sort}
        options={SORT_CHOICES}
        onChange={(sort) => onChange({ sort })}
        data-testid="todo-sort"
      />
    </div>
  );
}
