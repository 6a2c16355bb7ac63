import { decodeFeedCursor } from '../../domains/news/feed/feed-cursor';
import { queryFeed } from '../../domains/news/feed/feed-page';
import { toFtsSearch } from '../../domains/news/feed/fts-query';
import { ingestNews } from '../../domains/news/ingest/ingest';
import { normaliseFeedSearch } from '../../domains/news/feed/search-params';
import { newsIngestDeps } from '../../wiring/news-ingest';
import { domainError } from '../../lib/domain-error';
import { admin, approved } from '../procedures';
import { createNewsDb } from '../../db/client';
import { users } from '../../db/schema/users';
import { eq } from 'drizzle-orm';

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
    // The author is the caller's name, read beside the caller's check and the ingest's first reads
    // (checked alongside: `actor` is there only once the check has read it, access-policy.ts).
    const author = context.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, context.session.sub))
      .get()
      .then((row) => row?.name ?? context.session.sub);
    const result = await ingestNews(
      newsIngestDeps(context.env, context.db),
      {
        source: { id: 'manual', kind: 'manual', name: 'Manual' },
        externalId: crypto.randomUUID(),
        publishedAt: now,
        receivedAt: now,
        title: input.title,
        body: input.body,
        url: input.url,
        isTest: input.isTest,
      },
      { importance: input.importance, addSymbols: input.symbols, author },
    );
    return { item: result.status === 'stored' ? result.item : null, duplicate: result.status === 'duplicate' };
  }),
};
