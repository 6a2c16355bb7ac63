import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import type { SourceDto as NewsSource } from '@contract/server-fns/news-sources';
import { IMPORTANCE, type Importance } from '@contract/enums';
import { SearchIcon } from '~/components/layout/icons';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { NativeSelect, Options } from '~/components/ui/select';
import { cn } from '~/lib/cn';
import { hasActiveFilters } from '~/shared/news/news-feed';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';
import type { NewsSearch } from '~/shared/news/news-search';
import type { NewsViewState } from '~/shared/news/news-view';
import { TagInput } from '~/components/ui/tag-input';
import { SourcesFilter, ViewMenu } from './feed-menus';
import { WatchOnlyToggle } from './feed-watch-toggle';

export type FeedSearchPatch = Partial<NewsSearch>;

const SEARCH_DEBOUNCE_MS = 300;

const DOT: Record<Importance, string> = {
  critical: 'bg-destructive',
  high: 'bg-warning',
  medium: 'bg-primary',
  low: 'bg-muted-foreground',
};

const SORTS = [
  { value: 'timestamp:desc', label: 'Newest first' },
  { value: 'timestamp:asc', label: 'Oldest first' },
  { value: 'importance:desc', label: 'Most important' },
  { value: 'importance:asc', label: 'Least important' },
] as const;

/** Search text, debounced into ?search=; the URL wins when it changes by itself (back/forward). */
function SearchBox({
  value,
  onSearch,
  ref,
}: {
  value: string | undefined;
  onSearch: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState(value ?? '');
  const lastSent = useRef(value ?? '');

  useEffect(() => {
    const fromUrl = value ?? '';
    if (fromUrl !== lastSent.current) {
      lastSent.current = fromUrl;
      setText(fromUrl);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = next;
      onSearch(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="relative min-w-0 basis-full sm:max-w-xs sm:min-w-48 sm:flex-1 sm:basis-auto">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        ref={ref}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search headlines"
        aria-label="Search headlines"
        aria-keyshortcuts="/"
        className="h-8 pr-7 pl-8"
        maxLength={200}
        data-testid="news-search"
      />
      {text ? null : (
        <kbd
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-border px-1 font-mono text-[0.65rem] text-muted-foreground sm:block"
        >
          /
        </kbd>
      )}
    </div>
  );
}

/** Importance as a row of toggle buttons; none pressed means every importance. */
function ImportanceFilter({ value, onChange }: { value: readonly string[] | undefined; onChange: (next: Importance[]) => void }) {
  const selected = new Set(value ?? []);
  return (
    <div
      role="group"
      aria-label="Importance"
      className="flex basis-full rounded-md border border-border bg-muted p-0.5 sm:inline-flex sm:w-fit sm:basis-auto"
      data-testid="importance-filter"
    >
      {IMPORTANCE.map((level) => {
        const pressed = selected.has(level);
        return (
          <button
            key={level}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(IMPORTANCE.filter((l) => (l === level ? !pressed : selected.has(l))))}
            className={cn(
              'inline-flex h-7 flex-1 items-center justify-center gap-1.5 rounded px-2 text-xs font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring sm:flex-none',
              pressed && 'bg-background text-foreground shadow-sm',
            )}
            data-testid={`importance-${level}`}
          >
            <span aria-hidden="true" className={cn('size-2 rounded-full', DOT[level], !pressed && 'opacity-60')} />
            {IMPORTANCE_LABEL[level]}
          </button>
        );
      })}
    </div>
  );
}

/** The feed's filters, every one bound to the URL (docs/PRODUCT-RULES.md §6). */
export function FeedToolbar({
  search,
  onChange,
  onClear,
  sources,
  view,
  searchRef,
  watchHits,
}: {
  search: NewsSearch;
  /** Keep it stable (useCallback): the search box debounces through it. */
  onChange: (patch: FeedSearchPatch, options?: { replace?: boolean }) => void;
  onClear: () => void;
  sources: readonly NewsSource[];
  view: NewsViewState;
  searchRef?: Ref<HTMLInputElement>;
  /** Hits among the loaded headlines, and whether older pages may hold more. */
  watchHits: { count: number; more: boolean };
}) {
  const sort = `${search.sortBy ?? 'timestamp'}:${search.sortOrder ?? 'desc'}`;
  const knownSort = SORTS.some((s) => s.value === sort);
  const onSearch = useCallback((text: string) => onChange({ search: text || undefined }, { replace: true }), [onChange]);

  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="feed-toolbar">
      <SearchBox ref={searchRef} value={search.search} onSearch={onSearch} />
      <ImportanceFilter value={search.importance} onChange={(next) => onChange({ importance: next.length ? next : undefined })} />
      <TagInput
        value={search.symbols ?? []}
        onChange={(next) => onChange({ symbols: next.length ? next : undefined })}
        symbols
        placeholder="Symbols, e.g. BTC"
        label="Filter by symbols"
        className="min-w-40 flex-1 sm:w-56 sm:flex-none"
        inputClassName="h-5"
        fieldClassName="min-h-8 py-0.5"
        testId="symbols-filter"
        max={50}
      />
      <SourcesFilter
        value={search.sources}
        sources={sources}
        onChange={(next) => onChange({ sources: next.length ? next : undefined })}
      />
      <NativeSelect
        aria-label="Sort"
        value={knownSort ? sort : 'timestamp:desc'}
        onChange={(event) => {
          const [sortBy, sortOrder] = event.target.value.split(':');
          onChange({ sortBy, sortOrder: sortOrder === 'asc' ? 'asc' : 'desc' });
        }}
        className="w-36 sm:w-44 [&_select]:h-8"
        data-testid="news-sort"
      >
        <Options choices={SORTS} />
      </NativeSelect>
      <button
        type="button"
        aria-pressed={search.onePctMovement === true}
        onClick={() => onChange({ onePctMovement: search.onePctMovement ? undefined : true })}
        className={cn(
          'inline-flex h-8 items-center gap-1.5 rounded-md border border-input px-2.5 text-xs font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          search.onePctMovement && 'border-success/40 bg-success/10 text-success hover:text-success',
        )}
        title="Only headlines after which a symbol moved past its price-move threshold (set per symbol in News settings; default 1 % within 5 min)"
        data-testid="one-pct-filter"
      >
        <span aria-hidden="true">↕</span>Past threshold
      </button>
      <WatchOnlyToggle
        pressed={search.watchOnly === true}
        hits={watchHits.count}
        more={watchHits.more}
        onToggle={() => onChange({ watchOnly: search.watchOnly ? undefined : true })}
      />
      {hasActiveFilters(search) ? (
        <Button variant="ghost" size="sm" className="h-8 text-muted-foreground" onClick={onClear} data-testid="clear-filters">
          Clear filters
        </Button>
      ) : null}
      <span className="ml-auto" />
      <ViewMenu view={view} />
    </div>
  );
}
