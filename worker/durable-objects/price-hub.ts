import { DurableObject } from 'cloudflare:workers';
import type { PriceHubStats, PriceTick } from '../contract/prices';
import { readGrant } from '../domains/auth/stream-grant';
import { PriceWatch } from '../domains/prices/price-watch';
import { assertListed, assertStreamSize, StreamQuota } from '../domains/prices/stream-limits';
import { markPriceUpstreamFor } from '../wiring/price-upstream';
import type { MarkPriceUpstream } from '../domains/prices/upstream';
import { getProviderConfig, type Bindings } from '../env';
import { DomainError } from '../lib/domain-error';
import { refusalResponse } from '../lib/hub-refusal';
import { EventStreamFanout, KEEP_ALIVE_MS } from './event-stream-fanout';
import { ReplayLog } from './replay-log';
import { streamRevocations } from '../wiring/second-factor';

/**
 * Ticks kept per symbol set for resuming viewers. In memory only: ticks are state, not a log, so a
 * viewer resuming across a restart of the hub gets a reset and starts from the current prices.
 */
const PRICE_REPLAY_LIMIT = 100;

interface Group {
  symbols: string[];
  fanout: EventStreamFanout<PriceTick>;
}

/**
 * The one price hub (named 'global'): every terminal's price stream subscribes here with its
 * symbols. Viewers of the same symbol set share one fan-out (one encoding per tick); the
 * PriceWatch holds one upstream subscription per symbol across all of them. Only symbols the
 * market lists are subscribed (at most MAX_STREAM_SYMBOLS a stream), and a user holds at most
 * MAX_PRICE_STREAMS_PER_USER streams: the upstream stays one subscription per listed symbol,
 * whatever a caller asks for.
 */
export class PriceHub extends DurableObject<Bindings> {
  /** Replaced by tests to drive the upstream; built from env on first use otherwise. */
  upstream: MarkPriceUpstream | undefined;
  private readonly groups = new Map<string, Group>();
  private readonly watch = new PriceWatch(
    () => this.upstreamNow,
    () => this.broadcast(),
    getProviderConfig(this.env).prices.tickMs,
  );

  private readonly quota = new StreamQuota();

  private get upstreamNow() {
    return (this.upstream ??= markPriceUpstreamFor(this.env));
  }

  async fetch(request: Request): Promise<Response> {
    const symbols = [...new Set((new URL(request.url).searchParams.get('symbols') ?? '').split(',').filter(Boolean))].sort();
    const userId = readGrant(request)?.userId;
    try {
      assertStreamSize(symbols);
      await assertListed(this.upstreamNow, symbols);
      // After the await: the count and the take happen in one synchronous step, so two streams
      // opened at once cannot both squeeze past the limit.
      if (userId) this.quota.take(userId);
    } catch (err) {
      if (err instanceof DomainError) return refusalResponse(err);
      throw err;
    }
    const key = symbols.join(',');
    let group = this.groups.get(key);
    if (!group) {
      const fanout = new EventStreamFanout<PriceTick>(
        () => {
          this.groups.delete(key);
          this.watch.unwatch(symbols);
        },
        KEEP_ALIVE_MS,
        streamRevocations(this.env),
        { log: new ReplayLog(undefined, PRICE_REPLAY_LIMIT) },
      );
      group = { symbols, fanout };
      this.groups.set(key, group);
      this.watch.watch(symbols);
    }
    const known = this.watch.hasAllPrices(symbols);
    const release = userId ? () => this.quota.release(userId) : undefined;
    const response = group.fanout.subscribe(request, known ? this.watch.tickFor(symbols) : undefined, release);
    // Symbols new to the hub: read at once instead of leaving the chips blank for a tick.
    if (!known) void this.watch.readNow();
    return response;
  }

  stats(): PriceHubStats {
    let viewers = 0;
    for (const group of this.groups.values()) viewers += group.fanout.size;
    return {
      viewers,
      upstreamSymbols: this.watch.symbols,
      subscriptionsOpened: this.watch.subscriptionsOpened,
      upstreamReads: this.watch.reads,
      upstreamFailures: this.watch.readFailures,
    };
  }

  private async broadcast() {
    await Promise.all([...this.groups.values()].map((g) => g.fanout.broadcast(this.watch.tickFor(g.symbols))));
  }
}
