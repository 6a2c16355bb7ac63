import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { AppShell } from '~/components/layout/app-shell';
import { preloadSignedInNav } from '~/components/layout/signed-in-chunks';
import { hadSession } from '~/lib/session-hint';
import { permissions, userQuery } from '~/lib/user-query';

/*
 * Sonner loads right after the first paint instead of with it: nothing toasts during the first
 * render, and it keeps ~9 KB gzipped out of the first-load budget of /login.
 */
const AppToaster = lazy(() => import('~/components/layout/app-toaster').then((m) => ({ default: m.AppToaster })));
/* The fired-alerts listener: only approved users download it. */
const AlertListener = lazy(() => import('~/features/alerts/alert-listener').then((m) => ({ default: m.AlertListener })));

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Know who is signed in before the first paint, so the nav does not flip from "Login" to the
  // avatar. A failing call (server down) must not take the whole app down: guards ask again.
  beforeLoad: async ({ context }) => {
    // A returning user: fetch the signed-in nav chunks while the user query is in flight.
    if (hadSession()) void preloadSignedInNav();
    const user = await context.queryClient.ensureQueryData(userQuery).catch(() => null);
    if (user) await preloadSignedInNav();
  },
  component: RootComponent,
});

/** When the session ends (refresh refused, user disabled), re-run the guards of the open page. */
function SessionWatcher() {
  const router = useRouter();
  const { data: user } = useQuery(userQuery);
  const previous = useRef(user);
  useEffect(() => {
    const before = previous.current;
    previous.current = user;
    if (before && !user) void router.invalidate();
  }, [user, router]);
  return null;
}

/** Toasts for fired alerts, wherever an approved user is in the app. */
function AlertsForApproved() {
  const { data: user } = useQuery(userQuery);
  if (!permissions(user).approved) return null;
  return (
    <Suspense fallback={null}>
      <AlertListener key={user?.id} />
    </Suspense>
  );
}

function RootComponent() {
  return (
    <>
      <AppShell>
        <Outlet />
      </AppShell>
      <SessionWatcher />
      <AlertsForApproved />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}
