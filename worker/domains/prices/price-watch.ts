import type { PriceTick } from '../../contract/prices';
import { exchangeSymbol, type MarkPriceUpstream } from './upstream';

/** After a failed read the next waits 1 tick, then 2, 4 … up to this long. */
export const MAX_BACKOFF_MS = 30_000;

/**
 * The PriceHub's upstream side: one subscription per symbol, counted by how many viewers (streams)
 * want it, opened when the first arrives and closed when the last leaves; one upstream read per
 * tick for all open subscriptions while there are any. A failed read marks the prices 'down' and
 * retries with backoff; the first good read after it brings them back (recovery from a drop).
 */
export class PriceWatch {
  private readonly refs = new Map<string, number>();
  private readonly last = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private failures = 0;
  private retryAt = 0;
  private reading = false;
  private state: { upstream: 'live' | 'down'; error?: string; ts: number } = { upstream: 'live', ts: 0 };
  subscriptionsOpened = 0;
  reads = 0;
  readFailures = 0;

  constructor(
    private readonly upstream: () => MarkPriceUpstream,
    private readonly onTick: () => Promise<void>,
    private readonly tickMs: number,
  ) {}

  /** Symbols with an open upstream subscription. */
  get symbols(): string[] {
    return [...this.refs.keys()];
  }

  watch(symbols: readonly string[]) {
    for (const symbol of symbols) {
      const n = this.refs.get(symbol) ?? 0;
      if (n === 0) this.subscriptionsOpened++;
      this.refs.set(symbol, n + 1);
    }
    this.timer ??= setInterval(() => void this.tick(), this.tickMs);
  }

  unwatch(symbols: readonly string[]) {
    for (const symbol of symbols) {
      const n = (this.refs.get(symbol) ?? 0) - 1;
      if (n > 0) {
        this.refs.set(symbol, n);
        continue;
      }
      this.refs.delete(symbol);
      this.last.delete(symbol);
    }
    if (this.refs.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.failures = 0;
    this.retryAt = 0;
  }

  /** The tick for one viewer's symbols (those with a price so far). */
  tickFor(symbols: readonly string[]): PriceTick {
    const prices: Record<string, number> = {};
    for (const symbol of symbols) {
      const price = this.last.get(symbol);
      if (price !== undefined) prices[symbol] = price;
    }
    const tick: PriceTick = { ts: this.state.ts, prices, upstream: this.state.upstream };
    if (this.state.error) tick.error = this.state.error;
    return tick;
  }

  hasAllPrices(symbols: readonly string[]) {
    return symbols.every((s) => this.last.has(s));
  }

  /** Reads now (a new viewer gets prices at once rather than after a tick). */
  async readNow() {
    await this.tick();
  }

  private async tick() {
    if (this.reading || this.refs.size === 0 || Date.now() < this.retryAt) return;
    this.reading = true;
    const symbols = this.symbols;
    try {
      this.reads++;
      const marks = await this.upstream().read(symbols.map(exchangeSymbol));
      for (const symbol of symbols) {
        const price = marks[exchangeSymbol(symbol)];
        if (price !== undefined && this.refs.has(symbol)) this.last.set(symbol, price);
      }
      this.failures = 0;
      this.retryAt = 0;
      this.state = { upstream: 'live', ts: Date.now() };
    } catch (err) {
      this.readFailures++;
      this.retryAt = Date.now() + Math.min(this.tickMs * 2 ** this.failures, MAX_BACKOFF_MS);
      this.failures++;
      this.state = { upstream: 'down', ts: Date.now(), error: err instanceof Error ? err.message : 'Price feed unavailable' };
    } finally {
      this.reading = false;
    }
    if (this.refs.size > 0) await this.onTick();
  }
}
