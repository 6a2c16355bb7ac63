import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '~/components/layout/page';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { QueryError } from '~/components/ui/error-state';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import type { User } from '@contract/types';
import { userQuery } from '~/lib/user-query';
import { describeChange, describeConfirmation, type UserChanges } from './user-changes';
import { listUsersInput } from './users-search';
import { UsersTable } from './users-table';
import { UsersTableContext, type UsersTableActions } from './users-table-context';
import { UsersToolbar } from './users-toolbar';

const NO_USERS: User[] = [];

/** /admin (docs/PRODUCT-RULES.md §2): search, approve, roles and flags; changes that remove access ask first. */
export function UsersPage() {
  const search = useSearch({ from: '/_admin/admin/' });
  const input = listUsersInput(search);
  const navigate = useNavigate({ from: '/admin/' });
  const queryClient = useQueryClient();
  const { data: me } = useQuery(userQuery);
  const list = useQuery({ ...orpc.listUsers.queryOptions({ input }), placeholderData: keepPreviousData });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const update = useMutation(
    orpc.updateUser.mutationOptions({
      onSuccess: (updated, variables) => {
        const { id: _id, ...changes } = variables;
        toast.success(describeChange(updated, changes));
        if (updated.id === me?.id) void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
      },
      onError: (error) => {
        toast.error(errorMessage(error, 'Could not update the user'));
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: orpc.listUsers.key() }),
    }),
  );

  const actions = useMemo<UsersTableActions | null>(() => {
    if (!me) return null;
    return {
      me,
      pendingId: update.isPending ? (update.variables?.id ?? null) : null,
      requestChange: (user: User, changes: UserChanges) => {
        const run = () => update.mutate({ id: user.id, ...changes });
        const confirm = describeConfirmation(user, changes);
        if (confirm) setConfirmation({ ...confirm, onConfirm: run });
        else run();
      },
    };
  }, [me, update]);

  const users = list.data?.items ?? NO_USERS;
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / input.pageSize));
  const filtered = Boolean(search.search || search.status);

  return (
    <>
      <PageHeader
        title="Users"
        description="Approve sign-ups, set roles and grant access. Changes that remove access, and granting an admin role, ask first."
        actions={list.isFetching ? <Spinner label="Refreshing users" className="text-muted-foreground" /> : null}
      />
      <UsersToolbar search={search} />
      {list.isPending ? (
        <div
          className="flex items-center gap-2 rounded-lg border border-border p-6 text-sm text-muted-foreground"
          data-testid="users-loading"
        >
          <Spinner label="Loading users" /> Loading users…
        </div>
      ) : list.isError ? (
        <QueryError query={list} what="users" />
      ) : users.length === 0 ? (
        <EmptyState
          title={filtered ? 'No users match these filters.' : 'No users yet.'}
          className="p-8"
          testId="users-empty"
          action={
            filtered ? (
              <Button size="sm" variant="outline" onClick={() => void navigate({ search: {} })}>
                Clear filters
              </Button>
            ) : null
          }
        >
          {filtered ? 'Try another search or status.' : 'New sign-ups appear here, waiting for approval.'}
        </EmptyState>
      ) : actions ? (
        <UsersTableContext.Provider value={actions}>
          <UsersTable users={users} busy={list.isPlaceholderData} />
        </UsersTableContext.Provider>
      ) : null}

      {total > 0 ? (
        <nav aria-label="Pagination" className="mt-3 flex items-center justify-between gap-3 text-sm text-muted-foreground">
          <span className="tabular" data-testid="users-count">
            {total} {total === 1 ? 'user' : 'users'} · page {input.page} of {pageCount}
          </span>
          <span className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={input.page <= 1}
              onClick={() =>
                void navigate({ search: (prev) => ({ ...prev, page: input.page - 1 > 1 ? input.page - 1 : undefined }) })
              }
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={input.page >= pageCount}
              onClick={() => void navigate({ search: (prev) => ({ ...prev, page: input.page + 1 }) })}
            >
              Next
            </Button>
          </span>
        </nav>
      ) : null}

      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
