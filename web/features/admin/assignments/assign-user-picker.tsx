import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ComboboxPanel } from '~/components/ui/combobox';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import type { User } from '@contract/types';

const SEARCH_DEBOUNCE_MS = 250;
/** Users listed per search: the rest are counted ("N more: type to narrow"). */
const SHOWN = 8;

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
      <PopoverContent className="w-80 p-0" aria-label={`Assign a user to ${accountEmail}`}>
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

/**
 * Users found on the server (debounced: the directory is firm-sized), in the shared picker panel:
 * arrow keys move, Enter assigns; users already on the account are listed but cannot be picked.
 */
function UserSearch({ assignedIds, onPick }: { assignedIds: string[]; onPick: (user: User) => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    ...orpc.listUsers.queryOptions({ input: { search: search || undefined, status: 'all', page: 1, pageSize: SHOWN } }),
    placeholderData: keepPreviousData,
  });
  const users = results.data?.items ?? [];
  const more = Math.max(0, (results.data?.total ?? 0) - users.length);

  return (
    <ComboboxPanel
      searchLabel="Find a user"
      listLabel="Users"
      placeholder="Email or name"
      query={text}
      onQueryChange={setText}
      items={users}
      more={more}
      getKey={(user) => user.id}
      isDisabled={(user) => assignedIds.includes(user.id)}
      onPick={onPick}
      inputTestId="assign-search"
      optionTestId={(user) => `assign-option-${user.email}`}
      status={
        results.isError ? (
          <p role="alert" className="text-destructive">
            {errorMessage(results.error, 'Could not search users')}
          </p>
        ) : results.isPending ? (
          <p className="flex items-center gap-2">
            <Spinner label="Searching" className="size-3" /> Searching…
          </p>
        ) : undefined
      }
      empty={search ? `No user matches “${search}”.` : 'No users yet.'}
      renderItem={(user) => (
        <span className="flex items-center justify-between gap-2">
          <span className="min-w-0">
            <span className="block truncate font-medium">{user.email}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.name || 'No name'}</span>
          </span>
          {assignedIds.includes(user.id) ? (
            <Badge>Assigned</Badge>
          ) : !user.approved ? (
            <Badge tone="warning">Pending</Badge>
          ) : user.disabled ? (
            <Badge tone="destructive">Disabled</Badge>
          ) : null}
        </span>
      )}
    />
  );
}
