import { queryOptions } from '@tanstack/react-query';
import { errorStatus } from './http-error';
import { serverFn } from './server-fn';
import { hadSession, setHadSession } from './session-hint';
import type { User } from '@contract/types';
import { USER_QUERY_KEY } from './user-query-key';

/**
 * The signed-in user, or null for anonymous visitors. A browser that has (had) a session asks
 * getCurrentUser, which refreshes an expired access token and re-issues changed claims. A browser
 * that never signed in asks the public getUser server function instead: same answer (null, or the
 * user if cookies exist after all), without a 401 in the console on every anonymous page view.
 */
export const userQuery = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: async (): Promise<User | null> => {
    try {
      // The RPC client loads with the first signed-in call: anonymous pages (/login) never ship it.
      const user = hadSession() ? await import('./rpc').then(({ rpc }) => rpc.getCurrentUser()) : await serverFn('getUser');
      setHadSession(user !== null);
      return user;
    } catch (error) {
      if (errorStatus(error) === 401) {
        setHadSession(false);
        return null;
      }
      throw error;
    }
  },
});

export const isAdminRole = (role: User['role'] | undefined) => role === 'admin' || role === 'superadmin';

/** What a user may open (docs/PRODUCT-RULES.md §3). Route guards and the navigation share these rules. */
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
