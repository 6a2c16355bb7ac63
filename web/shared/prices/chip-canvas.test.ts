import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ChipPainter,
  FLASH_ALPHA,
  paintChip,
  onChipThemeChange,
  chipTheme,
  type ChipContext,
  type ChipTheme,
} from './chip-canvas';
import { chipFigures } from './chip-figures';

const T = 1_700_000_000_000;
const THEME: ChipTheme = {
  font: '400 11.2px monospace',
  fontSize: 11.2,
  background: 'bg',
  foreground: 'fg',
  flat: 'muted',
  up: 'green',
  down: 'red',
};

/** A recording 2D context: monospace, 7 px a character. */
function fakeContext() {
  const calls: string[] = [];
  const state = { font: '', fillStyle: '' as unknown, globalAlpha: 1, textBaseline: 'alphabetic' };
  const ctx = {
    get font() {
      return state.font;
    },
    set font(v: string) {
      state.font = v;
    },
    get fillStyle() {
      return state.fillStyle;
    },
    set fillStyle(v: unknown) {
      state.fillStyle = v;
    },
    get globalAlpha() {
      return state.globalAlpha;
    },
    set globalAlpha(v: number) {
      state.globalAlpha = v;
    },
    textBaseline: 'alphabetic',
    measureText: (text: string) => ({ width: [...text].length * 7, fontBoundingBoxAscent: 10, fontBoundingBoxDescent: 3 }),
    setTransform: (...a: number[]) => calls.push(`setTransform ${a.join(',')}`),
    fillRect: (...a: number[]) => calls.push(`fillRect ${String(state.fillStyle)} ${a.join(',')}`),
    beginPath: () => {},
    roundRect: (...a: number[]) => calls.push(`roundRect ${a.slice(0, 4).join(',')}`),
    fill: () => calls.push(`fill ${String(state.fillStyle)} alpha ${state.globalAlpha}`),
    fillText: (text: string, x: number, y: number) => calls.push(`fillText ${String(state.fillStyle)} ${text} ${x},${y}`),
  } as unknown as ChipContext;
  return { ctx, calls };
}

const surface = () => ({ width: 0, height: 0, style: { width: '', height: '' } });

/** A painter drawing on the main thread into `canvas` (the worker path runs the same paintChip). */
const painterOn = (canvas: ReturnType<typeof surface>, ctx: ChipContext, reserveChange: boolean) =>
  new ChipPainter(
    canvas.style,
    ctx,
    (figures, theme, layout, dpr) => paintChip(canvas, ctx, figures, theme, layout, dpr),
    reserveChange,
  );

describe('ChipPainter', () => {
  it('draws the price in the foreground over the tint of the last move, and the change in its tone', () => {
    const { ctx, calls } = fakeContext();
    const canvas = surface();
    const painter = painterOn(canvas, ctx, true);
    expect(painter.paint(chipFigures({ price: 101, ts: T, previous: 100 }, 102), THEME, 1)).toBe(true);
    // "101.00" = 6 chars: 42 px + 2×2 padding; the change keeps room for "▲+0.00%" (7 chars) after a 4 px gap.
    expect(canvas).toEqual({ width: 46 + 4 + 49, height: 13, style: { width: '99px', height: '13px' } });
    expect(calls).toEqual([
      'setTransform 1,0,0,1,0,0',
      'fillRect bg 0,0,99,13',
      'roundRect 0,0,46,13',
      `fill green alpha ${FLASH_ALPHA}`,
      'fillText fg 101.00 2,10',
      'fillText red ▼−0.98% 50,10',
    ]);
  });

  it('does not draw again for the same figures; draws again for a new price without resizing', () => {
    const { ctx, calls } = fakeContext();
    const canvas = surface();
    const painter = painterOn(canvas, ctx, true);
    painter.paint(chipFigures({ price: 101, ts: T, previous: 100 }, 100), THEME, 1);
    expect(painter.paint(chipFigures({ price: 101, ts: T + 1000, previous: 100 }, 100), THEME, 1)).toBe(false);
    canvas.style.width = 'untouched';
    calls.length = 0;
    expect(painter.paint(chipFigures({ price: 100.5, ts: T + 2000, previous: 101 }, 100), THEME, 1)).toBe(true);
    expect(canvas.style.width).toBe('untouched');
    expect(calls).toContain(`fill red alpha ${FLASH_ALPHA}`);
    expect(calls).toContain('fillText green ▲+0.50% 50,10');
  });

  it('grows when a longer price needs room and never shrinks; a flat change is muted', () => {
    const { ctx, calls } = fakeContext();
    const canvas = surface();
    const painter = painterOn(canvas, ctx, true);
    painter.paint(chipFigures({ price: 9_999.99, ts: T, previous: undefined }, 9_999.99), THEME, 1);
    expect(canvas.style.width).toBe(`${8 * 7 + 4 + 4 + 49}px`);
    expect(calls.some((c) => c.startsWith('roundRect'))).toBe(false);
    expect(calls).toContain('fillText muted 0.00% 64,10');
    painter.paint(chipFigures({ price: 10_000, ts: T, previous: 9_999.99 }, 9_999.99), THEME, 1);
    expect(canvas.style.width).toBe(`${9 * 7 + 4 + 4 + 49}px`);
    painter.paint(chipFigures({ price: 9_999.5, ts: T, previous: 10_000 }, 9_999.99), THEME, 1);
    expect(canvas.style.width).toBe(`${9 * 7 + 4 + 4 + 49}px`);
  });

  it('measures a text once per theme and shape (texts differing only in digits are as wide)', () => {
    const { ctx } = fakeContext();
    const spy = vi.spyOn(ctx, 'measureText');
    const painter = painterOn(surface(), ctx, true);
    const theme = { ...THEME };
    painter.paint(chipFigures({ price: 101, ts: T, previous: 100 }, 100), theme, 1);
    const first = spy.mock.calls.length;
    painter.paint(chipFigures({ price: 102.5, ts: T, previous: 101 }, 100), theme, 1);
    painter.paint(chipFigures({ price: 103.75, ts: T, previous: 102.5 }, 100), theme, 1);
    expect(spy.mock.calls.length).toBe(first);
    expect(spy.mock.calls.map(([text]) => text)).toEqual(['000.00', '▲+0.00%']);
  });

  it('sizes the backing store in device pixels and draws at that scale (crisp on HiDPI)', () => {
    const { ctx, calls } = fakeContext();
    const canvas = surface();
    painterOn(canvas, ctx, false).paint(chipFigures({ price: 5, ts: T, previous: undefined }, undefined), THEME, 2);
    // "5.00" + padding, gap, "—": 28 + 4 + 4 + 7 = 43 CSS px → 86 device px.
    expect(canvas).toEqual({ width: 86, height: 26, style: { width: '43px', height: '13px' } });
    expect(calls[0]).toBe('setTransform 2,0,0,2,0,0');
  });

  it('draws again with the new colours after a theme change, even for the same figures', () => {
    const { ctx, calls } = fakeContext();
    const painter = painterOn(surface(), ctx, true);
    const figures = chipFigures({ price: 101, ts: T, previous: 100 }, 100);
    painter.paint(figures, THEME, 1);
    calls.length = 0;
    expect(painter.paint(figures, { ...THEME, foreground: 'dark-fg', background: 'light-bg' }, 1)).toBe(true);
    expect(calls).toContain('fillRect light-bg 0,0,99,13');
    expect(calls).toContain('fillText dark-fg 101.00 2,10');
  });
});

describe('chip theme', () => {
  afterEach(() => {
    document.documentElement.className = '';
    document.documentElement.removeAttribute('style');
  });

  it('reads the colours from the CSS custom properties once, and again after the theme class changes', async () => {
    const root = document.documentElement;
    root.style.setProperty('--foreground', 'oklch(0.94 0.006 250)');
    root.style.setProperty('--success', 'oklch(0.74 0.15 155)');
    const el = document.createElement('span');
    el.style.font = '400 11.2px monospace';
    document.body.append(el);
    const repaint = vi.fn();
    const stop = onChipThemeChange(repaint);
    const dark = chipTheme(el);
    expect(dark).toMatchObject({ foreground: 'oklch(0.94 0.006 250)', up: 'oklch(0.74 0.15 155)', fontSize: 11.2 });
    expect(chipTheme(el)).toBe(dark);
    root.style.setProperty('--foreground', 'oklch(0.2 0.015 255)');
    root.classList.add('light');
    await new Promise((r) => setTimeout(r, 0));
    expect(repaint).toHaveBeenCalledTimes(1);
    expect(chipTheme(el).foreground).toBe('oklch(0.2 0.015 255)');
    stop();
    el.remove();
  });
});
