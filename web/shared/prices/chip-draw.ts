import { paintChip, type ChipContext, type ChipDraw, type ChipLayout, type ChipTheme } from './chip-canvas';
import type { ChipFigures } from './chip-figures';

/** What the main thread tells the chip worker (chip-worker.ts), batched per frame. */
export type ChipMessage =
  | { type: 'add'; id: number; canvas: OffscreenCanvas }
  | { type: 'drop'; id: number }
  | { type: 'theme'; version: number; theme: ChipTheme }
  | { type: 'draw'; id: number; figures: ChipFigures; layout: ChipLayout; dpr: number; theme: number };

let worker: Worker | null | undefined;
function chipWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker =
      typeof OffscreenCanvas === 'function' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype
        ? new Worker(new URL('./chip-worker.ts', import.meta.url), { type: 'module', name: 'price-chips' })
        : null;
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Starts the chip worker ahead of the first chip (the terminal page calls it on mount, while its
 * headlines load): the worker takes 100–300 ms to start here, and until it has drawn, a chip's
 * canvas is empty.
 */
export function startChipWorker() {
  chipWorker();
}

let queue: ChipMessage[] = [];
const transfers: Transferable[] = [];
function send(message: ChipMessage, transfer?: Transferable) {
  if (transfer) transfers.push(transfer);
  // One postMessage for everything a frame's listeners queued (they run in one task).
  if (queue.push(message) === 1)
    queueMicrotask(() => {
      chipWorker()!.postMessage(queue, transfers.splice(0));
      queue = [];
    });
}

let nextId = 1;
const ids = new WeakMap<HTMLCanvasElement, number>();
// A canvas handed to the worker cannot be taken back: the worker forgets it once the element is gone.
const gone = new FinalizationRegistry<number>((id) => send({ type: 'drop', id }));
const versions = new WeakMap<ChipTheme, number>();
let themeVersion = 0;

/**
 * How a chip's canvas gets drawn: in the chip worker when the browser can hand a canvas over
 * (OffscreenCanvas), else here on the main thread; null without a 2D canvas at all (jsdom).
 */
export function chipDraw(canvas: HTMLCanvasElement): ChipDraw | null {
  if (chipWorker()) {
    let id = ids.get(canvas);
    if (id === undefined) {
      ids.set(canvas, (id = nextId++));
      const offscreen = canvas.transferControlToOffscreen();
      send({ type: 'add', id, canvas: offscreen }, offscreen);
      gone.register(canvas, id);
    }
    const chip = id;
    return (figures, theme, layout, dpr) => {
      let version = versions.get(theme);
      if (version === undefined) {
        versions.set(theme, (version = ++themeVersion));
        send({ type: 'theme', version, theme });
      }
      send({ type: 'draw', id: chip, figures, layout, dpr, theme: version });
    };
  }
  let ctx: ChipContext | null = null;
  try {
    // Opaque: the chip's own background is drawn, so the canvas composites as a plain image.
    ctx = canvas.getContext('2d', { alpha: false });
  } catch {
    // no canvas (jsdom)
  }
  return ctx && ((figures, theme, layout, dpr) => paintChip(canvas, ctx, figures, theme, layout, dpr));
}

let measuring: ChipContext | null | undefined;
/** A 2D context for measuring text (the chips' own canvases may belong to the worker). */
export function measureContext(): ChipContext | null {
  if (measuring === undefined) {
    try {
      measuring = document.createElement('canvas').getContext('2d');
    } catch {
      measuring = null;
    }
  }
  return measuring;
}
