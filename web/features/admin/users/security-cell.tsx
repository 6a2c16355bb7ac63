import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '~/components/ui/dropdown-menu';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import type { User } from '@contract/types';
import { rowAbilities } from './user-changes';
import { useUsersTable } from './users-table-context';

/**
 * A user's sessions and second factors, for an admin: end every session (a lost laptop), or remove
 * the second factors after a lost device (the user signs in with the password and adds a new one).
 * Both ask first; another admin's only a superadmin may touch, as with roles and flags.
 */
export function SecurityCell({ user }: { user: User }) {
  const { me } = useUsersTable();
  const locked = rowAbilities(me, user).lockedReason;
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const endAll = useMutation(
    orpc.endUserSessions.mutationOptions({
      onSuccess: ({ ended }) => toast.success(`Ended ${ended} session${ended === 1 ? '' : 's'} of ${user.email}`),
      onError: (error) => toast.error(errorMessage(error, 'Could not end the sessions')),
    }),
  );
  const reset = useMutation(
    orpc.resetUserSecondFactors.mutationOptions({
      onSuccess: ({ removed }) => toast.success(`Removed ${removed} second factor${removed === 1 ? '' : 's'} of ${user.email}`),
      onError: (error) => toast.error(errorMessage(error, 'Could not reset the second factors')),
    }),
  );
  const self = user.id === me.id;
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            size="xs"
            variant="ghost"
            disabled={Boolean(locked) && !self}
            title={locked ?? undefined}
            aria-label={`Sessions and second factors of ${user.email}`}
            data-testid={`security-${user.email}`}
          >
            Sessions…
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() =>
              setConfirmation({
                title: `End every session of ${user.email}?`,
                description: 'They are signed out everywhere within seconds, live pages included.',
                action: 'End sessions',
                onConfirm: () => endAll.mutate({ userId: user.id }),
              })
            }
          >
            End all sessions
          </DropdownMenuItem>
          {self ? null : (
            <DropdownMenuItem
              onSelect={() =>
                setConfirmation({
                  title: `Reset the second factors of ${user.email}?`,
                  description:
                    'Their passkeys, authenticator apps and recovery codes are removed and every session ends. They sign in with their password and add a new second factor.',
                  action: 'Reset',
                  onConfirm: () => reset.mutate({ userId: user.id }),
                })
              }
            >
              Reset second factors
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}
