import type { UserStatusFilter } from '@contract/types';

/** URL search of /admin: ?search=&status=&page= (defaults are left out of the URL). */
export interface UsersSearch {
  search?: string;
  status?: UserStatusFilter;
  page?: number;
}

export const USERS_PAGE_SIZE = 25;
export const USERS_SEARCH_DEFAULTS = { search: '', status: 'all', page: 1 } as const;
const STATUSES: readonly UserStatusFilter[] = ['all', 'pending', 'approved', 'disabled'];

export function parseUsersSearch(raw: Record<string, unknown>): UsersSearch {
  const out: UsersSearch = {};
  const search =
    typeof raw.search === 'string' ? raw.search.trim().slice(0, 100) : typeof raw.search === 'number' ? String(raw.search) : '';
  if (search) out.search = search;
  if (STATUSES.includes(raw.status as UserStatusFilter) && raw.status !== 'all') out.status = raw.status as UserStatusFilter;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.page = page;
  return out;
}

export function listUsersInput(search: UsersSearch) {
  return {
    search: search.search || undefined,
    status: search.status ?? 'all',
    page: search.page ?? 1,
    pageSize: USERS_PAGE_SIZE,
  };
}
