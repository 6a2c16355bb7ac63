import { createFileRoute } from '@tanstack/react-router';
import { exchangeAccountsQuery } from '~/lib/account-queries';
import { AssignmentsPage } from './-components/assignments-page';

export const Route = createFileRoute('/_admin/admin/assignments')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(exchangeAccountsQuery),
  component: AssignmentsPage,
});
