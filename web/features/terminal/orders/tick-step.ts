/** How many ticks a key moves a trigger price: ↑/↓ one, PageUp/PageDown ten; null for any other key. */
export const TICK_KEYS: Record<string, number> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

/** Decimals of a tick or a price as written (0.01 → 2, 1e-7 → 7, 5 → 0). */
export function decimalsOf(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return 0;
  const [mantissa, exponent] = n.toExponential().split('e');
  const fraction = (mantissa!.split('.')[1] ?? '').length;
  return Math.max(0, fraction - Number(exponent));
}

/**
 * The tick a trigger steps by: the symbol's own (previewOrder's tickSize), else the smallest step
 * the order's trigger is written in (2990.5 → 0.1), which keeps it on a tick it was placed on.
 */
export function tickFor(tickSize: number | null | undefined, trigger: number): number {
  if (tickSize && tickSize > 0) return tickSize;
  return 10 ** -decimalsOf(trigger);
}

/** On the tick: the nearest multiple, written with the tick's decimals (no 0.30000000000000004). */
export function onTick(price: number, tick: number): number {
  const decimals = decimalsOf(tick);
  return Number((Math.round(price / tick) * tick).toFixed(decimals));
}

/** A price moved by `steps` ticks, on the tick, never below one tick (a trigger is above zero). */
export function stepPrice(price: number, tick: number, steps: number): number {
  return Math.max(tick, onTick(onTick(price, tick) + steps * tick, tick));
}
