import { createContext, useContext } from 'react';
import type { User } from '@contract/types';
import type { UserChanges } from './user-changes';

export interface UsersTableActions {
  me: User;
  /** Asks for confirmation first when the change lowers access. */
  requestChange: (user: User, changes: UserChanges) => void;
  /** Id of the row whose change is in flight. */
  pendingId: string | null;
}

export const UsersTableContext = createContext<UsersTableActions | null>(null);

export function useUsersTable() {
  const value = useContext(UsersTableContext);
  if (!value) throw new Error('UsersTableContext missing');
  return value;
}
