import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';
import { NEWS_SEARCH_DEFAULTS, normalizeNewsSearch } from '~/lib/news-search';

export const Route = createFileRoute('/_approved/news/feed')({
  validateSearch: normalizeNewsSearch,
  // The defaults are implied: keep them out of the address bar.
  search: { middlewares: [stripSearchParams(NEWS_SEARCH_DEFAULTS)] },
  component: NewsFeedPage,
});

function NewsFeedPage() {
  const search = Route.useSearch();
  return (
    <>
      <PageHeader title="News Feed" description="Real-time headlines tagged with the symbols they move and an importance." />
      <Placeholder
        items={[
          'Newest first, live items stream in on top',
          'Filters: importance, symbols, sources, text search, 1% movers',
          'Sound and highlight by importance',
          'Keyboard shortcuts (press ? for the list)',
        ]}
      >
        <p>
          Current view: <span className="tabular font-mono text-foreground">{search.limit}</span> items, sorted by{' '}
          <span className="font-mono text-foreground">{search.sortBy}</span>{' '}
          <span className="font-mono text-foreground">{search.sortOrder}</span>
          {search.importance ? <> · importance {search.importance.join(', ')}</> : null}
          {search.symbols ? <> · symbols {search.symbols.join(', ')}</> : null}
          {search.sources ? <> · sources {search.sources.join(', ')}</> : null}
          {search.search ? <> · “{search.search}”</> : null}
          {search.onePctMovement ? <> · 1% movers only</> : null}
        </p>
      </Placeholder>
    </>
  );
}
