import { ComboboxField } from '~/components/ui/combobox';
import { SelectField } from '~/components/ui/select-field';
import { assigneeOptions, type Assignee } from './todo-editor';
import { PRIORITIES_DESC, PRIORITY_LABEL, type TodoFilters } from './todo-view';

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
      <SelectField
        label="Status"
        fieldClassName={field}
        value={filters.status}
        onChange={(e) => onChange({ status: e.target.value as TodoFilters['status'] })}
        data-testid="todo-filter-status"
      >
        <option value="open">Open</option>
        <option value="done">Done</option>
        <option value="all">All</option>
      </SelectField>
      <SelectField
        label="Priority"
        fieldClassName={field}
        value={filters.priority}
        onChange={(e) => onChange({ priority: e.target.value as TodoFilters['priority'] })}
        data-testid="todo-filter-priority"
      >
        <option value="all">Any</option>
        {PRIORITIES_DESC.map((p) => (
          <option key={p} value={p}>
            {PRIORITY_LABEL[p]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Sort by"
        fieldClassName={field}
        value={filters.sort}
        onChange={(e) => onChange({ sort: e.target.value as TodoFilters['sort'] })}
        data-testid="todo-sort"
      >
        <option value="due">Due date</option>
        <option value="priority">Priority</option>
      </SelectField>
    </div>
  );
}
