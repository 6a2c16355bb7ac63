export interface PickableTrader {
  traderId: string;
  name: string;
}

/**
 * The traders not yet picked whose name contains every word of the query (any case, any order), in
 * the desk's order, at most `limit` of them; `more` counts the matches left out.
 */
export function findTraders(traders: PickableTrader[], query: string, picked: string[], limit: number) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const skip = new Set(picked);
  const matches = traders.filter((t) => !skip.has(t.traderId) && words.every((w) => t.name.toLowerCase().includes(w)));
  return { shown: matches.slice(0, limit), more: Math.max(0, matches.length - limit) };
}
