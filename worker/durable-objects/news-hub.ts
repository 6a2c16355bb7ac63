import type { NewsItemDto } from '../contract/news';
import { FanoutHub } from './fanout-hub';

/** The one news feed hub: every open feed subscribes here; ingest publishes each stored item. */
export class NewsHub extends FanoutHub<NewsItemDto> {}
