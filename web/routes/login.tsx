import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useRouter } from '@tanstack/react-router';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { signInWithEmail } from '~/lib/auth-api';
import { safeRedirect } from '~/lib/safe-redirect';
import { permissions, userQuery } from '~/lib/user-query';
import { AuthLayout } from '~/features/auth/auth-layout';
import { AwaitingApproval } from '~/features/auth/awaiting-approval';
import { FormField } from '~/components/ui/form-field';
import { useAuthForm } from '~/features/auth/use-auth-form';

interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // Approved users have nothing to do here; unapproved ones see the awaiting-approval panel.
  beforeLoad: async ({ context, search }) => {
    const user = await context.queryClient.ensureQueryData(userQuery).catch(() => null);
    if (permissions(user).approved) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const redirectTo = safeRedirect(search.redirect);
  const { data: user } = useQuery(userQuery);
  const queryClient = useQueryClient();
  const router = useRouter();

  const form = useAuthForm<{ email: string; password: string }>(async ({ email, password }) => {
    const signedIn = await signInWithEmail({ email, password });
    queryClient.setQueryData(userQuery.queryKey, signedIn);
    // Nothing else cached while anonymous is worth keeping. (Removing the 'user' query itself would
    // leave mounted observers, like the nav, on the detached query showing "signed out".)
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
    if (permissions(signedIn).approved) await router.navigate({ href: redirectTo });
  });

  return (
    <AuthLayout>
      {user && !permissions(user).approved ? (
        <AwaitingApproval user={user} redirectTo={redirectTo} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Log in</CardTitle>
            <CardDescription>Use the email and password of your Meridian account.</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="grid gap-4" onSubmit={form.onSubmit} noValidate aria-busy={form.pending} data-testid="login-form">
              {form.error ? <Alert data-testid="form-error">{form.error}</Alert> : null}
              <FormField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                autoFocus
                disabled={form.pending}
                error={form.fields.email}
              />
              <FormField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                disabled={form.pending}
                error={form.fields.password}
              />
              <Button type="submit" disabled={form.pending} className="w-full">
                {form.pending ? <Spinner label="Logging in" className="size-3.5" /> : null}
                Log in
              </Button>
            </form>
            <p className="mt-4 text-center text-sm text-muted-foreground">
              No account yet?{' '}
              <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
                Create an account
              </Link>
            </p>
          </CardContent>
        </Card>
      )}
    </AuthLayout>
  );
}
