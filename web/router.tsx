import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { PendingScreen } from './components/layout/pending-screen';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

/** Router defaults: preload on intent, the pending screen's timings (docs/PRODUCT-RULES.md §6). */
export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    // The query cache decides freshness (staleTime 2 min); let preloads always ask it.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultPendingComponent: PendingScreen,
    // Loaded when first shown: they are not part of any page's first load.
    defaultNotFoundComponent: lazyRouteComponent(() => import('./components/layout/not-found'), 'NotFound'),
    defaultErrorComponent: lazyRouteComponent(() => import('./components/layout/error-screen'), 'ErrorScreen'),
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** Render without the nav bar (the terminal). */
    fullScreen?: boolean;
    /** Fill the viewport below the nav bar (charts and risk-team pages). */
    fullHeight?: boolean;
  }
}
