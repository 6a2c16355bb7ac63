import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { Importance, OrderSide } from '@contract/enums';
import type { NewsItem } from '~/shared/news/news-feed';
import { unlockNewsSoundOnFirstGesture } from '~/shared/news/news-sound';
import { setNewsView } from '~/shared/news/news-view';
import type { HeadlineListHandle } from './headline-list';
import type { Market } from '~/shared/prices/market';
import { CHORD_MS, chordStep } from './orders/order-chord';
import type { OrderPanelHandle } from './orders/order-panel';
import { IMPORTANCE_KEYS, isTyping } from './shortcuts';

/** The headline's symbols that have a market (all of them until the listing is known). */
export const tradable = (item: NewsItem | undefined, market: Market | undefined) =>
  item ? item.symbols.filter((s) => !market || market.listed.has(s)) : [];

/** Why b1–b3 / s1–s3 did nothing: said to the trader instead of silently ignoring the keys. */
export function whyNoOrder(selected: NewsItem | undefined, market: Market | undefined): string {
  if (!selected) return 'Select a headline first (j/k): b1–b3 and s1–s3 trade its symbol.';
  if (!selected.symbols.length) return 'This headline has no symbol: there is nothing to trade.';
  if (!market) return 'The market is still loading: try again in a moment.';
  if (!tradable(selected, market).length)
    return `${selected.symbols.join(', ')}: not listed on ${market.source === 'simulated' ? 'the simulated market' : 'Binance USDⓈ-M futures'}, so there is nothing to trade.`;
  return 'No account to trade on: ask an admin to assign one to you.';
}

/** What the keys act on, as of the latest render. */
interface KeyState {
  move: (delta: number) => void;
  openChart: () => void;
  selected: NewsItem | undefined;
  chartSymbol: string | null;
  toggleNotify: () => Promise<void>;
  market: Market | undefined;
  muted: boolean;
}

interface TerminalKeys {
  refs: {
    list: RefObject<HeadlineListHandle | null>;
    symbol: RefObject<HTMLInputElement | null>;
    search: RefObject<HTMLInputElement | null>;
    order: RefObject<OrderPanelHandle | null>;
  };
  state: KeyState;
  setHidden: Dispatch<SetStateAction<ReadonlySet<Importance>>>;
  setChartSymbol: (symbol: string | null) => void;
  setHelpOpen: (open: boolean) => void;
}

/** b or s waiting for its size key (1–3). */
interface Chord {
  side: OrderSide;
  at: number;
  timer: ReturnType<typeof setTimeout>;
  filterOpened?: boolean;
}

/**
 * The terminal's keyboard (shortcuts.ts lists it): one key map for the single keys, and the b/s
 * chords (b1–b3, s1–s3; s alone opens the symbol filter). Keys pause while a dialog is open or
 * while typing in a field (Esc or Enter leaves the field).
 */
export function useTerminalKeys({ refs, state, setHidden, setChartSymbol, setHelpOpen }: TerminalKeys) {
  const keyState = useRef(state);
  useEffect(() => {
    keyState.current = state;
  });
  const chord = useRef<Chord | null>(null);
  const latest = useRef({ refs, setHidden, setChartSymbol, setHelpOpen });

  useEffect(() => {
    const { refs: r, setHidden: hide, setChartSymbol: chartOf, setHelpOpen: help } = latest.current;
    const focusSymbolFilter = () => {
      r.symbol.current?.focus();
      r.symbol.current?.select();
    };
    /** A single key's action; 'pass' leaves the key to the browser. */
    const KEYS: Record<string, (k: KeyState, target: Element) => void | 'pass'> = {
      j: (k) => k.move(1),
      ArrowDown: (k) => k.move(1),
      k: (k) => k.move(-1),
      ArrowUp: (k) => k.move(-1),
      Enter: (k, target) => {
        if (target.closest('a, button')) return 'pass';
        if (k.selected?.url) window.open(k.selected.url, '_blank', 'noopener,noreferrer');
      },
      f: focusSymbolFilter,
      x: () => r.order.current?.close(Date.now()),
      t: () => r.order.current?.moveProtection('TAKE_PROFIT_MARKET'),
      l: () => r.order.current?.moveProtection('STOP_MARKET'),
      '/': () => {
        r.search.current?.focus();
        r.search.current?.select();
      },
      c: (k) => k.openChart(),
      m: (k) => setNewsView({ muted: !k.muted }),
      n: (k) => void k.toggleNotify(),
      '?': () => help(true),
      Escape: (k) => {
        if (k.chartSymbol) chartOf(null);
        r.list.current?.focus();
      },
    };

    /** The key after b / s: true when it was the chord's (nothing else to do with it). */
    function finishChord(event: KeyboardEvent, pending: Chord): boolean {
      // A size sends the order; after s anything else opens the symbol filter (focused now, so this
      // very key types into it). Times are the keys' own (event.timeStamp): on a busy page the timer
      // may run before a size key pressed in time, and the size still counts.
      chord.current = null;
      clearTimeout(pending.timer);
      const step = event.timeStamp - pending.at <= CHORD_MS ? chordStep(pending.side, event.key) : ({ kind: 'none' } as const);
      if (step.kind === 'order') {
        event.preventDefault();
        if (pending.filterOpened) r.list.current?.focus();
        if (r.order.current?.ready()) r.order.current.order(step.side, step.size, Date.now());
        else r.order.current?.explain(whyNoOrder(keyState.current.selected, keyState.current.market));
        return true;
      }
      if (pending.filterOpened) return false;
      if (step.kind === 'filter') focusSymbolFilter();
      else if (step.kind === 'cancel') event.preventDefault();
      return step.kind === 'filter' || step.kind === 'cancel';
    }

    /** b or s: both wait for a size key, whether or not an order can be made ("b1" with nothing to trade says why). */
    function startChord(event: KeyboardEvent) {
      const side: OrderSide = event.key === 'b' ? 'BUY' : 'SELL';
      const pending: Chord = { side, at: event.timeStamp, filterOpened: false, timer: setTimeout(() => undefined) };
      pending.timer = setTimeout(() => {
        // s alone: the symbol filter. A size key that was pressed in time may still follow.
        if (side === 'SELL') {
          pending.filterOpened = true;
          focusSymbolFilter();
        } else if (chord.current === pending) chord.current = null;
      }, CHORD_MS);
      chord.current = pending;
      event.preventDefault();
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const target = event.target instanceof Element ? event.target : document.body;
      if (chord.current && finishChord(event, chord.current)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(target)) {
        if (event.key === 'Escape' || (event.key === 'Enter' && target !== r.search.current)) {
          event.preventDefault();
          (target as HTMLElement).blur();
          r.list.current?.focus();
        } else if (event.key === 'Enter') {
          event.preventDefault();
          r.list.current?.focus();
        }
        return;
      }
      const level = IMPORTANCE_KEYS[event.key];
      if (level) {
        hide((prev) => {
          const next = new Set(prev);
          if (!next.delete(level)) next.add(level);
          return next;
        });
      } else if (event.key === 'b' || event.key === 's') {
        return startChord(event);
      } else {
        const action = KEYS[event.key];
        if (!action || action(keyState.current, target) === 'pass') return;
      }
      event.preventDefault();
      // The list keeps the focus across updates (aria-activedescendant); bring it back there.
      if (!isTyping(document.activeElement ?? document.body) && event.key !== '?') r.list.current?.focus();
    }

    document.addEventListener('keydown', onKeyDown);
    const stopUnlock = unlockNewsSoundOnFirstGesture();
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stopUnlock();
    };
  }, []);
}
