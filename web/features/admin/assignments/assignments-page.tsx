import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '~/components/layout/page';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { QueryError } from '~/components/ui/error-state';
import { NativeSelect } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { Spinner } from '~/components/ui/spinner';
import { myAccountsQuery } from '~/shared/accounts/my-accounts';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import type { User } from '@contract/types';
import { AddAccountDialog } from './add-account-dialog';
import { AssignmentActionsContext, AssignmentsTable, type AssignmentActions, type ManagedAccount } from './assignments-table';
import { useUserDirectory } from '~/shared/users/user-directory';
import { exchangeAccountsQuery } from './assignment-queries';

type Exchange = 'simulated' | 'binance';

/** /admin/assignments: which users trade which exchange sub-accounts. */
export function AssignmentsPage() {
  const queryClient = useQueryClient();
  const accounts = useQuery(exchangeAccountsQuery);
  const directory = useUserDirectory();
  const [exchange, setExchange] = useState<Exchange>('simulated');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const exchangeId = useId();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orpc.listExchangeAccounts.key() }),
      queryClient.invalidateQueries({ queryKey: myAccountsQuery.queryKey }),
    ]);

  const sync = useMutation(
    orpc.syncExchangeAccounts.mutationOptions({
      onSuccess: (result, input) =>
        toast.success(
          `${input.exchange === 'binance' ? 'Binance' : 'Simulated exchange'}: ${result.added} new ${result.added === 1 ? 'account' : 'accounts'}, ${result.total} in total`,
        ),
      onError: (error) => toast.error(errorMessage(error, 'Could not sync from the exchange')),
      onSettled: refresh,
    }),
  );

  const assignment = useMutation(
    orpc.setAccountAssignment.mutationOptions({
      onError: (error) => toast.error(errorMessage(error, 'Could not change the assignment')),
      onSettled: refresh,
    }),
  );

  const actions = useMemo<AssignmentActions>(() => {
    const who = (userId: string) => directory.data?.get(userId)?.email ?? 'the user';
    return {
      directory: directory.data,
      pendingAccountId: assignment.isPending ? (assignment.variables?.accountId ?? null) : null,
      assign: (account: ManagedAccount, user: User) =>
        assignment.mutate(
          { userId: user.id, accountId: account.id, assigned: true },
          { onSuccess: () => toast.success(`Assigned ${user.email} to ${account.email}`) },
        ),
      requestRemove: (account: ManagedAccount, userId: string) =>
        setConfirmation({
          title: `Remove ${who(userId)} from ${account.email}?`,
          description: 'They lose access to this account’s overview, charts, live data and alerts.',
          action: 'Remove',
          onConfirm: () =>
            assignment.mutate(
              { userId, accountId: account.id, assigned: false },
              { onSuccess: () => toast.success(`Removed ${who(userId)} from ${account.email}`) },
            ),
        }),
    };
  }, [assignment, directory.data]);

  const list = accounts.data ?? [];

  return (
    <>
      <PageHeader
        title="Account Assignments"
        description="Which users trade which exchange sub-accounts. Sync sub-accounts from an exchange or add one by email, then assign users."
        actions={
          accounts.isFetching && !accounts.isPending ? (
            <Spinner label="Refreshing accounts" className="text-muted-foreground" />
          ) : null
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <label htmlFor={exchangeId} className="sr-only">
          Exchange to sync from
        </label>
        <NativeSelect
          id={exchangeId}
          value={exchange}
          onChange={(event) => setExchange(event.target.value as Exchange)}
          className="w-36"
          data-testid="sync-exchange"
        >
          <option value="simulated">Simulated</option>
          <option value="binance">Binance</option>
        </NativeSelect>
        <Button onClick={() => sync.mutate({ exchange })} disabled={sync.isPending} data-testid="sync-accounts">
          {sync.isPending ? <Spinner label="Syncing" /> : null}
          Sync from exchange
        </Button>
        <AddAccountDialog />
      </div>

      {accounts.isPending ? (
        <div className="grid gap-2" data-testid="assignments-loading" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-11 w-full" />
          ))}
        </div>
      ) : accounts.isError ? (
        <QueryError query={accounts} what="the accounts" />
      ) : list.length === 0 ? (
        <EmptyState title="No exchange accounts yet" className="p-8" testId="assignments-empty">
          Use “Sync from exchange” to import the sub-accounts of the simulated exchange (or Binance), or add one by email.
        </EmptyState>
      ) : (
        <>
          {directory.isError ? (
            <p role="status" className="mb-2 text-xs text-warning">
              Could not load user names ({errorMessage(directory.error)}); assigned users show by id.
            </p>
          ) : null}
          <AssignmentActionsContext.Provider value={actions}>
            <AssignmentsTable accounts={list} busy={false} />
          </AssignmentActionsContext.Provider>
          <p className="mt-2 text-xs text-muted-foreground tabular">
            {list.length} {list.length === 1 ? 'account' : 'accounts'} · {list.reduce((n, a) => n + a.assignedUserIds.length, 0)}{' '}
            assignments
          </p>
        </>
      )}

      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
