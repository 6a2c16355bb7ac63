import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { AppShell } from '~/components/layout/app-shell';
import { preloadSignedInNav } from '~/components/layout/signed-in-chunks';
import { loadClassMerge } from '~/lib/cn';
import { hadSession } from '~/lib/session-hint';
import { pageTitle, siteQuery, useSiteName } from '~/lib/site';
import { permissions, userQuery } from '~/lib/user-query';

/*
 * Sonner loads right after the first paint of a signed-in page: only signed-in pages toast, so
 * anonymous pages (/login, /signup) never download it (~9 KB gzipped).
 */
const AppToaster = lazy(() => import('~/components/layout/app-toaster').then((m) => ({ default: m.AppToaster })));
/* The step-up dialog and the lead to enrolment: only signed-in users download them. */
const SecondFactorPrompts = lazy(() =>
  import('~/features/security/second-factor-prompts').then((m) => ({ default: m.SecondFactorPrompts })),
);
/* The fired-alerts listener: only approved users download it. */
const WatchlistSync = lazy(() => import('~/shared/watchlists/watch-sync').then((m) => ({ default: m.WatchlistSync })));
const AlertListener = lazy(() => import('~/features/alerts/alert-listener').then((m) => ({ default: m.AlertListener })));

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Know who is signed in before the first paint, so the nav does not flip from "Login" to the
  // avatar. A failing call (server down) must not take the whole app down: guards ask again.
  beforeLoad: async ({ context }) => {
    // The site name for the title: asked in parallel, never waited for (index.html has the default).
    void context.queryClient.prefetchQuery(siteQuery);
    // A returning user: fetch the signed-in chunks while the user query is in flight.
    if (hadSession()) void Promise.all([preloadSignedInNav(), loadClassMerge()]).catch(() => {});
    const user = await context.queryClient.ensureQueryData(userQuery).catch(() => null);
    if (user) await Promise.all([preloadSignedInNav(), loadClassMerge()]);
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

/**
 * The title (docs/PRODUCT-RULES.md §1) with the deployment's SITE_NAME. Set again on every navigation, so a page that
 * titles itself (the API docs' reference) does not leave its title behind.
 */
function SiteTitle() {
  const site = useSiteName();
  const path = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    if (path !== '/admin/api-docs') document.title = pageTitle(site);
  }, [site, path]);
  return null;
}

/** The toaster (docs/PRODUCT-RULES.md §6), for signed-in users. */
function ToasterForSignedIn() {
  const { data: user } = useQuery(userQuery);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/** A refused power's second-factor prompts (step-up dialog, enrolment), for signed-in users. */
function SecondFactorPromptsForSignedIn() {
  const { data: user } = useQuery(userQuery);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SecondFactorPrompts key={user.id} />
    </Suspense>
  );
}

/** Toasts for fired alerts, wherever an approved user is in the app. */
function AlertsForApproved() {
  const { data: user } = useQuery(userQuery);
  if (!permissions(user).approved) return null;
  return (
    <Suspense fallback={null}>
      <AlertListener key={user?.id} />
      <WatchlistSync key={`watch-${user?.id}`} />
    </Suspense>
  );
}

function RootComponent() {
  return (
    <>
      <AppShell>
        <Outlet />
      </AppShell>
      <SiteTitle />
      <SessionWatcher />
      <AlertsForApproved />
      <ToasterForSignedIn />
      <SecondFactorPromptsForSignedIn />
    </>
  );
}
