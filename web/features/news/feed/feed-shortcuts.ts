import { useEffect, type RefObject } from 'react';
import type { Shortcut } from '~/components/ui/shortcuts-dialog';
import { getNewsView, setNewsView } from '~/shared/news/news-view';
import { unlockNewsSound } from '~/shared/news/news-sound';
import type { NewsListHandle } from './news-list';

/** The feed's keyboard shortcuts (docs/PRODUCT-RULES.md §9: listed in a help overlay opened with `?`). */
export const FEED_SHORTCUTS: Shortcut[] = [
  { keys: ['j', '↓'], label: 'Next headline' },
  { keys: ['k', '↑'], label: 'Previous headline' },
  { keys: ['g', 'Home'], label: 'First headline (newest)' },
  { keys: ['G', 'End'], label: 'Last loaded headline' },
  { keys: ['o', 'Enter'], label: 'Open the headline’s link in a new tab (or show its text)' },
  { keys: ['/'], label: 'Search headlines' },
  { keys: ['Esc'], label: 'Leave the search box, back to the list' },
  { keys: ['w'], label: 'Only headlines that hit my watchlists (on or off)' },
  { keys: ['m'], label: 'Mute or unmute sounds in this browser' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

export const FEED_SHORTCUTS_HINT = 'Work the feed without the mouse. Shortcuts pause while you type in a field.';

const isTyping = (element: Element) =>
  element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;

/** The feed's keys (FEED_SHORTCUTS) on the document, and the first gesture unlocking the beeps. */
export function useFeedKeys({
  listRef,
  searchRef,
  onShortcuts,
  onToggleWatchOnly,
}: {
  listRef: RefObject<NewsListHandle | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Keep both stable (useCallback). */
  onShortcuts: () => void;
  onToggleWatchOnly: () => void;
}) {
  // Keyboard first (docs/PRODUCT-RULES.md §9). Shortcuts pause while typing or while a dialog or menu is open.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : document.body;
      if (target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      const list = listRef.current;
      if (isTyping(target)) {
        if (event.key === 'Escape' && target === searchRef.current) {
          event.preventDefault();
          searchRef.current?.blur();
          list?.focusCurrent();
        }
        return;
      }
      switch (event.key) {
        case 'j':
        case 'ArrowDown':
          list?.move(1);
          break;
        case 'k':
        case 'ArrowUp':
          list?.move(-1);
          break;
        case 'g':
        case 'Home':
          list?.moveTo('first');
          break;
        case 'G':
        case 'End':
          list?.moveTo('last');
          break;
        case 'o':
          list?.openCurrent();
          break;
        case 'Enter':
          // Links and buttons keep their own Enter; on a row it opens the headline.
          if (!target.matches('article[data-index]')) return;
          list?.openCurrent();
          break;
        case '/':
          searchRef.current?.focus();
          searchRef.current?.select();
          break;
        case '?':
          onShortcuts();
          break;
        case 'm':
          setNewsView({ muted: !getNewsView().muted });
          break;
        case 'w':
          onToggleWatchOnly();
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    // Browsers start audio only after a gesture: the first key or click enables the beeps.
    const unlock = () => unlockNewsSound();
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [listRef, searchRef, onShortcuts, onToggleWatchOnly]);
}
