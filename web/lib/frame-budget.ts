/**
 * Spreads many small updates over animation frames, at most `perFrame` in each. A live tick that
 * changes every visible row of a long table would otherwise restyle, relayout and repaint them all
 * in one frame (about 1 ms of main-thread work per row on a modest laptop); a few rows per frame keep
 * every frame short, and the whole table still catches up within a few frames (≈ 50 ms).
 *
 * Updates are keyed: a newer update for a key that is still waiting replaces the older one.
 */
export interface FrameBudget {
  request(key: object, apply: () => void): void;
  cancel(key: object): void;
}

export function createFrameBudget(
  perFrame: number,
  nextFrame: (run: () => void) => void = (run) => void requestAnimationFrame(run),
): FrameBudget {
  const waiting = new Map<object, () => void>();
  let scheduled = false;
  const run = () => {
    scheduled = false;
    let applied = 0;
    for (const [key, apply] of waiting) {
      if (applied++ === perFrame) break;
      waiting.delete(key);
      apply();
    }
    schedule();
  };
  const schedule = () => {
    if (scheduled || waiting.size === 0) return;
    scheduled = true;
    nextFrame(run);
  };
  return {
    request(key, apply) {
      waiting.delete(key); // a newer update goes to the back of the line with the others
      waiting.set(key, apply);
      schedule();
    },
    cancel(key) {
      waiting.delete(key);
    },
  };
}
