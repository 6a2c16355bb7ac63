import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useEventStream } from '~/lib/event-stream';
import { orpc, rpc } from '~/lib/rpc';
import { applyTodoEvent, type TodoEvent, type TodoItem } from './todo-view';

/** The whole list (filters and sort apply in the browser, so live changes show at once). */
export const todoItemsQuery = orpc.listTodoItems.queryOptions({ input: { status: 'all' } });
export const todoAssigneesQuery = orpc.listTodoAssignees.queryOptions();

/** Puts a fresh copy of an item (a write's answer, a conflict's current item) into the list. */
export function useTodoCache() {
  const queryClient = useQueryClient();
  const apply = (event: TodoEvent) =>
    queryClient.setQueryData<TodoItem[]>(todoItemsQuery.queryKey, (items) => applyTodoEvent(items, event));
  return { upsert: (item: TodoItem) => apply({ kind: 'upsert', item }), remove: (id: string) => apply({ kind: 'delete', id }) };
}

/**
 * Every admin's changes, live. A reconnection resumes where it left off (the hub replays what was
 * missed); the first connection and a reset by the hub refetch the list instead.
 */
export function useTodoLive() {
  const queryClient = useQueryClient();
  const stream = useEventStream<TodoEvent>({
    key: 'todo',
    open: (signal, lastEventId) => rpc.streamTodo(undefined, { signal, lastEventId }),
    onEvent: (event) => queryClient.setQueryData<TodoItem[]>(todoItemsQuery.queryKey, (items) => applyTodoEvent(items, event)),
    onReset: () => void queryClient.invalidateQueries({ queryKey: todoItemsQuery.queryKey }),
  });
  const live = stream.status === 'live';
  const connectedOnce = useRef(false);
  useEffect(() => {
    if (!live || connectedOnce.current) return;
    connectedOnce.current = true;
    void queryClient.invalidateQueries({ queryKey: todoItemsQuery.queryKey });
  }, [live, queryClient]);
  return stream;
}
