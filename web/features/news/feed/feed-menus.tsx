import type { SourceDto as NewsSource } from '@contract/server-fns/news-sources';
import { SOURCE_KINDS } from '@contract/enums';
import { ChevronDown } from '~/components/layout/icons';
import { Button } from '~/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { SOURCE_KIND_LABEL } from '~/shared/news/news-format';
import { setNewsView, type NewsViewState } from '~/shared/news/news-view';

/** The feed toolbar's two menus: sources (in the URL) and the per-browser view. */
export function SourcesFilter({
  value,
  sources,
  onChange,
}: {
  value: readonly string[] | undefined;
  sources: readonly NewsSource[];
  onChange: (next: string[]) => void;
}) {
  const selected = new Set(value ?? []);
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onChange([...next]);
  };
  const known = new Set<string>([...SOURCE_KINDS, ...sources.map((s) => s.id)]);
  const unknown = [...selected].filter((id) => !known.has(id));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-8" data-testid="sources-filter">
          Sources
          {selected.size ? <span className="tabular rounded bg-primary/15 px-1 text-primary">{selected.size}</span> : null}
          <ChevronDown className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Kinds</DropdownMenuLabel>
        {SOURCE_KINDS.map((kind) => (
          <DropdownMenuCheckboxItem
            key={kind}
            checked={selected.has(kind)}
            onCheckedChange={(checked) => toggle(kind, checked === true)}
            onSelect={(event) => event.preventDefault()}
            data-testid={`source-option-${kind}`}
          >
            {SOURCE_KIND_LABEL[kind] ?? kind}
          </DropdownMenuCheckboxItem>
        ))}
        {sources.length || unknown.length ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Sources</DropdownMenuLabel>
            {sources.map((source) => (
              <DropdownMenuCheckboxItem
                key={source.id}
                checked={selected.has(source.id)}
                onCheckedChange={(checked) => toggle(source.id, checked === true)}
                onSelect={(event) => event.preventDefault()}
              >
                <span className="truncate">{source.name}</span>
                <span className="ml-auto pl-2 text-xs text-muted-foreground">
                  {SOURCE_KIND_LABEL[source.kind] ?? source.kind}
                </span>
              </DropdownMenuCheckboxItem>
            ))}
            {unknown.map((id) => (
              <DropdownMenuCheckboxItem
                key={id}
                checked
                onCheckedChange={() => toggle(id, false)}
                onSelect={(event) => event.preventDefault()}
              >
                <span className="truncate font-mono text-xs">{id}</span>
              </DropdownMenuCheckboxItem>
            ))}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Test/garbage visibility and mute: per browser, not part of the shareable URL. */
export function ViewMenu({ view }: { view: NewsViewState }) {
  const hidden = !view.showTest || !view.showGarbage;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="h-8" data-testid="view-menu">
          View
          {!hidden ? <span className="sr-only">(showing test and garbage items)</span> : null}
          <ChevronDown className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuCheckboxItem
          checked={view.showTest}
          onCheckedChange={(checked) => setNewsView({ showTest: checked === true })}
          onSelect={(event) => event.preventDefault()}
          data-testid="view-show-test"
        >
          Show test headlines
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem
          checked={view.showGarbage}
          onCheckedChange={(checked) => setNewsView({ showGarbage: checked === true })}
          onSelect={(event) => event.preventDefault()}
          data-testid="view-show-garbage"
        >
          Show garbage
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem
          checked={view.muted}
          onCheckedChange={(checked) => setNewsView({ muted: checked === true })}
          onSelect={(event) => event.preventDefault()}
        >
          Mute sounds here <kbd className="ml-auto font-mono text-xs text-muted-foreground">m</kbd>
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
