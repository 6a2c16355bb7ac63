import { createFileRoute } from '@tanstack/react-router';
import { ensureSelectedAccount } from '~/shared/accounts/my-accounts';
import { LiveDataPage } from '~/features/accounts/live/live-data-page';

export const Route = createFileRoute('/_approved/dashboard/live-data')({
  loader: ({ context }) => ensureSelectedAccount(context.queryClient),
  component: LiveDataPage,
});
