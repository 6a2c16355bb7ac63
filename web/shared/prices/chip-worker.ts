/// <reference lib="webworker" />
import { paintChip, type ChipContext, type ChipTheme } from './chip-canvas';
import type { ChipMessage } from './chip-draw';

/**
 * Draws the terminal's price chips off the main thread: each chip's canvas was handed over with
 * transferControlToOffscreen, so what is drawn here reaches the screen without the page's main
 * thread (chip-draw.ts sends the figures, once per frame for all changed chips).
 */
const chips = new Map<number, { canvas: OffscreenCanvas; ctx: ChipContext }>();
const themes = new Map<number, ChipTheme>();

self.onmessage = ({ data }: MessageEvent<ChipMessage[]>) => {
  for (const message of data) {
    if (message.type === 'add') {
      const ctx = message.canvas.getContext('2d', { alpha: false });
      if (ctx) chips.set(message.id, { canvas: message.canvas, ctx });
    } else if (message.type === 'drop') chips.delete(message.id);
    else if (message.type === 'theme') {
      themes.clear();
      themes.set(message.version, message.theme);
    } else {
      const chip = chips.get(message.id);
      const theme = themes.get(message.theme);
      if (chip && theme) paintChip(chip.canvas, chip.ctx, message.figures, theme, message.layout, message.dpr);
    }
  }
};
