import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '~/lib/rpc';
import type { User } from '@contract/types';

const PAGE_SIZE = 100;
const MAX_PAGES = 50;

/**
 * Every user by id, to name the users assigned to an account (listExchangeAccounts only returns
 * their ids). Read with listUsers, 100 per page.
 */
export const userDirectoryKey = ['admin', 'user-directory'] as const;

export const userDirectoryQuery = queryOptions({
  queryKey: userDirectoryKey,
  queryFn: async ({ signal }) => {
    const byId = new Map<string, User>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const result = await rpc.listUsers({ status: 'all', page, pageSize: PAGE_SIZE }, { signal });
      for (const user of result.items) byId.set(user.id, user);
      if (page * PAGE_SIZE >= result.total || result.items.length < PAGE_SIZE) break;
    }
    return byId;
  },
});

export function useUserDirectory() {
  return useQuery(userDirectoryQuery);
}
