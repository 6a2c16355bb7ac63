import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { MeridianMark } from '~/components/layout/meridian-mark';
import { cn } from '~/lib/cn';
import { IMPORTANCE as IMPORTANCE_LEVELS, type Importance } from '@contract/enums';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';

const TONE: Record<Importance, string> = {
  critical: 'aria-pressed:border-destructive/50 aria-pressed:bg-destructive/15 aria-pressed:text-destructive',
  high: 'aria-pressed:border-warning/50 aria-pressed:bg-warning/15 aria-pressed:text-warning',
  medium: 'aria-pressed:border-primary/50 aria-pressed:bg-primary/15 aria-pressed:text-primary',
  low: 'aria-pressed:border-border aria-pressed:bg-muted aria-pressed:text-foreground',
};

/** A toolbar control: 28 px on a desktop (mouse, keys), 40 px where fingers tap (`touch`). */
export const control = (touch = false) =>
  cn(
    'rounded border border-border bg-background px-2 text-xs outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring',
    touch ? 'h-10 text-sm' : 'h-7',
  );

export interface ToolbarProps {
  hidden: ReadonlySet<Importance>;
  onToggle: (level: Importance) => void;
  symbolText: string;
  onSymbolText: (text: string) => void;
  search: string;
  onSearch: (text: string) => void;
  watchOnly: boolean;
  onWatchOnly: () => void;
  muted: boolean;
  onMute: () => void;
  notify: boolean;
  onNotify: () => void;
  onHelp: () => void;
  symbolRef: Ref<HTMLInputElement>;
  searchRef: Ref<HTMLInputElement>;
}

/** Only the headlines that hit the user's watchlists. */
export function WatchOnlyToggle({
  watchOnly,
  onWatchOnly,
  touch = false,
}: Pick<ToolbarProps, 'watchOnly' | 'onWatchOnly'> & { touch?: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={watchOnly}
      onClick={onWatchOnly}
      className={cn(control(touch), 'aria-pressed:border-primary aria-pressed:text-primary')}
      title="Only headlines that hit your watchlists"
      data-testid="watch-only-toggle"
    >
      My watchlists
    </button>
  );
}

/** The importance toggles (keys 1–4); on a phone a 2 × 2 grid of 40 px buttons. */
export function ImportanceToggles({
  hidden,
  onToggle,
  touch = false,
}: Pick<ToolbarProps, 'hidden' | 'onToggle'> & { touch?: boolean }) {
  return (
    <div role="group" aria-label="Importance shown (keys 1–4)" className={touch ? 'grid grid-cols-2 gap-2' : 'flex gap-1'}>
      {IMPORTANCE_LEVELS.map((level, i) => (
        <button
          key={level}
          type="button"
          aria-pressed={!hidden.has(level)}
          onClick={() => onToggle(level)}
          className={cn(
            'rounded border border-dashed border-border px-2 text-muted-foreground line-through aria-pressed:border-solid aria-pressed:no-underline',
            touch ? 'h-10 text-sm' : 'h-7 text-xs',
            TONE[level],
          )}
          data-testid={`importance-toggle-${level}`}
        >
          <kbd className="mr-1 font-mono opacity-70">{i + 1}</kbd>
          {IMPORTANCE_LABEL[level]}
        </button>
      ))}
    </div>
  );
}

export function SymbolFilter({
  symbolText,
  onSymbolText,
  symbolRef,
  touch = false,
}: Pick<ToolbarProps, 'symbolText' | 'onSymbolText' | 'symbolRef'> & { touch?: boolean }) {
  return (
    <label className="flex items-center gap-1 text-xs text-muted-foreground">
      <kbd className={cn('font-mono', touch && 'sr-only')}>s</kbd>
      <span className="sr-only">Symbols</span>
      <input
        ref={symbolRef}
        value={symbolText}
        onChange={(e) => onSymbolText(e.target.value)}
        placeholder="Symbols: BTC ETH"
        aria-label="Filter by symbols"
        autoCapitalize="characters"
        className={cn(control(touch), 'font-mono uppercase', touch ? 'w-full' : 'w-36')}
        data-testid="symbol-filter"
      />
    </label>
  );
}

export function SearchField({
  search,
  onSearch,
  searchRef,
  touch = false,
}: Pick<ToolbarProps, 'search' | 'onSearch' | 'searchRef'> & { touch?: boolean }) {
  return (
    <label className={cn('flex items-center gap-1 text-xs text-muted-foreground', touch && 'min-w-0 flex-1')}>
      <kbd className={cn('font-mono', touch && 'sr-only')}>/</kbd>
      <input
        ref={searchRef}
        type="search"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        placeholder="Search headlines"
        aria-label="Search headlines"
        className={cn(control(touch), touch ? 'w-full min-w-0' : 'w-48')}
        data-testid="terminal-search"
      />
    </label>
  );
}

/** The terminal's top bar on a desktop: importance toggles (1–4), symbol filter (s), search (/), mute (m), help (?). */
export function TerminalToolbar(props: ToolbarProps) {
  const { muted, onMute, notify, onNotify, onHelp } = props;
  return (
    <header
      className="flex min-h-11 shrink-0 flex-wrap items-center gap-2 border-b border-border bg-card px-3 py-2 text-sm"
      data-testid="terminal-toolbar"
    >
      <MeridianMark className="size-5 text-primary" />
      <h1 className="mr-2 font-semibold">Terminal</h1>
      <ImportanceToggles hidden={props.hidden} onToggle={props.onToggle} />
      <SymbolFilter symbolText={props.symbolText} onSymbolText={props.onSymbolText} symbolRef={props.symbolRef} />
      <SearchField search={props.search} onSearch={props.onSearch} searchRef={props.searchRef} />
      <WatchOnlyToggle watchOnly={props.watchOnly} onWatchOnly={props.onWatchOnly} />
      <div className="ml-auto flex items-center gap-1">
        <button
          type="button"
          onClick={onMute}
          aria-pressed={muted}
          className={cn(control(), 'aria-pressed:text-warning')}
          data-testid="mute-button"
        >
          {muted ? 'Muted' : 'Sound'} <kbd className="font-mono opacity-70">m</kbd>
        </button>
        <button
          type="button"
          tabIndex={-1}
          onClick={onNotify}
          aria-pressed={notify}
          className={cn(control(), 'aria-pressed:text-primary')}
          title="Desktop notification for critical headlines"
          data-testid="notify-button"
        >
          Notify {notify ? 'on' : 'off'} <kbd className="font-mono opacity-70">n</kbd>
        </button>
        <button type="button" onClick={onHelp} className={control()} aria-label="Keyboard shortcuts" data-testid="help-button">
          ?
        </button>
        <Link to="/" className={cn(control(), 'inline-flex items-center')}>
          Exit
        </Link>
      </div>
    </header>
  );
}
