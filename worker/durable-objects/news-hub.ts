import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import type { NewsItemDto } from '../contract/news';
import { EventStreamFanout } from './event-stream-fanout';

/** The one news feed hub: every open feed subscribes here; ingest publishes each stored item. */
export class NewsHub extends DurableObject<Bindings> {
  private readonly fanout = new EventStreamFanout<NewsItemDto>();

  async fetch(request: Request): Promise<Response> {
    return this.fanout.subscribe(request);
  }

  async publish(item: NewsItemDto): Promise<number> {
    await this.fanout.broadcast(item);
    return this.fanout.size;
  }
}
