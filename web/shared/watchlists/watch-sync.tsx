import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import type { WatchHitEvent } from '@contract/watchlists';
import { orpc } from '~/lib/rpc';
import { getNewsView } from '~/shared/news/news-view';
import { playNewsBeep } from '~/shared/news/news-sound';
import { addLiveHit, resetWatchStore, setWatchHistory, setWatchlists } from './watch-store';

/** How many recent hits mark rows after a load (the live ones add to them). */
const HISTORY = 500;

export const watchlistsQuery = orpc.listWatchlists.queryOptions({ staleTime: 60_000 });

/** Loads the signed-in user's lists and recent hits into the watch store (mounted once, for approved users). */
export function WatchlistSync() {
  const { data: lists } = useQuery(watchlistsQuery);
  const { data: history } = useQuery(orpc.listWatchHits.queryOptions({ input: { limit: HISTORY }, staleTime: 60_000 }));
  useEffect(() => {
    if (lists) setWatchlists(lists);
  }, [lists]);
  useEffect(() => {
    if (history) setWatchHistory(history);
  }, [history]);
  useEffect(() => resetWatchStore, []);
  return null;
}

const TONE = { soft: 'low', bright: 'high', double: 'critical' } as const;

/**
 * A live hit from the alert stream: marks the row, and rings and toasts as the lists it hit ask
 * (the lists are read first when the hit comes before they have loaded).
 */
export async function onWatchHit(event: WatchHitEvent, queryClient: QueryClient) {
  addLiveHit(event);
  const all = await queryClient.ensureQueryData(watchlistsQuery).catch(() => []);
  const lists = all.filter((l) => event.watchlistIds.includes(l.id));
  const sound = lists.map((l) => l.sound).find((s) => s !== 'none');
  if (sound && !getNewsView().muted) playNewsBeep(TONE[sound as keyof typeof TONE]);
  if (lists.some((l) => l.notify === 'toast'))
    toast(event.title, {
      id: `watch-${event.itemId}`,
      description: `Watchlist: ${lists.map((l) => l.name).join(', ')}${event.symbols.length ? ` · ${event.symbols.join(' ')}` : ''}`,
    });
}
