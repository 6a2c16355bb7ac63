import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useRouter } from '@tanstack/react-router';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { signUpWithEmail } from '~/lib/auth-api';
import { permissions, userQuery } from '~/lib/user-query';
import { AuthLayout } from '~/features/auth/auth-layout';
import { AwaitingApproval } from '~/features/auth/awaiting-approval';
import { FormField } from '~/components/ui/form-field';
import { useAuthForm } from '~/features/auth/use-auth-form';

export const Route = createFileRoute('/signup')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQuery).catch(() => null);
    if (permissions(user).approved) throw redirect({ to: '/dashboard' });
  },
  component: SignupPage,
});

function SignupPage() {
  const { data: user } = useQuery(userQuery);
  const queryClient = useQueryClient();
  const router = useRouter();

  const form = useAuthForm<{ name: string; email: string; password: string }>(async (values) => {
    const created = await signUpWithEmail(values);
    queryClient.setQueryData(userQuery.queryKey, created);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
    // The very first account is an approved superadmin; everyone else waits for approval here.
    if (permissions(created).approved) await router.navigate({ to: '/dashboard' });
  });

  return (
    <AuthLayout>
      {user && !permissions(user).approved ? (
        <AwaitingApproval user={user} redirectTo="/dashboard" />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Sign up</CardTitle>
            <CardDescription>Create an account. An admin approves new accounts before they can be used.</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="grid gap-4" onSubmit={form.onSubmit} noValidate aria-busy={form.pending} data-testid="signup-form">
              {form.error ? <Alert data-testid="form-error">{form.error}</Alert> : null}
              <FormField
                label="Name"
                name="name"
                autoComplete="name"
                required
                autoFocus
                disabled={form.pending}
                error={form.fields.name}
              />
              <FormField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                disabled={form.pending}
                error={form.fields.email}
              />
              <FormField
                label="Password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={10}
                hint="At least 10 characters."
                disabled={form.pending}
                error={form.fields.password}
              />
              <Button type="submit" disabled={form.pending} className="w-full">
                {form.pending ? <Spinner label="Signing up" className="size-3.5" /> : null}
                Sign up
              </Button>
            </form>
            <p className="mt-4 text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                Log in
              </Link>
            </p>
          </CardContent>
        </Card>
      )}
    </AuthLayout>
  );
}
