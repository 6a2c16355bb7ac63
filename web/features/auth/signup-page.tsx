import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@contract/patterns';
import { useRouter } from '@tanstack/react-router';
import { FormField } from '~/components/ui/form-field';
import { permissions, userQuery } from '~/lib/user-query';
import { signUpWithEmail } from '~/shared/auth/auth-api';
import { AuthCard, AuthFrame, EmailField } from './auth-card';
import { useAuthForm } from './use-auth-form';

/** /signup: name, email and password; new accounts wait for an admin's approval. */
export function SignupPage() {
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
    <AuthFrame redirectTo="/dashboard">
      <AuthCard
        title="Sign up"
        description="Create an account. An admin approves new accounts before they can be used."
        form={form}
        testId="signup-form"
        submitLabel="Sign up"
        pendingLabel="Signing up"
        alternative={{ prompt: 'Already have an account?', to: '/login', label: 'Log in' }}
      >
        <FormField
          label="Name"
          name="name"
          autoComplete="name"
          required
          autoFocus
          disabled={form.pending}
          error={form.fields.name}
        />
        <EmailField form={form} />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          disabled={form.pending}
          error={form.fields.password}
        />
      </AuthCard>
    </AuthFrame>
  );
}
