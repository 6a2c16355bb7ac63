import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignupPage } from '~/features/auth/signup-page';
import { permissions, userQuery } from '~/lib/user-query';

export const Route = createFileRoute('/signup')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQuery).catch(() => null);
    if (permissions(user).approved) throw redirect({ to: '/dashboard' });
  },
  component: SignupPage,
});
