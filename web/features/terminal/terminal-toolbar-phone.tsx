import { Link } from '@tanstack/react-router';
import { MeridianMark } from '~/components/layout/meridian-mark';
import { buttonClasses } from '~/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { cn } from '~/lib/cn';
import { control, ImportanceToggles, SearchField, SymbolFilter, WatchOnlyToggle, type ToolbarProps } from './terminal-toolbar';

/** Menu items a finger can hit (40 px). */
const ITEM = 'min-h-10';

/**
 * The terminal's top bar on a phone: one row of 40 px targets — search, a Filters popover
 * (importance, symbols; its badge counts what is filtered) and a menu (sound, notifications,
 * shortcuts, exit). Nothing wider than the screen.
 */
export function TerminalToolbarPhone(props: ToolbarProps) {
  const filtered = props.hidden.size + (props.symbolText.trim() ? 1 : 0) + (props.watchOnly ? 1 : 0);
  return (
    <header
      className="flex shrink-0 items-center gap-2 border-b border-border bg-card px-2 py-1.5 text-sm"
      data-testid="terminal-toolbar"
    >
      <h1 className="flex shrink-0 items-center" title="Terminal">
        <MeridianMark className="size-6 text-primary" />
        <span className="sr-only">Terminal</span>
      </h1>
      <SearchField search={props.search} onSearch={props.onSearch} searchRef={props.searchRef} touch />
      <Popover>
        <PopoverTrigger className={cn(control(true), 'shrink-0 px-3 font-medium')} data-testid="filters-button">
          Filters
          {filtered ? <span className="ml-1 rounded bg-primary px-1 text-xs text-primary-foreground">{filtered}</span> : null}
        </PopoverTrigger>
        <PopoverContent align="end" className="grid w-80 gap-3 p-3" aria-label="Filters">
          <ImportanceToggles hidden={props.hidden} onToggle={props.onToggle} touch />
          <SymbolFilter symbolText={props.symbolText} onSymbolText={props.onSymbolText} symbolRef={props.symbolRef} touch />
          <WatchOnlyToggle watchOnly={props.watchOnly} onWatchOnly={props.onWatchOnly} touch />
        </PopoverContent>
      </Popover>
      <DropdownMenu>
        <DropdownMenuTrigger
          className={buttonClasses({ variant: 'outline', size: 'icon', className: 'size-10 shrink-0' })}
          aria-label="Terminal menu"
          data-testid="terminal-menu"
        >
          <svg viewBox="0 0 16 16" fill="currentColor" className="size-4" aria-hidden="true">
            <circle cx="3" cy="8" r="1.5" />
            <circle cx="8" cy="8" r="1.5" />
            <circle cx="13" cy="8" r="1.5" />
          </svg>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuCheckboxItem
            className={ITEM}
            checked={!props.muted}
            onCheckedChange={props.onMute}
            data-testid="mute-button"
          >
            Sound
          </DropdownMenuCheckboxItem>
          <DropdownMenuCheckboxItem className={ITEM} checked={props.notify} onCheckedChange={props.onNotify}>
            Notify critical headlines
          </DropdownMenuCheckboxItem>
          <DropdownMenuItem className={ITEM} onSelect={props.onHelp}>
            Keyboard shortcuts
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem className={ITEM} asChild>
            <Link to="/">Exit the terminal</Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </header>
  );
}
