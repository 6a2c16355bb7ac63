import { cleanSymbols, containsTerm } from './text-match';
import type { BannedMapping } from '../types';

export interface BannedResult {
  symbols: string[];
  isGarbage: boolean;
  /** Ids of the mappings that took effect (removed a symbol or marked garbage), in mapping order. */
  bannedBy: string[];
}

/**
 * Applies banned mappings to tagged symbols. A mapping applies when any of its terms occurs in the
 * text (same whole-word, case-insensitive matching as special mappings). It then removes its
 * symbols from the item; a mapping with no symbols marks the item garbage instead. A mapping whose
 * term matched but whose symbols were not on the item had no effect and is not recorded.
 * `isGarbage` starts from the given value and is only ever set, never cleared, here.
 */
export function applyBannedMappings(
  text: string,
  symbols: readonly string[],
  mappings: readonly BannedMapping[],
  isGarbage = false,
): BannedResult {
  let current = [...symbols];
  let garbage = isGarbage;
  const bannedBy: string[] = [];
  for (const mapping of mappings) {
    if (!mapping.terms.some((term) => containsTerm(text, term))) continue;
    const banned = cleanSymbols(mapping.symbols);
    if (!banned.length) {
      garbage = true;
      bannedBy.push(mapping.id);
      continue;
    }
    const kept = current.filter((s) => !banned.includes(s.toUpperCase()));
    if (kept.length !== current.length) bannedBy.push(mapping.id);
    current = kept;
  }
  return { symbols: current, isGarbage: garbage, bannedBy };
}
