import type { Shortcut } from '~/components/ui/shortcuts-dialog';

/** The feed's keyboard shortcuts (docs/PRODUCT-RULES.md §9: listed in a help overlay opened with `?`). */
export const FEED_SHORTCUTS: Shortcut[] = [
  { keys: ['j', '↓'], label: 'Next headline' },
  { keys: ['k', '↑'], label: 'Previous headline' },
  { keys: ['g', 'Home'], label: 'First headline (newest)' },
  { keys: ['G', 'End'], label: 'Last loaded headline' },
  { keys: ['o', 'Enter'], label: 'Open the headline’s link in a new tab (or show its text)' },
  { keys: ['/'], label: 'Search headlines' },
  { keys: ['Esc'], label: 'Leave the search box, back to the list' },
  { keys: ['m'], label: 'Mute or unmute sounds in this browser' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

export const FEED_SHORTCUTS_HINT = 'Work the feed without the mouse. Shortcuts pause while you type in a field.';
