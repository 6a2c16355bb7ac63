import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { FormField } from '~/components/ui/form-field';
import { safeRedirect } from '~/lib/safe-redirect';
import { permissions, userQuery } from '~/lib/user-query';
import { signInWithEmail } from './auth-api';
import { AuthCard, AuthFrame, EmailField } from './auth-card';
import { useAuthForm } from './use-auth-form';

/** /login: email and password; an approved user goes on to the page they asked for (`?redirect=`). */
export function LoginPage() {
  const search = useSearch({ from: '/login' });
  const redirectTo = safeRedirect(search.redirect);
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
    <AuthFrame redirectTo={redirectTo}>
      <AuthCard
        title="Log in"
        description="Use the email and password of your Meridian account."
        form={form}
        testId="login-form"
        submitLabel="Log in"
        pendingLabel="Logging in"
        alternative={{ prompt: 'No account yet?', to: '/signup', label: 'Create an account' }}
      >
        <EmailField form={form} autoFocus />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          disabled={form.pending}
          error={form.fields.password}
        />
      </AuthCard>
    </AuthFrame>
  );
}
