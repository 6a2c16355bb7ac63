import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DEFAULT_PREFS, type DashboardPrefs, type PaneId, type UpnlMode } from './panes';
import { errorMessage } from '~/lib/http-error';
import { dashboardPrefsQuery } from '~/features/accounts/account-queries';
import { orpc } from '~/lib/rpc';

const prefsQuery = dashboardPrefsQuery;
const prefsMutation = orpc.updateDashboardPrefs.mutationOptions();

/**
 * The caller's pane choices (saved per user on the server). Changes show at once: the cache is
 * updated before the call, calls run one after another (so the last choice wins on the server),
 * and a failure puts the server's state back with a toast.
 */
export function useDashboardPrefs() {
  const queryClient = useQueryClient();
  const query = useQuery(prefsQuery);
  const mutation = useMutation({
    ...prefsMutation,
    scope: { id: 'dashboard-prefs' },
    onError: (error) => {
      toast.error(errorMessage(error, 'Could not save your dashboard choices'));
    },
    onSettled: () => {
      // Refetch once the last queued change is done (earlier answers would undo later choices).
      if (queryClient.isMutating({ mutationKey: prefsMutation.mutationKey }) <= 1) {
        return queryClient.invalidateQueries({ queryKey: prefsQuery.queryKey });
      }
    },
  });

  function save(change: (prefs: DashboardPrefs) => DashboardPrefs) {
    const next = change(queryClient.getQueryData(prefsQuery.queryKey) ?? DEFAULT_PREFS);
    void queryClient.cancelQueries({ queryKey: prefsQuery.queryKey });
    queryClient.setQueryData(prefsQuery.queryKey, next);
    mutation.mutate(next);
  }

  return {
    query,
    prefs: query.data,
    saving: mutation.isPending,
    setPane: (id: PaneId, on: boolean) => save((prefs) => ({ ...prefs, panes: { ...prefs.panes, [id]: on } })),
    setUpnlMode: (mode: UpnlMode) => save((prefs) => ({ ...prefs, positionsUpnlMode: mode })),
    reset: () => save(() => DEFAULT_PREFS),
  };
}
