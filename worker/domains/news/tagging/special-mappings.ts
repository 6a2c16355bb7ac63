import { cleanSymbols, findTerm, normaliseTerm, type Span } from './text-match';
import type { SpecialMapping } from '../types';

export interface SymbolTagging {
  symbols: string[];
  /** Ids of the mappings that tagged at least one occurrence, in mapping order. */
  matchedSpecialMappings: string[];
}

// "$BTC", "$eth": a dollar sign then a letter; "$100" and "US$5" are prices, not cashtags.
const CASHTAG = /(?<![\p{L}\p{N}_$])\$([A-Za-z][A-Za-z0-9]{0,14})(?![\p{L}\p{N}_])/gu;

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/**
 * Tags symbols from special mappings and cashtags.
 *
 * - Terms match case-insensitively as whole words/phrases ("bitcoin" matches "Bitcoin ETF", not
 *   "bitcoinz"; "$SOL" matches "$SOL").
 * - Precedence: longer terms claim their text first and a shorter term cannot match inside an
 *   already-claimed span. So with "ethereum classic" → ETC and "ethereum" → ETH configured,
 *   "Ethereum Classic forks" tags ETC only; "Ethereum and Ethereum Classic" tags both.
 * - Cashtags ($BTC) tag the symbol when it is in `knownSymbols`.
 * - Symbols are uppercased and de-duplicated, ordered by where they first occur in the text
 *   (ties: mapping order, then the mapping's own symbol order), so the headline's subject is first.
 */
export function tagSymbols(text: string, mappings: readonly SpecialMapping[], knownSymbols: Iterable<string>): SymbolTagging {
  const candidates = mappings.flatMap((mapping, mappingIndex) =>
    mapping.terms.map((term) => ({ term: normaliseTerm(term), mapping, mappingIndex })).filter((c) => c.term),
  );
  // Longest first; stable sort keeps mapping order among equal lengths.
  candidates.sort((a, b) => [...b.term].length - [...a.term].length);

  const claimed: Span[] = [];
  // Cashtag hits use mappingIndex = mappings.length: after every mapping at the same position.
  const hits: { start: number; symbols: string[]; mappingIndex: number }[] = [];
  for (const { term, mapping, mappingIndex } of candidates) {
    for (const span of findTerm(text, term)) {
      if (claimed.some((c) => overlaps(c, span))) continue;
      claimed.push(span);
      hits.push({ start: span.start, symbols: cleanSymbols(mapping.symbols), mappingIndex });
    }
  }

  const known = new Set(cleanSymbols([...knownSymbols]));
  if (known.size) {
    for (const match of text.matchAll(CASHTAG)) {
      const symbol = (match[1] ?? '').toUpperCase();
      if (known.has(symbol)) hits.push({ start: match.index, symbols: [symbol], mappingIndex: mappings.length });
    }
  }

  hits.sort((a, b) => a.start - b.start || a.mappingIndex - b.mappingIndex);
  const matched = new Set(hits.map((h) => h.mappingIndex));
  return {
    symbols: cleanSymbols(hits.flatMap((h) => h.symbols)),
    matchedSpecialMappings: mappings.filter((_, i) => matched.has(i)).map((m) => m.id),
  };
}
