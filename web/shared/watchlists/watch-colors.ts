import type { WatchColor } from '@contract/enums';

/** Each list colour as a dot, and as a badge that reads in dark and light themes. */
export const WATCH_DOT: Record<WatchColor, string> = {
  amber: 'bg-amber-500',
  sky: 'bg-sky-500',
  violet: 'bg-violet-500',
  emerald: 'bg-emerald-500',
  rose: 'bg-rose-500',
};

export const WATCH_BADGE: Record<WatchColor, string> = {
  amber: 'border-amber-500/60 text-amber-800 dark:text-amber-200',
  sky: 'border-sky-500/60 text-sky-800 dark:text-sky-200',
  violet: 'border-violet-500/60 text-violet-800 dark:text-violet-200',
  emerald: 'border-emerald-500/60 text-emerald-800 dark:text-emerald-200',
  rose: 'border-rose-500/60 text-rose-800 dark:text-rose-200',
};

export const WATCH_COLOR_LABEL: Record<WatchColor, string> = {
  amber: 'Amber',
  sky: 'Sky',
  violet: 'Violet',
  emerald: 'Emerald',
  rose: 'Rose',
};
