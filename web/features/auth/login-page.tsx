import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { User } from '@contract/types';
import { FormField } from '~/components/ui/form-field';
import { safeRedirect } from '~/lib/safe-redirect';
import { permissions, userQuery } from '~/lib/user-query';
import { signInWithEmail, type SecondFactorChallenge } from './auth-api';
import type { SecondFactorDone } from './second-factor-api';
import { AuthCard, AuthFrame, EmailField } from './auth-card';
import { useAuthForm } from './use-auth-form';

/* The second step loads only for a user who has one (after the right password): /login stays small. */
const SecondFactorStep = lazy(() => import('./second-factor-step').then((m) => ({ default: m.SecondFactorStep })));

/** /login: email and password; an approved user goes on to the page they asked for (`?redirect=`). */
export function LoginPage() {
  const search = useSearch({ from: '/login' });
  const redirectTo = safeRedirect(search.redirect);
  const queryClient = useQueryClient();
  const router = useRouter();

  // A user with a second factor answers the password with a challenge: the second step follows.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  async function signedIn(user: User, recovered = false) {
    queryClient.setQueryData(userQuery.queryKey, user);
    // Nothing else cached while anonymous is worth keeping. (Removing the 'user' query itself would
    // leave mounted observers, like the nav, on the detached query showing "signed out".)
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
    // A recovery code stands in for a lost device: the security page says how to replace it.
    if (recovered) await router.navigate({ to: '/account/security', search: { recovered: true } });
    else if (permissions(user).approved) await router.navigate({ href: redirectTo });
  }

  const form = useAuthForm<{ email: string; password: string }>(async ({ email, password }) => {
    const answer = await signInWithEmail({ email, password });
    if ('secondFactor' in answer) setChallenge(answer.secondFactor);
    else await signedIn(answer.user);
  });

  if (challenge)
    return (
      <AuthFrame redirectTo={redirectTo}>
        <Suspense fallback={null}>
          <SecondFactorStep
            challenge={challenge}
            onDone={(done: SecondFactorDone) => signedIn(done.user, done.recoveryCodesLeft !== undefined)}
            onStartOver={() => setChallenge(null)}
          />
        </Suspense>
      </AuthFrame>
    );

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
