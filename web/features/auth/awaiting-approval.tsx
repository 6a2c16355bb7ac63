import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { signOut } from '~/lib/sign-out';
import type { User } from '@contract/types';
import { permissions, userQuery } from '~/lib/user-query';

/**
 * A signed-in but unapproved user on /login or /signup: explain the wait instead of bouncing
 * between /login and the page they asked for.
 */
export function AwaitingApproval({ user, redirectTo }: { user: User; redirectTo: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  async function checkAgain() {
    setChecking(true);
    setStatus(null);
    try {
      const fresh = await queryClient.fetchQuery({ ...userQuery, staleTime: 0 });
      if (permissions(fresh).approved) {
        await router.navigate({ href: redirectTo });
        return;
      }
      setStatus(
        fresh
          ? `Still awaiting approval (checked ${new Date().toLocaleTimeString()}).`
          : 'Your session has ended. Please log in again.',
      );
    } catch {
      setStatus('Could not reach the server. Try again in a moment.');
    } finally {
      setChecking(false);
    }
  }

  return (
    <Card data-testid="awaiting-approval">
      <CardHeader>
        <CardTitle>Awaiting approval</CardTitle>
        <CardDescription>
          You are signed in as{' '}
          <span className="font-medium text-foreground" data-testid="awaiting-approval-email">
            {user.email}
          </span>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>Before you can open dashboards, the news feed and the rest of Meridian, an admin must approve your account.</p>
        <p className="text-muted-foreground">Ask an administrator of your desk to approve you, then check again.</p>
        <p aria-live="polite" className="min-h-5 text-xs text-muted-foreground" data-testid="awaiting-approval-status">
          {status}
        </p>
      </CardContent>
      <CardFooter className="justify-between">
        <Button variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
        <Button onClick={() => void checkAgain()} disabled={checking} aria-busy={checking}>
          {checking ? <Spinner label="Checking" className="size-3.5" /> : null}
          Check again
        </Button>
      </CardFooter>
    </Card>
  );
}
