import type { OrderSide } from '@contract/enums';

/**
 * The terminal's order keys: b or s, then 1–3 for the preset size (b2 = buy size 2); x closes.
 * s alone still opens the symbol filter: when no size follows within CHORD_MS (or another key
 * comes), the chord resolves to 'filter'.
 */
export const CHORD_MS = 700;

export type ChordStep =
  { kind: 'order'; side: OrderSide; size: 0 | 1 | 2 } | { kind: 'filter' } | { kind: 'cancel' } | { kind: 'none' };

/** What the key after b / s means. */
export function chordStep(pending: OrderSide, key: string): ChordStep {
  if (key === '1' || key === '2' || key === '3') return { kind: 'order', side: pending, size: (Number(key) - 1) as 0 | 1 | 2 };
  if (key === 'Escape') return { kind: 'cancel' };
  return pending === 'SELL' ? { kind: 'filter' } : { kind: 'none' };
}
