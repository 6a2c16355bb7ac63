import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import { EventStreamFanout } from './event-stream-fanout';

/** A hub that only relays: GET subscribes an event stream, `publish` (RPC) sends to every subscriber. */
export class FanoutHub<T> extends DurableObject<Bindings> {
  private readonly fanout = new EventStreamFanout<T>();

  async fetch(request: Request): Promise<Response> {
    return this.fanout.subscribe(request);
  }

  /** Resolves to how many subscribers there were. */
  async publish(event: T): Promise<number> {
    await this.fanout.broadcast(event);
    return this.fanout.size;
  }
}
