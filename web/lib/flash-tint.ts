/**
 * Live values' change tint, set on the element and cleared by one shared timer: no per-frame
 * animation (a background-colour animation on every changed cell kept the main thread restyling
 * and painting every frame for a second after each tick). Everything tinted by one tick is cleared
 * by the same timer callback, so the clear is one style and paint pass.
 */
export const FLASH_MS = 1200;

const until = new Map<HTMLElement, number>();
let timer: ReturnType<typeof setTimeout> | undefined;

function clearDue() {
  timer = undefined;
  const now = performance.now();
  let next = Infinity;
  for (const [el, end] of until) {
    // A little slack: what one commit tinted a few ms apart goes in the same pass.
    if (end <= now + 50) {
      delete el.dataset.flash;
      until.delete(el);
    } else next = Math.min(next, end);
  }
  if (next !== Infinity) timer = setTimeout(clearDue, next - now);
}

/** Tints `el` as `data-flash="up|down"` for FLASH_MS (CSS in styles.css draws it). */
export function flashTint(el: HTMLElement, dir: 'up' | 'down') {
  if (el.dataset.flash !== dir) el.dataset.flash = dir;
  until.set(el, performance.now() + FLASH_MS);
  timer ??= setTimeout(clearDue, FLASH_MS);
}
