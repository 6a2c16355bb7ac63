import { decodeFeedCursor } from '../../domains/news/feed/feed-cursor';
import { queryFeed } from '../../domains/news/feed/feed-page';
import { toFtsSearch } from '../../domains/news/feed/fts-query';
import { ingestNews } from '../../domains/news/ingest/ingest';
import { normaliseFeedSearch } from '../../domains/news/feed/search-params';
import { newsIngestDeps } from '../../wiring/news-ingest';
import { domainError } from '../../lib/domain-error';
import { admin, approved } from '../procedures';
import { createNewsDb } from '../../db/client';

export const newsRouter = {
  getHistoricalNews: approved.getHistoricalNews.handler(({ context, input }) => {
    const search = normaliseFeedSearch(input);
    const cursor = input.cursor === undefined ? undefined : decodeFeedCursor(input.cursor);
    if (input.cursor !== undefined && (!cursor || search.sortBy !== 'timestamp'))
      throw domainError('BAD_REQUEST', 'cursor pages the timestamp order only');
    return queryFeed(createNewsDb(context.env.NEWS_DB), {
      ...search,
      words: toFtsSearch(search.search),
      cursor,
      before: input.before,
      watchUserId: search.watchOnly ? context.session.sub : undefined,
    });
  }),

  postManualNews: admin.postManualNews.handler(async ({ context, input }) => {
    const now = Date.now();
    const result = await ingestNews(
      newsIngestDeps(context.env, context.db),
      {
        source: { id: 'manual', kind: 'manual', name: 'Manual' },
        externalId: crypto.randomUUID(),
        publishedAt: now,
        receivedAt: now,
        author: context.actor.name,
        title: input.title,
        body: input.body,
        url: input.url,
        isTest: input.isTest,
      },
      { importance: input.importance, addSymbols: input.symbols },
    );
    return { item: result.status === 'stored' ? result.item : null, duplicate: result.status === 'duplicate' };
  }),
};
