import { useState } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { COMBOBOX_SHOWN, ComboboxPanel } from '~/components/ui/combobox';
import { matchOptions } from '~/components/ui/match-options';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { PlusIcon, XIcon } from '~/components/layout/icons';
import { lineColor } from './line-chart';

export interface PickableTrader {
  traderId: string;
  name: string;
}

/**
 * Up to `max` traders picked from the whole desk: the picked ones as chips in their line colour
 * (each removable), the others found by name in the shared picker panel (arrow keys, Enter).
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
  const byId = new Map(traders.map((t) => [t.traderId, t]));
  const offered = open ? traders.filter((t) => !chosen.includes(t.traderId)) : [];
  const { shown, more } = matchOptions(offered, query, (t) => t.name, COMBOBOX_SHOWN);
  const full = chosen.length >= max;

  const add = (id: string) => {
    const next = [...chosen, id];
    onChange(next);
    setQuery('');
    if (next.length >= max) setOpen(false);
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
        }}
      >
        <PopoverTrigger disabled={full} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'h-7' })}>
          <PlusIcon />
          Add trader
        </PopoverTrigger>
        <PopoverContent className="w-72 p-0">
          <ComboboxPanel
            searchLabel="Search traders"
            listLabel="Traders"
            query={query}
            onQueryChange={setQuery}
            items={shown}
            more={more}
            getKey={(t) => t.traderId}
            renderItem={(t) => <span className="block truncate">{t.name}</span>}
            onPick={(t) => add(t.traderId)}
            empty={query.trim() ? `No trader matches “${query.trim()}”.` : 'Every trader is picked.'}
          />
        </PopoverContent>
      </Popover>
      <span className="text-xs text-muted-foreground">
        {chosen.length} of {max}
        {full ? ': remove one to add another' : ''}
      </span>
    </div>
  );
}
