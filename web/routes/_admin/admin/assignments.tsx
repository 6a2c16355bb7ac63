import { createFileRoute } from '@tanstack/react-router';
import { AssignmentsPage } from '~/features/admin/assignments/assignments-page';
import { exchangeAccountsQuery } from '~/features/admin/assignments/assignment-queries';
import { userDirectoryQuery } from '~/shared/users/user-directory';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_admin/admin/assignments')({
  loader: ({ context }) => ensureQueries(context.queryClient, exchangeAccountsQuery, userDirectoryQuery),
  component: AssignmentsPage,
});
