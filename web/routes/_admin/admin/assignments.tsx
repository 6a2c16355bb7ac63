import { createFileRoute } from '@tanstack/react-router';
import { exchangeAccountsQuery } from '~/features/accounts/account-queries';
import { AssignmentsPage } from '~/features/admin/assignments/assignments-page';

export const Route = createFileRoute('/_admin/admin/assignments')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(exchangeAccountsQuery),
  component: AssignmentsPage,
});
