/**
 * Whole-word / whole-phrase term matching shared by special mappings, banned mappings and the
 * urgent-keyword check. Matching is case-insensitive and runs on NFKC-folded text, so lookalike
 * "𝐁𝐢𝐭𝐜𝐨𝐢𝐧" or full-width "ＢＴＣ" match like plain text.
 */

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const CACHE_LIMIT = 2000;
const cache = new Map<string, RegExp | null>();

export interface Span {
  start: number;
  end: number;
}

/** NFKC, trimmed, inner whitespace collapsed. Empty when nothing is left. */
export function normaliseTerm(term: string): string {
  return term.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** The text terms are matched against: title and body, NFKC-folded. */
export function matchText(item: { title: string; body?: string }): string {
  return (item.body ? `${item.title}\n${item.body}` : item.title).normalize('NFKC');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A global, case-insensitive regex for a term. Word boundaries are required only on the sides
 * where the term itself starts/ends with a letter or digit: "bitcoin" does not match "bitcoinz",
 * while "$SOL" matches "$SOL," and "#btc" after a space. Spaces in a phrase match any whitespace.
 */
export function termRegex(term: string): RegExp | null {
  const cached = cache.get(term);
  if (cached !== undefined) return cached;
  const clean = normaliseTerm(term);
  let regex: RegExp | null = null;
  if (clean) {
    const body = clean.split(' ').map(escapeRegex).join('\\s+');
    const left = WORD_CHAR.test(clean[0] ?? '') ? '(?<![\\p{L}\\p{N}_])' : '';
    const right = WORD_CHAR.test(clean.at(-1) ?? '') ? '(?![\\p{L}\\p{N}_])' : '';
    regex = new RegExp(`${left}${body}${right}`, 'giu');
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(term, regex);
  return regex;
}

/** Every non-overlapping occurrence of the term in the text, left to right. */
export function findTerm(text: string, term: string): Span[] {
  const regex = termRegex(term);
  if (!regex) return [];
  return [...text.matchAll(regex)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

export function containsTerm(text: string, term: string): boolean {
  return findTerm(text, term).length > 0;
}

/** Uppercased, trimmed, empty entries removed, first occurrence kept. */
export function cleanSymbols(symbols: readonly string[]): string[] {
  const out: string[] = [];
  for (const symbol of symbols) {
    const clean = typeof symbol === 'string' ? symbol.normalize('NFKC').trim().toUpperCase() : '';
    if (clean && !out.includes(clean)) out.push(clean);
  }
  return out;
}
