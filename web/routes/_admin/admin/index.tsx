import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SystemStatusSection } from '~/features/admin/system/system-status';
import { UsersPage } from '~/features/admin/users/users-page';
import { listUsersInput, parseUsersSearch, USERS_SEARCH_DEFAULTS } from '~/features/admin/users/users-search';
import { orpc } from '~/lib/rpc';

export const Route = createFileRoute('/_admin/admin/')({
  validateSearch: parseUsersSearch,
  search: { middlewares: [stripSearchParams(USERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => listUsersInput(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(orpc.listUsers.queryOptions({ input: deps })),
  component: AdminHomePage,
});

/** /admin: the users directory, then the system status. */
function AdminHomePage() {
  return (
    <>
      <UsersPage />
      <SystemStatusSection />
    </>
  );
}
