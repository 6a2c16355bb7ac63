import { TODO_PRIORITIES, type TodoPriority } from '@contract/enums';
import type { TodoEvent, TodoItem } from '@contract/todo';

export type { TodoEvent, TodoItem };
export type TodoStatusFilter = 'all' | 'open' | 'done';
export type TodoSort = 'due' | 'priority';

export interface TodoFilters {
  /** A user id, 'unassigned', or 'all'. */
  assignee: string;
  status: TodoStatusFilter;
  priority: TodoPriority | 'all';
  sort: TodoSort;
}

export const DEFAULT_FILTERS: TodoFilters = { assignee: 'all', status: 'open', priority: 'all', sort: 'due' };

export const PRIORITY_LABEL: Record<TodoPriority, string> = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' };
/** Most urgent first, for the priority picker and filter. */
export const PRIORITIES_DESC = [...TODO_PRIORITIES].reverse();

/** Today as the browser's calendar day, YYYY-MM-DD (due dates are calendar days). */
export function localDay(now: number | Date = new Date()) {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function isOverdue(item: Pick<TodoItem, 'done' | 'dueDate'>, today: string) {
  return !item.done && item.dueDate !== null && item.dueDate < today;
}

const rank = (p: TodoPriority) => TODO_PRIORITIES.indexOf(p);
/** Items without a due date go last. */
const byDue = (a: TodoItem, b: TodoItem) => (a.dueDate ?? '9999-99-99').localeCompare(b.dueDate ?? '9999-99-99');
const byPriority = (a: TodoItem, b: TodoItem) => rank(b.priority) - rank(a.priority);

/** The list as filtered and sorted; `keepId` (the item being edited) stays even when it stops matching. */
export function viewTodos(items: TodoItem[], filters: TodoFilters, keepId?: string | null): TodoItem[] {
  const shown = items.filter(
    (item) =>
      item.id === keepId ||
      (filters.assignee === 'all' ||
        (filters.assignee === 'unassigned' ? item.assigneeId === null : item.assigneeId === filters.assignee)) &&
      (filters.status === 'all' || item.done === (filters.status === 'done')) &&
      (filters.priority === 'all' || item.priority === filters.priority),
  );
  const [first, second] = filters.sort === 'due' ? [byDue, byPriority] : [byPriority, byDue];
  return shown.sort((a, b) => first(a, b) || second(a, b) || b.createdAt - a.createdAt);
}

/** A live event applied to the cached list; an older copy never replaces a newer one. */
export function applyTodoEvent(items: TodoItem[] | undefined, event: TodoEvent): TodoItem[] | undefined {
  if (!items) return items;
  if (event.kind === 'delete') return items.filter((i) => i.id !== event.id);
  const existing = items.find((i) => i.id === event.item.id);
  if (!existing) return [event.item, ...items];
  if (existing.version >= event.item.version) return items;
  return items.map((i) => (i.id === event.item.id ? event.item : i));
}
