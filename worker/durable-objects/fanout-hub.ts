import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import { revokedGrants } from '../domains/auth/stream-grant';
import type { Bindings } from '../env';
import { EventStreamFanout, KEEP_ALIVE_MS } from './event-stream-fanout';

/**
 * A hub that only relays: GET subscribes an event stream, `publish` (RPC) sends to every subscriber.
 * Streams end when their grant's access ends (see EventStreamFanout).
 */
export class FanoutHub<T> extends DurableObject<Bindings> {
  private readonly fanout = new EventStreamFanout<T>(() => {}, KEEP_ALIVE_MS, (grants) =>
    revokedGrants(createDb(this.env.DB), grants),
  );

  async fetch(request: Request): Promise<Response> {
    return this.fanout.subscribe(request);
  }

  /** Live subscribers right now (the admins' status section). */
  subscriberCount(): number {
    return this.fanout.size;
  }

  /** Resolves to how many subscribers there were. */
  async publish(event: T): Promise<number> {
    await this.fanout.broadcast(event);
    return this.fanout.size;
  }
}
