import { errorStatus } from '~/lib/http-error';
import type { TodoItem } from './todo-view';

/** The current item carried by a 409 CONFLICT (someone saved first), if that is what the error is. */
export function conflictCurrent(error: unknown): TodoItem | null {
  if (errorStatus(error) !== 409) return null;
  const current = (error as { data?: { current?: TodoItem } }).data?.current;
  return current && typeof current === 'object' ? current : null;
}
