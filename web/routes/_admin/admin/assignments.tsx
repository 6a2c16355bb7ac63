import { createFileRoute } from '@tanstack/react-router';
import { exchangeAccountsQuery } from '~/features/accounts/account-queries';
import { AssignmentsPage } from '~/features/admin/assignments/assignments-page';
import { userDirectoryQuery } from '~/features/admin/users/user-directory';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_admin/admin/assignments')({
  loader: ({ context }) => ensureQueries(context.queryClient, exchangeAccountsQuery, userDirectoryQuery),
  component: AssignmentsPage,
});
