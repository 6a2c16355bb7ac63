import { safe } from '@orpc/client';
import { toast } from 'sonner';
import { errorMessage } from '~/lib/http-error';
import { rpc } from '~/lib/rpc';
import { useTodoCache } from './todo-queries';
import type { TodoItem } from './todo-view';

/** Done toggle and delete, both based on the version on screen; a conflict shows what the item is now. */
export function useTodoActions() {
  const cache = useTodoCache();
  /** `current`: the item as it is now, when the write was refused because someone saved first (409). */
  const refused = (error: unknown, current: TodoItem | null, what: string) => {
    if (!current) return void toast.error(errorMessage(error, `Could not ${what}`));
    cache.upsert(current);
    toast.error(`Someone else changed “${current.title}” first`, {
      description: `It now reads: ${current.done ? 'done' : 'open'}, ${current.priority} priority, ${
        current.assigneeName ?? 'unassigned'
      }. Nothing was ${what === 'delete' ? 'deleted' : 'changed'}; check it and try again.`,
    });
  };
  return {
    toggleDone: async (item: TodoItem) => {
      const [error, saved, isDefined] = await safe(rpc.updateTodoItem({ id: item.id, version: item.version, done: !item.done }));
      if (error) return refused(error, isDefined && error.code === 'CONFLICT' ? error.data.current : null, 'change the item');
      cache.upsert(saved);
      toast.success(`${saved.done ? 'Done' : 'Reopened'}: ${saved.title}`);
    },
    remove: async (item: TodoItem) => {
      const [error, , isDefined] = await safe(rpc.deleteTodoItem({ id: item.id, version: item.version }));
      if (error) return refused(error, isDefined && error.code === 'CONFLICT' ? error.data.current : null, 'delete');
      cache.remove(item.id);
      toast.success(`Deleted: ${item.title}`);
    },
  };
}
