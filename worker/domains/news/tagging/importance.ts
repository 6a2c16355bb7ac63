import { IMPORTANCE_RANK, type Importance } from '../../../contract/enums';

/**
 * Title words that make an item 'high' by default. Kept short on purpose: each one is about money
 * at risk right now. Whole words; "SEC" only in capitals so "sec"/"second" do not count.
 */
export const URGENT_PATTERNS: readonly RegExp[] = [
  /(?<![\p{L}\p{N}])hack(?:s|ed|er|ers)?(?![\p{L}\p{N}])/iu,
  /(?<![\p{L}\p{N}])exploit(?:s|ed)?(?![\p{L}\p{N}])/iu,
  /(?<![\p{L}\p{N}])halt(?:s|ed|ing)?(?![\p{L}\p{N}])/iu,
  /(?<![\p{L}\p{N}])delist(?:s|ed|ing|ings)?(?![\p{L}\p{N}])/iu,
  /(?<![\p{L}\p{N}])SEC(?![\p{L}\p{N}])/u,
  /(?<![\p{L}\p{N}])ETFs?\s+approv(?:al|als|ed|es)(?![\p{L}\p{N}])/iu,
  /(?<![\p{L}\p{N}])approv(?:es|ed|al\s+of)\s+(?:\S+\s+){0,3}ETFs?(?![\p{L}\p{N}])/iu,
  /(?<![\p{L}\p{N}])liquidat(?:ion|ions|ed)(?![\p{L}\p{N}])/iu,
  /(?<![\p{L}\p{N}])bankrupt(?:cy)?(?![\p{L}\p{N}])/iu,
  /(?<![\p{L}\p{N}])de-?peg(?:s|ged)?(?![\p{L}\p{N}])/iu,
];

export function hasUrgentKeyword(title: string): boolean {
  const text = title.normalize('NFKC');
  return URGENT_PATTERNS.some((pattern) => pattern.test(text));
}

/**
 * Importance when no custom rule sets it: 'high' when the title has an urgent keyword, else
 * 'medium' when the item has symbols, else 'low'. Never 'critical': only a rule can say that.
 */
export function defaultImportance(item: { title: string; symbols: readonly string[] }): Importance {
  if (hasUrgentKeyword(item.title)) return 'high';
  return item.symbols.length ? 'medium' : 'low';
}

export function importanceAtLeast(value: Importance, minimum: Importance): boolean {
  return IMPORTANCE_RANK[value] >= IMPORTANCE_RANK[minimum];
}
