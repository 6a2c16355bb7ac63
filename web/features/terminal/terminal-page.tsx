import { Link } from '@tanstack/react-router';
import { MeridianMark } from '~/components/layout/meridian-mark';
import { Placeholder } from '~/components/layout/page';

/** /terminal (PRODUCT.md §8): full screen, no nav bar; its live panels arrive with the terminal issue. */
export function TerminalPage() {
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="terminal">
      <header className="flex h-10 shrink-0 items-center gap-3 border-b border-border px-3 text-sm">
        <MeridianMark className="size-5 text-primary" />
        <h1 className="font-semibold">Terminal</h1>
        <span className="text-xs text-muted-foreground">Live news trading</span>
        <Link
          to="/"
          className="ml-auto rounded px-2 py-1 text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          Exit
        </Link>
      </header>
      <div className="grid min-h-0 flex-1 gap-3 p-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Placeholder
          heading="News stream"
          className="min-h-0"
          items={[
            'Live headlines as they arrive, newest first',
            'Symbol chips with live price and change',
            'Importance colours and sounds',
            'Hotkeys: navigate, filter by importance, mute, open a chart (? lists them)',
          ]}
        />
        <Placeholder
          heading="Chart"
          className="min-h-0"
          items={['Price chart of the selected symbol', 'Markers for the headlines that moved it']}
        />
      </div>
    </div>
  );
}
