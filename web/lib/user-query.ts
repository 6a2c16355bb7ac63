import { queryOptions } from '@tanstack/react-query';
import { errorStatus } from './http-error';
import { rpc } from './rpc';
import { setHadSession } from './session-hint';
import type { User } from './types';
import { USER_QUERY_KEY } from './user-query-key';

/** The signed-in user, or null for anonymous visitors (getCurrentUser answers 401). */
export const userQuery = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: async (): Promise<User | null> => {
    try {
      const user = await rpc.getCurrentUser();
      setHadSession(true);
      return user;
    } catch (error) {
      if (errorStatus(error) === 401) return null;
      throw error;
    }
  },
});

export const isAdminRole = (role: User['role'] | undefined) => role === 'admin' || role === 'superadmin';

/** What a user may open (SPEC.md §6). Route guards and the navigation share these rules. */
export function permissions(user: User | null | undefined) {
  const approved = !!user?.approved && !user.disabled;
  return {
    signedIn: !!user,
    approved,
    riskTeam: approved && !!user?.isRiskTeam,
    admin: approved && isAdminRole(user?.role),
    terminal: approved && !!user?.can_use_terminal,
  };
}
