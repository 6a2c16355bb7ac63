import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { AccountSelector, NoAccounts, useAccountSelection } from '~/shared/accounts/account-selector';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { SegmentedControl } from '~/components/ui/segmented-control';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { errorMessage, errorStatus } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { describeCondition, type AlertRule } from './alert-format';
import { alertEventsQuery, alertRulesQuery, EVENTS_LIMIT, unackedAlertsQuery } from './alert-queries';
import { AlertHistoryTable } from './alert-history';
import { AlertRulesTable } from './alert-rules';
import { RuleDialog } from './rule-dialog';
import { SignInPrompt } from './sign-in-prompt';

/** True when a data call says the visitor is not (or no longer) allowed: show the sign-in prompt. */
export function isAuthError(error: unknown) {
  const status = errorStatus(error);
  return status === 401 || status === 403;
}

/** Rules and fired alerts of an approved user; the sign-in prompt when the server refuses (401/403). */
export function AlertsContent() {
  const queryClient = useQueryClient();
  const { query: accountsQuery, accounts, selected } = useAccountSelection();
  const rules = useQuery(alertRulesQuery);
  const events = useQuery(alertEventsQuery);
  const unacked = useQuery(unackedAlertsQuery);
  const [allAccounts, setAllAccounts] = useState(false);
  const [editing, setEditing] = useState<{ rule: AlertRule | null } | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const [unackedOnly, setUnackedOnly] = useState(false);
  const allId = useId();

  const remove = useMutation(
    orpc.deleteAlertRule.mutationOptions({
      onSuccess: () => toast.success('Alert rule deleted'),
      onError: (error) => toast.error(errorMessage(error, 'Could not delete the rule')),
      onSettled: () => queryClient.invalidateQueries({ queryKey: orpc.listAlertRules.key() }),
    }),
  );

  if ([rules.error, events.error, accountsQuery.error].some(isAuthError)) return <SignInPrompt />;
  if (accountsQuery.isError) return <QueryError query={accountsQuery} what="your accounts" />;

  const scope = (email: string) => allAccounts || !selected || email === selected.email;
  const shownRules = rules.data?.filter((rule) => scope(rule.accountEmail)) ?? [];
  const shownEvents =
    events.data?.filter((event) => scope(event.accountEmail) && (!unackedOnly || event.acknowledgedAt === null)) ?? [];
  const unackedCount = unacked.data?.filter((event) => scope(event.accountEmail)).length ?? 0;
  const scopeLabel = allAccounts || !selected ? 'all your accounts' : selected.email;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        {accountsQuery.isPending ? (
          <Skeleton className="h-9 w-full sm:w-96" />
        ) : selected ? (
          <div className="flex flex-wrap items-center gap-3">
            <AccountSelector accounts={accounts} selected={selected} />
            <label htmlFor={allId} className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <input
                id={allId}
                type="checkbox"
                className="size-4 accent-[var(--color-primary)]"
                checked={allAccounts}
                onChange={(event) => setAllAccounts(event.target.checked)}
              />
              All accounts
            </label>
          </div>
        ) : (
          <span />
        )}
        <Button onClick={() => setEditing({ rule: null })} disabled={!selected} data-testid="new-alert-rule">
          New rule
        </Button>
      </div>

      {!accountsQuery.isPending && !selected ? <NoAccounts /> : null}

      <section aria-labelledby="rules-heading" className="flex flex-col gap-2">
        <h2 id="rules-heading" className="text-sm font-semibold">
          Rules {rules.data ? <span className="tabular font-normal text-muted-foreground">({shownRules.length})</span> : null}
        </h2>
        {rules.isPending ? (
          <Skeleton className="h-32 w-full" data-testid="alert-rules-loading" />
        ) : rules.isError ? (
          <QueryError query={rules} what="the rules" />
        ) : shownRules.length === 0 ? (
          <EmptyState
            title={`No alert rules for ${scopeLabel}`}
            testId="alert-rules-empty"
            action={
              selected ? (
                <Button size="sm" variant="outline" onClick={() => setEditing({ rule: null })}>
                  Create a rule
                </Button>
              ) : null
            }
          >
            Create a rule to be told when a balance, uPnL, leverage or price passes a threshold.
          </EmptyState>
        ) : (
          <AlertRulesTable rules={shownRules} actions={{ edit: (rule) => setEditing({ rule }), remove: setDeleting }} />
        )}
      </section>

      <section aria-labelledby="history-heading" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="history-heading" className="flex items-center gap-2 text-sm font-semibold">
            Fired alerts
            <Badge tone={unackedCount > 0 ? 'warning' : 'neutral'} data-testid="alerts-unacked-count" aria-live="polite">
              {unackedCount}
              {unacked.data?.length === EVENTS_LIMIT ? '+' : ''} unacknowledged
            </Badge>
          </h2>
          <SegmentedControl
            label="Show"
            options={[
              { value: false, label: 'All' },
              { value: true, label: 'Unacknowledged' },
            ]}
            value={unackedOnly}
            onChange={setUnackedOnly}
          />
        </div>
        {events.isPending ? (
          <Skeleton className="h-40 w-full" data-testid="alert-events-loading" />
        ) : events.isError ? (
          <QueryError query={events} what="the fired alerts" />
        ) : shownEvents.length === 0 ? (
          <EmptyState
            title={unackedOnly ? 'Nothing left to acknowledge' : `No alerts fired for ${scopeLabel} yet`}
            testId="alert-events-empty"
          >
            Rules are checked on every snapshot (each minute) and on every live update while Live Data is open.
          </EmptyState>
        ) : (
          <AlertHistoryTable events={shownEvents} />
        )}
      </section>

      <RuleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        rule={editing?.rule ?? null}
        accounts={accounts}
        defaultAccount={selected?.email ?? ''}
      />
      <ConfirmDialog
        confirmation={
          deleting
            ? {
                title: 'Delete this alert rule?',
                description: `${deleting.accountEmail}: ${describeCondition(deleting)}. It stops firing at once. Alerts it already fired stay in the history.`,
                action: 'Delete',
                onConfirm: () => remove.mutate({ id: deleting.id }),
              }
            : null
        }
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
