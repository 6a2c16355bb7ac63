import { createFileRoute } from '@tanstack/react-router';
import { AssignmentsPage } from '~/features/admin/assignments/assignments-page';
import { exchangeAccountsQuery, userDirectoryQuery } from '~/features/admin/assignments/assignment-queries';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_admin/admin/assignments')({
  loader: ({ context }) => ensureQueries(context.queryClient, exchangeAccountsQuery, userDirectoryQuery),
  component: AssignmentsPage,
});
