import { sameFigures, type ChipFigures } from './chip-figures';

/**
 * Price chips draw their live digits on a small canvas: a tick then costs no style recalc, no
 * layout and no text layout in the document — only the canvases' own paint. Colours come from the
 * theme's CSS custom properties, read once per theme change (not per tick); the backing store is
 * sized at devicePixelRatio so the digits stay crisp on HiDPI screens.
 */

/** The part of CanvasRenderingContext2D the chips use (a recording fake in unit tests: jsdom has no canvas). */
export type ChipContext = Pick<
  CanvasRenderingContext2D,
  | 'font'
  | 'fillStyle'
  | 'globalAlpha'
  | 'textBaseline'
  | 'setTransform'
  | 'fillRect'
  | 'fillText'
  | 'measureText'
  | 'beginPath'
  | 'roundRect'
  | 'fill'
>;

export interface ChipTheme {
  /** The chip's font (its computed weight, size and family), as the canvas `font`. */
  font: string;
  fontSize: number;
  /** The chip's background (the canvas is opaque). */
  background: string;
  foreground: string;
  flat: string;
  up: string;
  down: string;
}

/** Padding around the digits (their tint), between price and change: px-0.5 and gap-1 of the old spans. */
const PAD = 2;
const GAP = 4;
/** The tint of the last move: the old `color-mix(in oklab, <tone> 35%, transparent)` over the chip. */
export const FLASH_ALPHA = 0.35;
/** The width kept for a change since publish, so a chip does not resize as its change turns flat/up/down. */
const CHANGE_RESERVE = '▲+0.00%';

export interface ChipLayout {
  /** CSS px, snapped so that width × dpr and height × dpr are whole device pixels. */
  width: number;
  height: number;
  priceBox: number;
  changeX: number;
  baseline: number;
}

type Metrics = Pick<TextMetrics, 'width' | 'fontBoundingBoxAscent' | 'fontBoundingBoxDescent'>;
const measured = new WeakMap<ChipTheme, Map<string, Metrics>>();

/**
 * A text's metrics, measured once per theme and shape: the chip font is monospaced with tabular
 * digits, so texts that differ only in their digits are as wide (a tick measures nothing new).
 */
function measure(ctx: ChipContext, theme: ChipTheme, text: string): Metrics {
  let cache = measured.get(theme);
  if (!cache) measured.set(theme, (cache = new Map()));
  const shape = text.replace(/\d/g, '0');
  let metrics = cache.get(shape);
  if (!metrics) {
    ctx.font = theme.font;
    const m = ctx.measureText(shape);
    cache.set(
      shape,
      (metrics = {
        width: m.width,
        fontBoundingBoxAscent: m.fontBoundingBoxAscent,
        fontBoundingBoxDescent: m.fontBoundingBoxDescent,
      }),
    );
  }
  return metrics;
}

/** Where the figures go in a canvas of at least `minWidth` CSS px (grow-only: a chip never jumps narrower). */
export function chipLayout(
  ctx: ChipContext,
  figures: ChipFigures,
  theme: ChipTheme,
  dpr: number,
  reserveChange: boolean,
  minWidth = 0,
): ChipLayout {
  const price = measure(ctx, theme, figures.price);
  const change = Math.max(
    measure(ctx, theme, figures.change).width,
    reserveChange ? measure(ctx, theme, CHANGE_RESERVE).width : 0,
  );
  const priceBox = price.width + 2 * PAD;
  const snap = (css: number) => Math.ceil(css * dpr - 0.01) / dpr;
  const width = Math.max(minWidth, snap(priceBox + GAP + change));
  const height = snap(Math.ceil(theme.fontSize) + 1);
  // Centred as the old spans' text was (leading-none: the font's ascent + descent centred in the box).
  const ascent = price.fontBoundingBoxAscent || theme.fontSize * 0.8;
  const descent = price.fontBoundingBoxDescent || theme.fontSize * 0.2;
  const baseline = Math.round(((height - ascent - descent) / 2 + ascent) * dpr) / dpr;
  return { width, height, priceBox, changeX: priceBox + GAP, baseline };
}

/** Draws the figures into a context already sized to `layout` at `dpr`. */
export function drawChip(ctx: ChipContext, figures: ChipFigures, theme: ChipTheme, layout: ChipLayout, dpr: number) {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, layout.width, layout.height);
  if (figures.flash) {
    ctx.globalAlpha = FLASH_ALPHA;
    ctx.fillStyle = theme[figures.flash];
    ctx.beginPath();
    ctx.roundRect(0, 0, layout.priceBox, layout.height, 2);
    ctx.fill();
    ctx.globalAlpha = 1;
  }
  ctx.font = theme.font;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = theme.foreground;
  ctx.fillText(figures.price, PAD, layout.baseline);
  ctx.fillStyle = theme[figures.tone];
  ctx.fillText(figures.change, layout.changeX, layout.baseline);
}

/** A canvas backing store (an HTMLCanvasElement, or the OffscreenCanvas a worker draws on). */
export interface ChipSurface {
  width: number;
  height: number;
}

/** Sizes the backing store to `layout` in device pixels (setting it clears the canvas) and draws. */
export function paintChip(
  surface: ChipSurface,
  ctx: ChipContext,
  figures: ChipFigures,
  theme: ChipTheme,
  layout: ChipLayout,
  dpr: number,
) {
  const width = Math.round(layout.width * dpr);
  const height = Math.round(layout.height * dpr);
  if (surface.width !== width) surface.width = width;
  if (surface.height !== height) surface.height = height;
  drawChip(ctx, figures, theme, layout, dpr);
}

export type ChipDraw = (figures: ChipFigures, theme: ChipTheme, layout: ChipLayout, dpr: number) => void;

/**
 * One chip's canvas, on the main thread: decides whether to draw (only when its figures, the theme
 * or the pixel ratio changed) and the canvas's CSS size — changed (the one layout a chip causes)
 * only when its text needs more room than it has. `draw` paints, here or in a worker.
 */
export class ChipPainter {
  private drawn: ChipFigures | undefined;
  private layoutFor: { theme: ChipTheme; dpr: number; width: number } | undefined;

  constructor(
    private readonly style: { width: string; height: string },
    private readonly measureWith: ChipContext,
    private readonly draw: ChipDraw,
    private readonly reserveChange: boolean,
  ) {}

  /** Returns whether it drew. */
  paint(figures: ChipFigures, theme: ChipTheme, dpr: number): boolean {
    const same = this.layoutFor?.theme === theme && this.layoutFor.dpr === dpr;
    if (same && sameFigures(this.drawn, figures)) return false;
    const layout = chipLayout(this.measureWith, figures, theme, dpr, this.reserveChange, same ? this.layoutFor!.width : 0);
    if (!same || layout.width !== this.layoutFor!.width) {
      this.style.width = `${layout.width}px`;
      this.style.height = `${layout.height}px`;
      this.layoutFor = { theme, dpr, width: layout.width };
    }
    this.draw(figures, theme, layout, dpr);
    this.drawn = figures;
    return true;
  }
}

/** Reads the theme's colours and the chip font (style only, no layout): once per theme change. */
export function readChipTheme(fontOf: Element): ChipTheme {
  const root = getComputedStyle(document.documentElement);
  const font = getComputedStyle(fontOf);
  const v = (name: string) => root.getPropertyValue(name).trim();
  return {
    font: `${font.fontWeight} ${font.fontSize} ${font.fontFamily}`,
    fontSize: parseFloat(font.fontSize) || 11,
    background: v('--muted'),
    foreground: v('--foreground'),
    flat: v('--muted-foreground'),
    up: v('--success'),
    down: v('--destructive'),
  };
}

// ── The theme and pixel ratio all chips share ─────────────────────────────────────────────────
let theme: ChipTheme | undefined;
const repaints = new Set<() => void>();
let stopWatching: (() => void) | undefined;

export function chipTheme(fontOf: Element): ChipTheme {
  return (theme ??= readChipTheme(fontOf));
}

function invalidate() {
  theme = undefined;
  for (const repaint of repaints) repaint();
}

/** Watches the root's class (the theme, see lib/theme.ts) and the pixel ratio while any chip is mounted. */
function watch() {
  const observer = new MutationObserver(invalidate);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  let query: MediaQueryList | undefined;
  const follow = () => {
    query?.removeEventListener('change', onRatio);
    query = window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`);
    query?.addEventListener('change', onRatio);
  };
  const onRatio = () => {
    follow();
    invalidate();
  };
  follow();
  return () => {
    observer.disconnect();
    query?.removeEventListener('change', onRatio);
  };
}

/** Calls `repaint` after a theme or pixel-ratio change (the colours are then read again). */
export function onChipThemeChange(repaint: () => void): () => void {
  repaints.add(repaint);
  stopWatching ??= watch();
  return () => {
    repaints.delete(repaint);
    if (repaints.size === 0) {
      stopWatching?.();
      stopWatching = undefined;
      theme = undefined;
    }
  };
}
