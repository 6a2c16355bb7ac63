import type { EnsureQueryDataOptions, QueryClient } from '@tanstack/react-query';

/**
 * What a route loader calls to load the data its page shows first (TanStack Router + Query: the
 * loader fills the cache, on hover intent too; the page reads the same queries). Navigation waits
 * for them (the pending screen appears after 1000 ms, docs/PRODUCT-RULES.md §6). A query that fails is not
 * thrown: the page shows its own error state with Retry for that part, as it does for a refetch.
 */
export async function ensureQueries(
  queryClient: QueryClient,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data type
  ...queries: EnsureQueryDataOptions<any, any, any, any>[]
): Promise<void> {
  await Promise.all(queries.map((query) => queryClient.ensureQueryData(query).catch(() => undefined)));
}
