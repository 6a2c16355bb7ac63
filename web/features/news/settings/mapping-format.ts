import type { Mapping } from '@contract/news-mappings';

/** A term as the server stores and compares it: NFKC, inner whitespace collapsed, trimmed; case-insensitive. */
export const normaliseTerm = (term: string) => term.normalize('NFKC').replace(/\s+/gu, ' ').trim();
const termKey = (term: string) => normaliseTerm(term).toLowerCase();

/** How many mappings a bulk "add this term" would change (those that lack it). */
export function mappingsLackingTerm(mappings: readonly Mapping[], term: string) {
  const key = termKey(term);
  return mappings.filter((m) => !m.terms.some((t) => termKey(t) === key)).length;
}

/** How many special mappings a bulk "add this symbol" would change. */
export function mappingsLackingSymbol(mappings: readonly Mapping[], symbol: string) {
  const wanted = symbol.toUpperCase();
  return mappings.filter((m) => !m.symbols.some((s) => s.toUpperCase() === wanted)).length;
}

/** Client-side filter of the mapping tables: a term or symbol containing the text. */
export function filterMappings(mappings: readonly Mapping[], text: string) {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...mappings];
  return mappings.filter(
    (m) => m.terms.some((t) => t.toLowerCase().includes(needle)) || m.symbols.some((s) => s.toLowerCase().includes(needle)),
  );
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
