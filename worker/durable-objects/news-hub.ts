import type { NewsItemDto } from '../contract/news';
import { FanoutHub } from './fanout-hub';

/** Tags of news items a stream subscriber can leave out on the server (`?exclude=garbage,test`). */
export const NEWS_TAGS = ['garbage', 'test'] as const;

/** The one news feed hub: every open feed subscribes here; ingest publishes each stored item. */
export class NewsHub extends FanoutHub<NewsItemDto> {
  protected override tagsOf(item: NewsItemDto): string[] {
    return [...(item.isGarbage ? ['garbage'] : []), ...(item.isTest ? ['test'] : [])];
  }
}
