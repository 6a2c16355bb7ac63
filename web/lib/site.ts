import { queryOptions, useQuery } from '@tanstack/react-query';

/** index.html's title until /api/site answers (and if it never does). */
export const DEFAULT_SITE_NAME = 'Meridian';

/** Every page's title: '{site} - Advanced Trading Platform' (docs/PRODUCT-RULES.md §1). */
export const pageTitle = (site: string) => `${site} - Advanced Trading Platform`;

async function fetchSiteName(): Promise<string> {
  const res = await fetch('/api/site', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/site answered ${res.status}`);
  const body = (await res.json()) as { name?: unknown };
  // Checked by hand: this runs on every first load, /login included, where zod is not loaded.
  return typeof body.name === 'string' && body.name.trim() ? body.name.trim() : DEFAULT_SITE_NAME;
}

/** The deployment's SITE_NAME (GET /api/site), read once per page load. */
export const siteQuery = queryOptions({ queryKey: ['site'], queryFn: fetchSiteName, staleTime: Infinity, gcTime: Infinity });

export function useSiteName(): string {
  return useQuery(siteQuery).data ?? DEFAULT_SITE_NAME;
}
