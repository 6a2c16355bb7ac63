import { IMPORTANCE as IMPORTANCE_LEVELS, type Importance } from '@contract/enums';

/** 1–4 toggle these importance levels, in this order. */
export const IMPORTANCE_KEYS: Record<string, Importance> = Object.fromEntries(
  IMPORTANCE_LEVELS.map((level, i) => [String(i + 1), level]),
);

export const TERMINAL_SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ['j', '↓'], label: 'Next (older) headline' },
  { keys: ['k', '↑'], label: 'Previous (newer) headline' },
  { keys: ['Enter'], label: 'Open the selected headline’s link in a new tab' },
  { keys: ['1', '2', '3', '4'], label: 'Show or hide critical, high, medium, low' },
  { keys: ['s', 'f'], label: 'Filter by symbol (s: when no size key follows)' },
  { keys: ['b', '1–3'], label: 'Buy the order symbol at market, preset size 1–3 (b2 = size 2)' },
  { keys: ['s', '1–3'], label: 'Sell at market, preset size 1–3' },
  { keys: ['x'], label: 'Close the position in the order symbol (reduce-only)' },
  { keys: ['t'], label: 'Move the order symbol’s take-profit (its line follows the price field)' },
  { keys: ['l'], label: 'Move the order symbol’s stop-loss' },
  { keys: ['↑', '↓'], label: 'In the Move dialog: the trigger one tick up or down (PgUp / PgDn: ten)' },
  { keys: ['Enter'], label: 'In the Move dialog: confirm the move (Enter again moves it; Esc cancels)' },
  { keys: ['/'], label: 'Search headlines' },
  { keys: ['c'], label: 'Chart of the selected headline’s symbol (again: its next symbol)' },
  { keys: ['m'], label: 'Mute or unmute sounds' },
  { keys: ['n'], label: 'Desktop notifications for critical headlines (asks the browser once)' },
  { keys: ['Esc'], label: 'Close the chart, leave a field, back to the headlines' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

export const isTyping = (element: Element) =>
  element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
