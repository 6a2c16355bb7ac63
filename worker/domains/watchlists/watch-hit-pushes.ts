import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { watchlists } from '../../db/schema/watchlists';
import type { NewsItemDto } from '../../contract/news';
import { queuePushes } from '../push/queue-pushes';

/**
 * Queues a Web Push per user whose hit lists ask to notify (a list's "notify" other than none),
 * naming those lists; the user's push choices and quiet hours decide the rest (queue-pushes.ts).
 * Answers the rows queued.
 */
export async function queueWatchHitPushes(db: Db, item: NewsItemDto, hits: Map<string, string[]>, now = Date.now()) {
  const ids = [...new Set([...hits.values()].flat())];
  if (ids.length === 0) return 0;
  const lists = await db
    .select({ id: watchlists.id, name: watchlists.name, notify: watchlists.notify })
    .from(watchlists)
    // json_each: a headline may hit more lists than D1's 100 bound parameters.
    .where(sql`${watchlists.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const byId = new Map(lists.map((l) => [l.id, l]));
  const notices = [...hits].flatMap(([userId, listIds]) => {
    const names = listIds.flatMap((id) => {
      const list = byId.get(id);
      return list && list.notify !== 'none' ? [list.name] : [];
    });
    if (names.length === 0) return [];
    return [
      {
        userId,
        kind: 'watchlist' as const,
        key: `watch:${item.id}`,
        title: `${names.join(', ')} · ${item.symbols.slice(0, 3).join(' ') || item.importance}`,
        body: item.title,
        url: '/news/feed',
        tag: `watch:${item.id}`,
      },
    ];
  });
  return queuePushes(db, notices, now);
}
