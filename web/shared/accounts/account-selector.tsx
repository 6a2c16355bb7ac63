import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';
import { QueryError } from '~/components/ui/error-state';
import { NativeSelect } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { cn } from '~/lib/cn';
import { myAccountsQuery, pickAccount } from './my-accounts';
import { setSelectedAccount, useStoredAccount } from './selected-account';
import { permissions, userQuery } from '~/lib/user-query';
import { accountName, type Account } from './metrics';

const NO_ACCOUNTS: Account[] = [];

/** The accounts and the selected one: the stored choice when still assigned, else the first. */
export function useAccountSelection() {
  const query = useQuery(myAccountsQuery);
  const stored = useStoredAccount();
  const accounts = query.data ?? NO_ACCOUNTS;
  const selected = pickAccount(accounts, stored);
  return { query, accounts, selected };
}

function optionText(account: Account) {
  const name = account.label ? `${account.label} — ${account.email}` : account.email;
  const simulated = account.exchange === 'simulated' ? `${name} · simulated` : name;
  return account.status === 'active' ? simulated : `${simulated} (${account.status})`;
}

/**
 * A simulated account's numbers come from the local simulated market, not an exchange: said
 * beside the picker on every dashboard page, so nobody mistakes them for a real book.
 */
export function SimulatedAccountBadge() {
  return (
    <Badge
      tone="warning"
      className="shrink-0 border-dashed"
      title="A simulated exchange account: balances, positions and prices come from the local simulated market, not an exchange"
      data-testid="simulated-account"
    >
      Simulated account
    </Badge>
  );
}

/** "Account" picker shared by Overview, Charts, Live Data and Alerts. */
export function AccountSelector({
  accounts,
  selected,
  className,
}: {
  accounts: Account[];
  selected: Account | null;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-muted-foreground">
        Account
      </label>
      <NativeSelect
        id={id}
        value={selected?.email ?? ''}
        onChange={(event) => setSelectedAccount(event.target.value)}
        className="w-full min-w-0 sm:w-80"
        data-testid="account-selector"
        title={selected ? accountName(selected) : undefined}
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.email}>
            {optionText(account)}
          </option>
        ))}
      </NativeSelect>
      {selected?.exchange === 'simulated' ? <SimulatedAccountBadge /> : null}
    </div>
  );
}

export function AccountSelectorSkeleton() {
  return (
    <div className="flex items-center gap-2" aria-hidden="true">
      <span className="text-sm font-medium text-muted-foreground">Account</span>
      <Skeleton className="h-9 w-full sm:w-80" />
    </div>
  );
}

/** Nothing to show yet: say what to do next (docs/PRODUCT-RULES.md §9). */
export function NoAccounts() {
  const { data: user } = useQuery(userQuery);
  const admin = permissions(user).admin;
  return (
    <div className="rounded-lg border border-dashed border-border p-8 text-center text-sm" data-testid="no-accounts">
      <p className="font-medium">No accounts assigned yet</p>
      <p className="mx-auto mt-1 max-w-md text-muted-foreground">
        Ask an admin to assign an exchange account to you. It appears here as soon as it is assigned.
      </p>
      {admin ? (
        <Link to="/admin/assignments" className={buttonClasses({ size: 'sm', variant: 'outline', className: 'mt-3' })}>
          Open Account Assignments
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The selector with its loading, error and empty states. Renders `children(selected)` once an
 * account is selected.
 */
export function AccountGate({
  toolbar,
  children,
  skeleton,
}: {
  /** Extra controls next to the selector (pane menu, date range, connection badge). */
  toolbar?: (account: Account) => ReactNode;
  children: (account: Account) => ReactNode;
  skeleton?: ReactNode;
}) {
  const { query, accounts, selected } = useAccountSelection();
  if (query.isPending) {
    return (
      <>
        <div className="mb-4">
          <AccountSelectorSkeleton />
        </div>
        {skeleton}
      </>
    );
  }
  if (query.isError) return <QueryError query={query} what="your accounts" />;
  if (!selected) return <NoAccounts />;
  return (
    <>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <AccountSelector accounts={accounts} selected={selected} />
        {toolbar ? <div className="flex flex-wrap items-center gap-2">{toolbar(selected)}</div> : null}
      </div>
      {children(selected)}
    </>
  );
}
