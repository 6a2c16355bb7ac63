/** SPEC.md §2 "News feed search parameters" and §9 defaults (limit 200, timestamp descending). */
export const NEWS_SEARCH_DEFAULTS = { limit: 200, sortBy: 'timestamp', sortOrder: 'desc' } as const;

export interface NewsSearch {
  limit?: number;
  importance?: string[];
  symbols?: string[];
  sources?: string[];
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  onePctMovement?: true;
}

function toList(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const items = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return items.length ? items : undefined;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/**
 * Normalises the feed's URL search: limit defaults to 200 and falls back to 200 when not a number;
 * importance and symbols turn a lone value into a one-item list; sources is a list; search is
 * text; sortBy defaults to timestamp, sortOrder to desc; onePctMovement is kept only when true.
 */
export function normalizeNewsSearch(raw: Record<string, unknown>): NewsSearch {
  const search = typeof raw.search === 'string' ? raw.search : typeof raw.search === 'number' ? String(raw.search) : '';
  // Every key is present (undefined when absent) so a dropped value also leaves the URL: the
  // router keeps raw parameters the validator does not mention.
  return {
    limit: toNumber(raw.limit) ?? NEWS_SEARCH_DEFAULTS.limit,
    importance: toList(raw.importance),
    symbols: toList(raw.symbols),
    sources: toList(raw.sources),
    search: search || undefined,
    sortBy: typeof raw.sortBy === 'string' && raw.sortBy ? raw.sortBy : NEWS_SEARCH_DEFAULTS.sortBy,
    sortOrder: raw.sortOrder === 'asc' || raw.sortOrder === 'desc' ? raw.sortOrder : NEWS_SEARCH_DEFAULTS.sortOrder,
    onePctMovement: raw.onePctMovement === true || raw.onePctMovement === 'true' ? true : undefined,
  };
}
