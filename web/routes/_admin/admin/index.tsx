import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AdminHomePage } from '~/features/admin/admin-home-page';
import { listUsersInput, parseUsersSearch, USERS_SEARCH_DEFAULTS } from '~/features/admin/users/users-search';
import { orpc } from '~/lib/rpc';

export const Route = createFileRoute('/_admin/admin/')({
  validateSearch: parseUsersSearch,
  search: { middlewares: [stripSearchParams(USERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => listUsersInput(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(orpc.listUsers.queryOptions({ input: deps })),
  component: AdminHomePage,
});
