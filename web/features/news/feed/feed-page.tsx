import { useQuery } from '@tanstack/react-query';
import { NEWS_SETTINGS_DEFAULTS as DEFAULT_NEWS_SETTINGS } from '@contract/server-fns/news-settings-defaults';
import { newsSettingsQuery, sourcesQuery } from '~/shared/news/news-settings-queries';
import type { SourceDto as NewsSource } from '@contract/server-fns/news-sources';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConnectionBadge } from '~/components/ui/connection-badge';
import { SpeakerIcon } from '~/components/layout/icons';
import { PageHeader } from '~/components/layout/page';
import { Button } from '~/components/ui/button';
import { isWatchHit, useWatchVersion } from '~/shared/watchlists/watch-store';
import { FeedSkeleton } from './feed-skeleton';
import { errorMessage } from '~/lib/http-error';
import { canPageOlder, hasActiveFilters, type NewsItem } from '~/shared/news/news-feed';
import { playNewsBeep, showNewsNotification } from '~/shared/news/news-sound';
import { setNewsView, useNewsView } from '~/shared/news/news-view';
import { NO_FEED_FILTERS } from '~/shared/news/news-search';
import { permissions, userQuery } from '~/lib/user-query';
import { FeedToolbar, type FeedSearchPatch } from './feed-toolbar';
import { NewsList, type NewsListHandle } from './news-list';
import { FeedPrices, SimulatedPricesBadge } from './feed-prices';
import { PostHeadlineDialog } from './post-headline-dialog';
import { ShortcutsDialog } from '~/components/ui/shortcuts-dialog';
import { FEED_SHORTCUTS, FEED_SHORTCUTS_HINT, useFeedKeys } from './feed-shortcuts';
import { useNewsFeed } from './use-news-feed';

const NO_SOURCES: NewsSource[] = [];

/**
 * /news/feed (docs/PRODUCT-RULES.md §7): filters in the URL, the newest headlines first, new ones streaming in
 * live at the top, sound and highlight per the user's general settings, keyboard first.
 */
export function NewsFeedPage() {
  const search = useSearch({ from: '/_approved/news/feed' });
  const navigate = useNavigate({ from: '/news/feed' });
  const { data: user } = useQuery(userQuery);
  const { admin: isAdmin, terminal: livePrices } = permissions(user);
  const view = useNewsView();
  const settingsQuery = useQuery(newsSettingsQuery);
  const settings = settingsQuery.data ?? DEFAULT_NEWS_SETTINGS;
  const sources = useQuery(sourcesQuery).data ?? NO_SOURCES;
  const sourceNames = useMemo(() => new Map(sources.map((source) => [source.id, source.name])), [sources]);

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [postOpen, setPostOpen] = useState(false);
  const listRef = useRef<NewsListHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const latest = useRef({ settings, view });
  useEffect(() => {
    latest.current = { settings, view };
  });

  const onArrive = useCallback((item: NewsItem) => {
    const { settings: s, view: v } = latest.current;
    if (!v.muted && s.sounds[item.importance]) playNewsBeep(item.importance);
    if (s.desktopNotifications && document.hidden && (item.importance === 'critical' || item.importance === 'high'))
      showNewsNotification(item);
  }, []);

  const { query, items, stream, arrivals, complete } = useNewsFeed({ search, view, onArrive });

  const onChange = useCallback(
    (patch: FeedSearchPatch, options?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace }),
    [navigate],
  );
  const clearFilters = useCallback(
    () =>
      void navigate({
        search: (prev) => ({ ...prev, ...NO_FEED_FILTERS }),
      }),
    [navigate],
  );
  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const toggleWatchOnly = useCallback(
    () => void navigate({ search: (prev) => ({ ...prev, watchOnly: prev.watchOnly ? undefined : true }) }),
    [navigate],
  );
  const addSymbol = useCallback(
    (symbol: string) =>
      void navigate({
        search: (prev) => ({
          ...prev,
          symbols: prev.symbols?.includes(symbol) ? prev.symbols : [...(prev.symbols ?? []), symbol],
        }),
      }),
    [navigate],
  );

  // The user's default filters apply when the feed opens without any (once per visit).
  const defaultsApplied = useRef(false);
  useEffect(() => {
    if (defaultsApplied.current || !settingsQuery.data) return;
    defaultsApplied.current = true;
    if (hasActiveFilters(search)) return;
    const d = settingsQuery.data.defaultFilters;
    const patch: FeedSearchPatch = {};
    if (d.importance?.length) patch.importance = d.importance;
    if (d.symbols?.length) patch.symbols = d.symbols;
    if (d.sources?.length) patch.sources = d.sources;
    if (d.onePctMovement) patch.onePctMovement = true;
    if (Object.keys(patch).length) onChange(patch, { replace: true });
  }, [settingsQuery.data, search, onChange]);

  useFeedKeys({ listRef, searchRef, onShortcuts: openShortcuts, onToggleWatchOnly: toggleWatchOnly });

  const filtered = hasActiveFilters(search);
  const pageable = canPageOlder(search);
  const resetKey = JSON.stringify([search, view.showTest, view.showGarbage]);
  const loadMore = useCallback(() => void query.fetchNextPage(), [query]);
  const watchVersion = useWatchVersion();
  const watchHits = useMemo(
    () => ({ count: search.watchOnly ? items.length : items.filter((item) => isWatchHit(item.id)).length, more: !complete }),
    // watchVersion: a hit that arrives live re-counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, complete, search.watchOnly, watchVersion],
  );

  let body;
  if (query.isPending) {
    body = <FeedSkeleton />;
  } else if (items.length === 0 && !query.isFetching) {
    body = (
      <div
        className="flex flex-1 flex-col items-center justify-center rounded-lg border border-dashed border-border p-8 text-center text-sm"
        data-testid="news-empty"
      >
        {search.watchOnly && !(search.search || search.importance || search.symbols || search.sources) ? (
          <>
            <p className="font-medium">No headlines have hit your watchlists yet.</p>
            <p className="mt-1 text-muted-foreground">
              Headlines that match one of your lists appear here as they are published.{' '}
              <Link to="/news/watchlists" className="underline underline-offset-2">
                Manage watchlists
              </Link>
            </p>
            <Button className="mt-3" size="sm" variant="outline" onClick={clearFilters} data-testid="empty-clear-filters">
              Show every headline
            </Button>
          </>
        ) : filtered ? (
          <>
            <p className="font-medium">No news matches these filters.</p>
            <p className="mt-1 text-muted-foreground">New headlines that match appear here as they are published.</p>
            <Button className="mt-3" size="sm" variant="outline" onClick={clearFilters} data-testid="empty-clear-filters">
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <p className="font-medium">No headlines yet.</p>
            <p className="mt-1 text-muted-foreground">They appear here the moment a source publishes one.</p>
          </>
        )}
      </div>
    );
  } else {
    body = (
      <NewsList
        ref={listRef}
        items={items}
        arrivals={arrivals}
        timeFormat={settings.timeFormat}
        highlightNew={settings.highlightNew}
        sourceNames={sourceNames}
        activeSymbols={search.symbols}
        onSymbol={addSymbol}
        hasMore={pageable && !!query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        loadMoreError={query.isFetchNextPageError ? errorMessage(query.error, 'Request failed') : null}
        onLoadMore={loadMore}
        busy={query.isPlaceholderData}
        resetKey={resetKey}
        footer={
          complete ? (
            <span>End of the feed · {items.length.toLocaleString('en-US')} headlines</span>
          ) : (
            <span>
              Showing the first {items.length.toLocaleString('en-US')} headlines in this order. Sort by newest first to scroll
              further back.
            </span>
          )
        }
      />
    );
  }

  return (
    <div className="mx-auto flex min-h-0 w-full max-w-[96rem] flex-1 flex-col">
      <PageHeader
        title="News Feed"
        description="Headlines tagged with the symbols they move, newest first. Press ? for shortcuts."
        className="mb-3"
        actions={
          <>
            {livePrices ? <SimulatedPricesBadge /> : null}
            <ConnectionBadge state={stream} />
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-pressed={view.muted}
              aria-label={view.muted ? 'Unmute sounds' : 'Mute sounds'}
              title={view.muted ? 'Sounds muted in this browser (m)' : 'Mute sounds in this browser (m)'}
              onClick={() => setNewsView({ muted: !view.muted })}
              data-testid="mute-toggle"
            >
              <SpeakerIcon muted={view.muted} />
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-keyshortcuts="?"
              aria-label="Keyboard shortcuts"
              onClick={() => setShortcutsOpen(true)}
              data-testid="shortcuts-button"
            >
              <kbd className="font-mono">?</kbd>
            </Button>
            {isAdmin ? (
              <Button size="sm" onClick={() => setPostOpen(true)} data-testid="post-headline">
                Post headline
              </Button>
            ) : null}
          </>
        }
      />
      <FeedToolbar
        search={search}
        onChange={onChange}
        onClear={clearFilters}
        sources={sources}
        view={view}
        searchRef={searchRef}
        watchHits={watchHits}
      />
      <FeedPrices items={items} enabled={livePrices}>
        {body}
      </FeedPrices>
      <ShortcutsDialog
        open={shortcutsOpen}
        onOpenChange={setShortcutsOpen}
        shortcuts={FEED_SHORTCUTS}
        description={FEED_SHORTCUTS_HINT}
      />
      {isAdmin ? <PostHeadlineDialog open={postOpen} onOpenChange={setPostOpen} /> : null}
    </div>
  );
}
