import type { User } from '@contract/types';
import { requiredContext } from '~/lib/required-context';
import type { UserChanges } from './user-changes';

export interface UsersTableActions {
  me: User;
  /** Asks for confirmation first when the change lowers access. */
  requestChange: (user: User, changes: UserChanges) => void;
  /** Id of the row whose change is in flight. */
  pendingId: string | null;
}

export const [UsersTableContext, useUsersTable] = requiredContext<UsersTableActions>('UsersTableContext');
