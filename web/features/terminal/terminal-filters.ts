import type { Importance } from '@contract/enums';
import { matchesText, type NewsItem } from '~/shared/news/news-feed';
import { isWatchHit } from '~/shared/watchlists/watch-store';

export interface TerminalFilters {
  hidden: ReadonlySet<Importance>;
  /** Upper-case symbols; empty: all. */
  symbols: readonly string[];
  search: string;
  /** Only headlines that hit the user's watchlists. */
  watchOnly?: boolean;
}

export const parseSymbols = (text: string) =>
  text
    .toUpperCase()
    .split(/[\s,]+/)
    .map((s) => s.replace(/^\$/, ''))
    .filter(Boolean);

export function applyFilters(items: NewsItem[], { hidden, symbols, search, watchOnly }: TerminalFilters): NewsItem[] {
  if (!hidden.size && !symbols.length && !search.trim() && !watchOnly) return items;
  return items.filter(
    (item) =>
      !hidden.has(item.importance) &&
      (!watchOnly || isWatchHit(item.id)) &&
      (!symbols.length || item.symbols.some((s) => symbols.includes(s))) &&
      matchesText(item, search.trim() || undefined),
  );
}
