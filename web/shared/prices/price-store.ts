import type { PriceTick } from '@contract/prices';

/**
 * The terminal's live prices, outside React state: each chip subscribes to its own symbol, so a
 * tick touches only the chips whose price changed (50 symbols a second stay cheap). The data is
 * updated at once; listeners are told once per animation frame (`schedule`), however many ticks
 * came in between, so a burst costs one DOM update. A short history per symbol gives the 1- and
 * 5-minute changes of the selected headline.
 */
export interface PricePoint {
  price: number;
  /** ms since epoch of the upstream read */
  ts: number;
  /** The previous different price, for the up/down flash. */
  previous: number | undefined;
}

/** 10 minutes at one tick a second. */
const HISTORY = 600;

type Listener = () => void;

/**
 * A user-timing mark the bench finds in a Chromium trace (bench/terminal.mjs: the tasks holding the
 * tick and its frame are the work per update). Cleared at once: nothing piles up in the page.
 */
function mark(name: string) {
  if (typeof performance === 'undefined' || !performance.mark) return;
  performance.mark(name);
  performance.clearMarks(name);
}
type Schedule = (flush: () => void) => void;

const nextFrame: Schedule = (flush) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(flush) : queueMicrotask(flush);

export class PriceStore {
  private readonly points = new Map<string, PricePoint>();
  private readonly history = new Map<string, { ts: number; price: number }[]>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();
  upstream: PriceTick['upstream'] = 'live';
  upstreamError: string | undefined;
  private readonly pending = new Set<string>();
  private scheduled = false;

  /** `schedule` runs the notification (tests pass one that runs it at once). */
  constructor(private readonly schedule: Schedule = nextFrame) {}

  get(symbol: string): PricePoint | undefined {
    return this.points.get(symbol);
  }

  subscribe(symbol: string, listener: Listener): () => void {
    let set = this.listeners.get(symbol);
    if (!set) this.listeners.set(symbol, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Every tick (the status bar, the chart's last candle). */
  subscribeAll(listener: Listener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  apply(tick: PriceTick) {
    mark('terminal:price-tick');
    this.upstream = tick.upstream;
    this.upstreamError = tick.error;
    for (const [symbol, price] of Object.entries(tick.prices)) {
      const point = this.points.get(symbol);
      const history = this.history.get(symbol) ?? [];
      if (history.at(-1)?.ts !== tick.ts) history.push({ ts: tick.ts, price });
      if (history.length > HISTORY) history.splice(0, history.length - HISTORY);
      this.history.set(symbol, history);
      if (point?.price === price) continue;
      this.points.set(symbol, { price, ts: tick.ts, previous: point?.price });
      this.pending.add(symbol);
    }
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(this.flush);
  }

  private readonly flush = () => {
    mark('terminal:price-frame');
    this.scheduled = false;
    const changed = [...this.pending];
    this.pending.clear();
    for (const symbol of changed) for (const listener of this.listeners.get(symbol) ?? []) listener();
    for (const listener of this.anyListeners) listener();
  };

  /** The price `ms` ago (the oldest point at or before then), if the history reaches back that far. */
  priceAgo(symbol: string, ms: number, now = Date.now()): number | undefined {
    const history = this.history.get(symbol);
    if (!history?.length || history[0]!.ts > now - ms) return undefined;
    let found = history[0]!.price;
    for (const point of history) {
      if (point.ts > now - ms) break;
      found = point.price;
    }
    return found;
  }
}

/** Percent change from `from` to `to`, or undefined without both. */
export function changePercent(from: number | undefined, to: number | undefined): number | undefined {
  if (from === undefined || to === undefined || from <= 0) return undefined;
  return ((to - from) / from) * 100;
}
