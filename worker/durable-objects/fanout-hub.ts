import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import { EventStreamFanout, KEEP_ALIVE_MS } from './event-stream-fanout';
import { REPLAY_LIMIT, ReplayLog } from './replay-log';
import { streamRevocations } from '../wiring/second-factor';

/**
 * A hub that only relays: GET subscribes an event stream, `publish` (RPC) sends to every subscriber.
 * Streams end when their grant's access ends (see EventStreamFanout). Every event is numbered and
 * kept in the object's SQLite storage (ReplayLog), so a client that reconnects with its last id —
 * even to a restarted object — gets exactly what it missed. `?exclude=tag,…` subscribes without
 * the events `tagsOf` marks with those tags (subscribers with the same exclusions share a fan-out).
 */
export class FanoutHub<T> extends DurableObject<Bindings> {
  private readonly log = new ReplayLog(this.ctx.storage.sql, this.replayLimit());
  private readonly fanouts = new Map<string, EventStreamFanout<T>>();

  /** How many events the hub keeps for resuming clients (its events' size times this is stored). */
  protected replayLimit(): number {
    return REPLAY_LIMIT;
  }

  /** The tags subscribers may exclude; none unless a hub says so. */
  protected tagsOf(_event: T): string[] {
    return [];
  }

  async fetch(request: Request): Promise<Response> {
    const exclude = [...new Set(new URL(request.url).searchParams.get('exclude')?.split(',').filter(Boolean))].sort();
    const key = exclude.join(',');
    let fanout = this.fanouts.get(key);
    if (!fanout) {
      fanout = new EventStreamFanout<T>(() => this.fanouts.delete(key), KEEP_ALIVE_MS, streamRevocations(this.env), {
        log: this.log,
        exclude,
      });
      this.fanouts.set(key, fanout);
    }
    return fanout.subscribe(request);
  }

  /** Live subscribers right now (the admins' status section). */
  subscriberCount(): number {
    let count = 0;
    for (const fanout of this.fanouts.values()) count += fanout.size;
    return count;
  }

  /** Resolves to how many subscribers there were. */
  async publish(event: T): Promise<number> {
    const tags = this.tagsOf(event);
    const bytes = this.log.append(event, tags);
    await Promise.all([...this.fanouts.values()].map((fanout) => fanout.relay(bytes, tags)));
    return this.subscriberCount();
  }
}
