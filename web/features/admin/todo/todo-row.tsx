import { PencilIcon, TrashIcon } from '~/components/layout/icons';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { DueDate, PriorityBadge } from './todo-fields';
import type { TodoItem } from './todo-view';

interface RowProps {
  item: TodoItem;
  overdue: boolean;
  selected: boolean;
  onSelect: () => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One item: done box, title and notes, who/when/priority, edit and delete. Focus selects it (e, x). */
export function TodoRow({ item, overdue, selected, onSelect, onToggle, onEdit, onDelete }: RowProps) {
  return (
    <li
      tabIndex={0}
      onFocus={onSelect}
      onClick={onSelect}
      aria-label={item.title}
      aria-current={selected || undefined}
      data-testid={`todo-row-${item.id}`}
      data-done={item.done}
      className={cn(
        'flex items-start gap-3 rounded-lg border bg-card p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring/60',
        selected ? 'border-primary/50' : 'border-border',
        overdue && 'border-l-4 border-l-destructive',
      )}
    >
      <input
        type="checkbox"
        checked={item.done}
        onChange={onToggle}
        aria-label={`Done: ${item.title}`}
        className="mt-1 size-4 shrink-0 accent-primary"
        data-testid="todo-done"
      />
      <div className="min-w-0 flex-1">
        <p className={cn('font-medium break-words', item.done && 'text-muted-foreground line-through')} data-testid="todo-title">
          {item.title}
        </p>
        {item.notes ? (
          <p className="mt-0.5 line-clamp-3 text-sm whitespace-pre-wrap text-muted-foreground" data-testid="todo-notes">
            {item.notes}
          </p>
        ) : null}
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <PriorityBadge priority={item.priority} />
          <DueDate item={item} overdue={overdue} />
          <span className="text-muted-foreground" data-testid="todo-assignee">
            {item.assigneeName ?? 'Unassigned'}
          </span>
          {item.createdByName ? <span className="text-muted-foreground">added by {item.createdByName}</span> : null}
        </div>
      </div>
      <span className="flex shrink-0 gap-1">
        <Button size="xs" variant="ghost" onClick={onEdit} aria-label={`Edit ${item.title}`} data-testid="todo-edit">
          <PencilIcon />
          <span className="hidden sm:inline">Edit</span>
        </Button>
        <Button
          size="xs"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={onDelete}
          aria-label={`Delete ${item.title}`}
          data-testid="todo-delete"
        >
          <TrashIcon />
          <span className="hidden sm:inline">Delete</span>
        </Button>
      </span>
    </li>
  );
}
