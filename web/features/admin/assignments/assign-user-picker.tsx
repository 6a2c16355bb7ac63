import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { SearchIcon } from '~/components/layout/icons';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import type { User } from '@contract/types';

const SEARCH_DEBOUNCE_MS = 250;

/** "Assign user": a popover that searches users by email or name and assigns the one picked. */
export function AssignUserPicker({
  accountEmail,
  assignedIds,
  onAssign,
  busy,
}: {
  accountEmail: string;
  assignedIds: string[];
  onAssign: (user: User) => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          size="xs"
          variant="outline"
          disabled={busy}
          aria-label={`Assign a user to ${accountEmail}`}
          data-testid={`assign-${accountEmail}`}
        >
          {busy ? <Spinner label="Saving" className="size-3" /> : <span aria-hidden="true">+</span>}
          Assign user
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80" aria-label={`Assign a user to ${accountEmail}`}>
        {open ? (
          <UserSearch
            assignedIds={assignedIds}
            onPick={(user) => {
              setOpen(false);
              onAssign(user);
            }}
          />
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

function UserSearch({ assignedIds, onPick }: { assignedIds: string[]; onPick: (user: User) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    ...orpc.listUsers.queryOptions({ input: { search: search || undefined, status: 'all', page: 1, pageSize: 8 } }),
    placeholderData: keepPreviousData,
  });
  const users = results.data?.items ?? [];

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Find a user
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={inputId}
          type="search"
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Email or name"
          className="pl-8"
          maxLength={100}
          data-testid="assign-search"
        />
      </div>
      {results.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {errorMessage(results.error, 'Could not search users')}
        </p>
      ) : results.isPending ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Spinner label="Searching" className="size-3" /> Searching…
        </p>
      ) : users.length === 0 ? (
        <p className="text-xs text-muted-foreground">No user matches “{search}”.</p>
      ) : (
        <ul className="grid max-h-72 gap-0.5 overflow-y-auto" aria-label="Users" aria-busy={results.isPlaceholderData}>
          {users.map((user) => {
            const assigned = assignedIds.includes(user.id);
            return (
              <li key={user.id}>
                <button
                  type="button"
                  disabled={assigned}
                  onClick={() => onPick(user)}
                  className="flex w-full items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default disabled:opacity-60"
                  data-testid={`assign-option-${user.email}`}
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{user.email}</span>
                    <span className="block truncate text-xs text-muted-foreground">{user.name || 'No name'}</span>
                  </span>
                  {assigned ? (
                    <Badge>Assigned</Badge>
                  ) : !user.approved ? (
                    <Badge tone="warning">Pending</Badge>
                  ) : user.disabled ? (
                    <Badge tone="destructive">Disabled</Badge>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
