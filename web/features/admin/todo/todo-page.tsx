import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PlusIcon } from '~/components/layout/icons';
import { PageHeader } from '~/components/layout/page';
import { Button } from '~/components/ui/button';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { ConnectionBadge } from '~/components/ui/connection-badge';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { Spinner } from '~/components/ui/spinner';
import { useTodoActions } from './todo-actions';
import { TodoEditor } from './todo-editor';
import { todoAssigneesQuery, todoItemsQuery, useTodoLive } from './todo-queries';
import { TodoRow } from './todo-row';
import { TodoToolbar } from './todo-toolbar';
import { DEFAULT_FILTERS, isOverdue, localDay, viewTodos, type TodoFilters, type TodoItem } from './todo-view';

/** Keys typed into a field, or while a dialog is open, are not shortcuts. */
function isShortcutTarget(event: KeyboardEvent) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false;
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="alertdialog"], [role="dialog"]')) return false;
  return !document.querySelector('[role="alertdialog"]');
}

/** The admins' shared todo list: live for everyone who has it open. */
export function TodoPage() {
  const items = useQuery(todoItemsQuery);
  const assignees = useQuery(todoAssigneesQuery);
  const stream = useTodoLive();
  const actions = useTodoActions();
  const [filters, setFilters] = useState<TodoFilters>(DEFAULT_FILTERS);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const today = localDay();
  const shown = viewTodos(items.data ?? [], filters, editing);

  const askDelete = (item: TodoItem) =>
    setConfirmation({
      title: 'Delete this item?',
      description: `“${item.title}” is removed for every admin. This cannot be undone.`,
      action: 'Delete',
      onConfirm: () => void actions.remove(item),
    });

  const latest = useRef({ shown, selected, actions });
  useEffect(() => {
    latest.current = { shown, selected, actions };
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isShortcutTarget(event)) return;
      const { shown: list, selected: id, actions: act } = latest.current;
      const current = list.find((i) => i.id === id) ?? list[0];
      if (event.key === 'n') setEditing('new');
      else if (event.key === 'e' && current) setEditing(current.id);
      else if (event.key === 'x' && current) void act.toggleDone(current);
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const closeEditor = () => {
    const id = editing;
    setEditing(null);
    // Back to the row that was edited, so e and x keep working on it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="todo-row-${id}"]`)?.focus());
  };
  const assigneeList = assignees.data ?? [];

  let body;
  if (items.isPending) body = <Spinner label="Loading the todo list" />;
  else if (items.isError) body = <QueryError query={items} what="the todo list" />;
  else if (shown.length === 0)
    body = (
      <EmptyState title={items.data.length === 0 ? 'Nothing to do yet' : 'No item matches these filters'} testId="todo-empty">
        {items.data.length === 0 ? 'Press n or “New item” to add the first one.' : 'Change the filters above to see more.'}
      </EmptyState>
    );
  else
    body = (
      <ul className="grid gap-2" aria-label="Todo items" data-testid="todo-list">
        {shown.map((item) =>
          editing === item.id ? (
            <li key={item.id}>
              <TodoEditor item={item} assignees={assigneeList} onClose={closeEditor} />
            </li>
          ) : (
            <TodoRow
              key={item.id}
              item={item}
              overdue={isOverdue(item, today)}
              selected={selected === item.id}
              onSelect={() => setSelected(item.id)}
              onToggle={() => void actions.toggleDone(item)}
              onEdit={() => setEditing(item.id)}
              onDelete={() => askDelete(item)}
            />
          ),
        )}
      </ul>
    );

  return (
    <>
      <PageHeader
        title="Todo List"
        description="The desk’s shared list. Changes by any admin show here at once. Keys: n new, e edit, x done."
        actions={
          <>
            <ConnectionBadge state={stream} />
            <Button size="sm" onClick={() => setEditing('new')} data-testid="todo-new" aria-keyshortcuts="n">
              <PlusIcon />
              New item
            </Button>
          </>
        }
      />
      <TodoToolbar filters={filters} assignees={assigneeList} onChange={(next) => setFilters((f) => ({ ...f, ...next }))} />
      {editing === 'new' ? (
        <div className="mb-3">
          <TodoEditor assignees={assigneeList} onClose={() => setEditing(null)} />
        </div>
      ) : null}
      {body}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
