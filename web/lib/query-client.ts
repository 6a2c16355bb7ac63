import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './http-error';

const MAX_RETRIES = 3;

/** Query defaults (docs/PRODUCT-RULES.md §6). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 120_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        // Up to 3 retries, but never for 4xx: a retried 401/403/404 answers the same and only
        // delays the redirect or the error screen. 5xx and network failures are retried.
        retry: (failureCount, error) => {
          const status = errorStatus(error);
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < MAX_RETRIES;
        },
        // 1 s, 2 s, 4 s … capped at 30 s.
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
