import { AlertTriangleIcon } from '~/components/layout/icons';
import { Badge } from '~/components/ui/badge';
import { cn } from '~/lib/cn';
import { PRIORITY_LABEL, type TodoItem } from './todo-view';

const PRIORITY_TONE = { low: 'neutral', normal: 'primary', high: 'warning', urgent: 'destructive' } as const;

export function PriorityBadge({ priority }: { priority: TodoItem['priority'] }) {
  return (
    <Badge tone={PRIORITY_TONE[priority]} data-testid="todo-priority">
      {PRIORITY_LABEL[priority]}
    </Badge>
  );
}

export function formatDay(day: string) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The due day; past due (and not done) says so in words and with an icon, not colour alone. */
export function DueDate({ item, overdue }: { item: TodoItem; overdue: boolean }) {
  if (!item.dueDate) return <span className="text-muted-foreground">No due date</span>;
  return (
    <span className={cn('inline-flex items-center gap-1 tabular', overdue && 'font-medium text-destructive')}>
      {overdue ? <AlertTriangleIcon className="size-3.5 shrink-0" aria-hidden="true" /> : null}
      {overdue ? <span data-testid="todo-overdue">Overdue ·</span> : <span className="sr-only">Due</span>}
      <time dateTime={item.dueDate}>{formatDay(item.dueDate)}</time>
    </span>
  );
}
