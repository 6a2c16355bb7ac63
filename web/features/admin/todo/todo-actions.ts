import { toast } from 'sonner';
import { errorMessage } from '~/lib/http-error';
import { rpc } from '~/lib/rpc';
import { conflictCurrent } from './todo-conflict';
import { useTodoCache } from './todo-queries';
import type { TodoItem } from './todo-view';

/** Done toggle and delete, both based on the version on screen; a conflict shows what the item is now. */
export function useTodoActions() {
  const cache = useTodoCache();
  const refused = (error: unknown, what: string) => {
    const current = conflictCurrent(error);
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
      try {
        const saved = await rpc.updateTodoItem({ id: item.id, version: item.version, done: !item.done });
        cache.upsert(saved);
        toast.success(`${saved.done ? 'Done' : 'Reopened'}: ${saved.title}`);
      } catch (error) {
        refused(error, 'change the item');
      }
    },
    remove: async (item: TodoItem) => {
      try {
        await rpc.deleteTodoItem({ id: item.id, version: item.version });
        cache.remove(item.id);
        toast.success(`Deleted: ${item.title}`);
      } catch (error) {
        refused(error, 'delete');
      }
    },
  };
}
