import { useId, useState, type KeyboardEvent } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { Input } from '~/components/ui/input';
import { PlusIcon, XIcon } from '~/components/layout/icons';
import { cn } from '~/lib/cn';
import { nextRowIndex } from '~/components/ui/data-table';
import { lineColor } from './line-chart';
import { findTraders, type PickableTrader } from './find-traders';

/** Options listed at once: a desk of 500 is searched by name, never listed whole. */
const SHOWN = 50;

/**
 * Up to `max` traders picked from the whole desk: the picked ones as chips in their line colour
 * (each removable), the others found by name in a popover listbox (arrow keys, Enter).
 */
export function TraderPicker({
  traders,
  chosen,
  onChange,
  max,
}: {
  traders: PickableTrader[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  max: number;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const byId = new Map(traders.map((t) => [t.traderId, t]));
  const { shown, more } = open ? findTraders(traders, query, chosen, SHOWN) : { shown: [], more: 0 };
  const full = chosen.length >= max;
  const current = Math.min(active, shown.length - 1);

  const add = (id: string) => {
    const next = [...chosen, id];
    onChange(next);
    setQuery('');
    setActive(0);
    if (next.length >= max) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && shown[current]) {
      event.preventDefault();
      add(shown[current].traderId);
      return;
    }
    // Home/End stay the input's own (caret) keys.
    if (event.key === 'Home' || event.key === 'End') return;
    const next = nextRowIndex(event.key, current, shown.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    document.getElementById(`${listId}-${next}`)?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <div role="group" aria-label={`Traders compared (up to ${max})`} className="mt-2 flex flex-wrap items-center gap-2">
      {chosen.map((id, i) => {
        const name = byId.get(id)?.name ?? 'Unknown trader';
        return (
          <span key={id} className="inline-flex items-center gap-1.5 rounded border border-border py-0.5 pr-0.5 pl-2 text-xs">
            <span aria-hidden="true" className="inline-block h-0.5 w-3" style={{ background: lineColor(i) }} />
            {name}
            <button
              type="button"
              aria-label={`Remove ${name}`}
              onClick={() => onChange(chosen.filter((x) => x !== id))}
              className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <XIcon className="size-3" />
            </button>
          </span>
        );
      })}
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setQuery('');
          setActive(0);
        }}
      >
        <PopoverTrigger disabled={full} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'h-7' })}>
          <PlusIcon />
          Add trader
        </PopoverTrigger>
        <PopoverContent className="w-72 p-0">
          <Input
            type="search"
            autoFocus
            role="combobox"
            aria-label="Search traders"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[current] ? `${listId}-${current}` : undefined}
            placeholder="Search traders"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="rounded-b-none border-0 border-b shadow-none focus-visible:ring-0"
          />
          <ul id={listId} role="listbox" aria-label="Traders" className="max-h-64 overflow-auto p-1">
            {shown.map((t, i) => (
              <li
                key={t.traderId}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                onPointerMove={() => setActive(i)}
                onClick={() => add(t.traderId)}
                className={cn(
                  'cursor-pointer truncate rounded px-2 py-1.5 text-sm',
                  i === current && 'bg-accent text-accent-foreground',
                )}
              >
                {t.name}
              </li>
            ))}
          </ul>
          {shown.length === 0 ? (
            <p className="px-3 pb-3 text-sm text-muted-foreground">
              {query ? `No trader matches “${query}”.` : 'Every trader is picked.'}
            </p>
          ) : more > 0 ? (
            <p className="border-t border-border px-3 py-2 text-xs text-muted-foreground">{more} more: type a name to narrow.</p>
          ) : null}
        </PopoverContent>
      </Popover>
      <span className="text-xs text-muted-foreground">
        {chosen.length} of {max}
        {full ? ': remove one to add another' : ''}
      </span>
    </div>
  );
}
