import { useMatches } from '@tanstack/react-router';
import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { TopNav } from './top-nav';

type Layout = 'page' | 'full-height' | 'full-screen' | 'bare';

const BareLayoutContext = createContext<(bare: boolean) => void>(() => {});

/**
 * Screens that stand alone (the not-found screen: its own "Go back" and "Home" are the way out)
 * hide the nav bar while they are shown. Runs before paint, so the nav never flashes.
 */
export function useBareLayout() {
  const setBare = useContext(BareLayoutContext);
  useLayoutEffect(() => {
    setBare(true);
    return () => setBare(false);
  }, [setBare]);
}

/**
 * The chrome around every page. Routes opt out through `staticData`: `fullScreen` (the terminal:
 * no nav bar) or `fullHeight` (charts and risk-team pages fill the viewport below the nav).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [bare, setBare] = useState(false);
  return (
    <BareLayoutContext.Provider value={setBare}>
      <Shell layout={bare ? 'bare' : undefined}>{children}</Shell>
    </BareLayoutContext.Provider>
  );
}

function Shell({ children, layout: forced }: { children: ReactNode; layout?: Layout }) {
  const routeLayout = useMatches({
    select: (matches): Layout => {
      if (matches.some((m) => m.staticData?.fullScreen)) return 'full-screen';
      return matches.some((m) => m.staticData?.fullHeight) ? 'full-height' : 'page';
    },
  });
  const layout = forced ?? routeLayout;

  // One tree for every layout (only classes and the nav change), so a screen that asks for the
  // bare layout is not remounted by its own request.
  const chrome = layout === 'page' || layout === 'full-height';
  return (
    <div
      className={cn('flex flex-1 flex-col', layout !== 'page' && layout !== 'bare' && 'h-dvh max-h-dvh min-h-0 overflow-hidden')}
    >
      {chrome ? (
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
      ) : null}
      {chrome ? <TopNav /> : null}
      <main
        id="main"
        tabIndex={-1}
        data-layout={layout}
        className={cn(
          'flex w-full flex-1 flex-col outline-none',
          layout === 'page' && 'mx-auto max-w-[96rem] px-4 py-6 sm:px-6',
          layout === 'full-height' && 'min-h-0 overflow-auto px-4 py-4 sm:px-6',
          layout === 'full-screen' && 'min-h-0 overflow-hidden',
        )}
      >
        {children}
      </main>
    </div>
  );
}
