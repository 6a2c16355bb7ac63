import type { Watchlist, WatchEntry } from '@contract/watchlists';

export const SOUND_LABEL: Record<Watchlist['sound'], string> = {
  none: 'No sound',
  soft: 'Soft tone',
  bright: 'Bright tone',
  double: 'Double tone',
};

export const NOTIFY_LABEL: Record<Watchlist['notify'], string> = {
  none: 'Mark only',
  toast: 'Pop-up in open tabs',
};

/** An entry as it reads in a list: $SOL, “exploit”, /hack(ed)?/. */
export function describeEntry(entry: WatchEntry): string {
  if (entry.kind === 'symbol') return `$${entry.value}`;
  if (entry.kind === 'word') return `“${entry.value}”`;
  return `/${entry.value}/`;
}
