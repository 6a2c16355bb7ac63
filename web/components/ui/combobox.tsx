import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CheckIcon, ChevronDown, SearchIcon } from '~/components/layout/icons';
import { cn } from '~/lib/cn';
import { nextRowIndex } from './data-table';
import { Field, labelIdOf, type FieldProps } from './form-field';
import { matchOptions } from './match-options';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

/** Options listed at once: a desk of 500 (docs/PRODUCT-RULES.md §8) is searched, never listed whole. */
export const COMBOBOX_SHOWN = 50;
const PAGE_STEP = 10;

export interface ComboboxPanelProps<T> {
  /** The search box's accessible name ("Search traders"). */
  searchLabel: string;
  /** The list's accessible name ("Traders"). */
  listLabel: string;
  placeholder?: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** The options listed, already matched to the query (by the caller: in the browser or on the server). */
  items: readonly T[];
  /** Matches left out of `items`: "N more: type to narrow." */
  more?: number;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  isDisabled?: (item: T) => boolean;
  /** A single-value picker's current option: a check mark, and the highlight starts there. */
  isCurrent?: (item: T) => boolean;
  /** Said when nothing is listed. */
  empty: ReactNode;
  /** Said instead of the list while it is not ready (searching, an error). */
  status?: ReactNode;
  maxLength?: number;
  inputTestId?: string;
  optionTestId?: (item: T) => string;
}

/**
 * The inside of a picker's popover: a search box that keeps focus (role combobox) over a listbox.
 * ArrowUp/ArrowDown and PageUp/PageDown move the highlight, Enter picks it, Esc closes the popover
 * (Radix). Home/End stay the search box's own caret keys.
 */
export function ComboboxPanel<T>({
  searchLabel,
  listLabel,
  placeholder,
  query,
  onQueryChange,
  items,
  more = 0,
  getKey,
  renderItem,
  onPick,
  isDisabled,
  isCurrent,
  empty,
  status,
  maxLength = 100,
  inputTestId,
  optionTestId,
}: ComboboxPanelProps<T>) {
  const listId = useId();
  const [active, setActive] = useState(() => Math.max(0, isCurrent ? items.findIndex(isCurrent) : 0));
  const current = Math.min(active, items.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;
  const listed = status ? [] : items;

  const moveTo = (index: number) => {
    setActive(index);
    document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The popover is portalled but React bubbles through it: a form around the picker (the todo
    // editor closes on Esc, saves on Ctrl+Enter) must not act on keys meant for the search.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      const item = listed[current];
      if (item !== undefined && !isDisabled?.(item)) onPick(item);
      return;
    }
    if (listed.length === 0 || event.key === 'Home' || event.key === 'End') return;
    const next =
      event.key === 'PageDown'
        ? Math.min(current + PAGE_STEP, listed.length - 1)
        : event.key === 'PageUp'
          ? Math.max(current - PAGE_STEP, 0)
          : nextRowIndex(event.key, current, listed.length);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <div className="grid">
      <div className="relative border-b border-border">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          type="search"
          autoFocus
          role="combobox"
          aria-label={searchLabel}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={listed[current] !== undefined ? optionId(current) : undefined}
          placeholder={placeholder ?? searchLabel}
          value={query}
          maxLength={maxLength}
          onChange={(event) => {
            onQueryChange(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          data-testid={inputTestId}
          className="h-10 w-full min-w-0 bg-transparent pr-3 pl-8 text-sm outline-none placeholder:text-muted-foreground"
        />
      </div>
      {/* A command list is at most 300 px high: long lists scroll inside it. */}
      <ul id={listId} role="listbox" aria-label={listLabel} className="max-h-[300px] overflow-auto p-1 empty:hidden">
        {listed.map((item, i) => {
          const disabled = isDisabled?.(item) ?? false;
          return (
            <li
              key={getKey(item)}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              aria-disabled={disabled || undefined}
              onPointerMove={() => setActive(i)}
              onClick={() => (disabled ? undefined : onPick(item))}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm',
                i === current && 'bg-accent text-accent-foreground',
                disabled && 'cursor-default opacity-60',
              )}
              data-testid={optionTestId?.(item)}
            >
              {isCurrent ? <CheckIcon className={cn('size-3.5 shrink-0 text-primary', !isCurrent(item) && 'invisible')} /> : null}
              <span className="min-w-0 flex-1">{renderItem(item)}</span>
            </li>
          );
        })}
      </ul>
      {status ? (
        <div className="px-3 py-3 text-sm text-muted-foreground">{status}</div>
      ) : listed.length === 0 ? (
        <p className="px-3 py-3 text-sm text-muted-foreground">{empty}</p>
      ) : more > 0 ? (
        <p className="border-t border-border px-3 py-2 text-xs text-muted-foreground tabular">
          {more.toLocaleString('en-US')} more: type to narrow.
        </p>
      ) : null}
    </div>
  );
}

export interface ComboOption {
  value: string;
  label: string;
  /** Shown on the right, muted (a breach count, a role). */
  detail?: ReactNode;
  /** Searched with the label but not shown (an email). */
  keywords?: string;
}

/**
 * A labelled picker for a long list (hundreds of users): a button showing the current option that
 * opens a searchable list. A native select of 500 options cannot be searched; this one can, and
 * lists at most COMBOBOX_SHOWN at a time. ArrowDown/ArrowUp on the button open it; typing a
 * letter opens it with the search started.
 */
export function ComboboxField({
  label,
  hint,
  error,
  name,
  fieldClassName,
  className,
  value,
  options,
  onChange,
  noun,
  placeholder = 'Choose…',
  disabled,
  testId,
}: FieldProps & {
  value: string;
  options: readonly ComboOption[];
  onChange: (value: string) => void;
  /** What an option is, singular and lower-case ("trader"): names the search and its messages. */
  noun: string;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const valueId = useId();
  const selected = options.find((o) => o.value === value);
  const { shown, more } = open
    ? matchOptions(options, query, (o) => `${o.label} ${o.keywords ?? ''}`, COMBOBOX_SHOWN)
    : { shown: [], more: 0 };

  const openWith = (initial: string) => {
    setQuery(initial);
    setOpen(true);
  };
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('');
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on the closed picker starts the search with that letter (a native select jumps).
      event.preventDefault();
      openWith(event.key);
    }
  };

  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      name={name}
      fieldClassName={fieldClassName}
      control={(a11y) => (
        <Popover
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setQuery('');
          }}
        >
          <PopoverTrigger asChild>
            <button
              type="button"
              id={a11y.id}
              // The name says the field and its value ("Trader Jordan Kim"); the label alone would hide the value.
              aria-labelledby={`${labelIdOf(a11y.id)} ${valueId}`}
              aria-invalid={a11y['aria-invalid']}
              aria-describedby={a11y['aria-describedby']}
              disabled={disabled}
              onKeyDown={onTriggerKeyDown}
              data-testid={testId}
              data-value={value}
              className={cn(
                'flex h-9 w-full min-w-0 items-center gap-2 rounded-md border border-input bg-background py-1 pr-2.5 pl-3 text-left text-sm shadow-xs outline-none',
                'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive',
                className,
              )}
            >
              <span id={valueId} className="flex min-w-0 flex-1 items-center gap-2">
                <span className={cn('truncate', !selected && 'text-muted-foreground')}>{selected?.label ?? placeholder}</span>
                {selected?.detail ? (
                  <span className="ml-auto shrink-0 text-xs text-muted-foreground">{selected.detail}</span>
                ) : null}
              </span>
              <ChevronDown className="size-4 shrink-0 text-muted-foreground" />
            </button>
          </PopoverTrigger>
          <PopoverContent className="w-[max(var(--radix-popover-trigger-width),16rem)] p-0">
            <ComboboxPanel
              searchLabel={`Search ${noun}s`}
              listLabel={label}
              query={query}
              onQueryChange={setQuery}
              items={shown}
              more={more}
              getKey={(o) => o.value}
              isCurrent={(o) => o.value === value}
              renderItem={(o) => (
                <span className="flex items-center gap-2">
                  <span className="truncate">{o.label}</span>
                  {o.detail ? <span className="ml-auto shrink-0 text-xs text-muted-foreground">{o.detail}</span> : null}
                </span>
              )}
              onPick={(o) => {
                onChange(o.value);
                setOpen(false);
                setQuery('');
              }}
              empty={query.trim() ? `No ${noun} matches “${query.trim()}”.` : `No ${noun}s to choose from.`}
              optionTestId={testId ? (o) => `${testId}-option-${o.value}` : undefined}
            />
          </PopoverContent>
        </Popover>
      )}
    />
  );
}
