/**
 * The items whose text contains every word of the query (any case, any order), in their own order,
 * at most `limit` of them; `more` counts the matches left out. A picker over a desk of 500 lists
 * the first few and says how many more a sharper query would reach, never all of them.
 */
export function matchOptions<T>(items: readonly T[], query: string, text: (item: T) => string, limit: number) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = words.length
    ? items.filter((item) => {
        const haystack = text(item).toLowerCase();
        return words.every((w) => haystack.includes(w));
      })
    : items;
  return { shown: matches.slice(0, limit), more: Math.max(0, matches.length - limit) };
}
