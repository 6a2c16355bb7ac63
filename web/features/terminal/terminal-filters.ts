import type { Importance } from '@contract/enums';
import { matchesText, type NewsItem } from '~/shared/news/news-feed';

export interface TerminalFilters {
  hidden: ReadonlySet<Importance>;
  /** Upper-case symbols; empty: all. */
  symbols: readonly string[];
  search: string;
}

export const parseSymbols = (text: string) =>
  text
    .toUpperCase()
    .split(/[\s,]+/)
    .map((s) => s.replace(/^\$/, ''))
    .filter(Boolean);

export function applyFilters(items: NewsItem[], { hidden, symbols, search }: TerminalFilters): NewsItem[] {
  if (!hidden.size && !symbols.length && !search.trim()) return items;
  return items.filter(
    (item) =>
      !hidden.has(item.importance) &&
      (!symbols.length || item.symbols.some((s) => symbols.includes(s))) &&
      matchesText(item, search.trim() || undefined),
  );
}
