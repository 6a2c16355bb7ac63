import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { DeviceList, DeviceRow, thisBrowserTag } from '~/components/ui/device-list';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { QueryError } from '~/components/ui/error-state';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { sessionsQuery } from './security-queries';

/** Where the caller is signed in: end one, or all but this one (their refresh fails, streams end). */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.listSessions.key() });
  const end = useMutation(
    orpc.endSession.mutationOptions({
      onSuccess: () => {
        toast.success('Session ended');
        void refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not end the session')),
    }),
  );
  const endOthers = useMutation(
    orpc.endOtherSessions.mutationOptions({
      onSuccess: ({ ended }) => {
        toast.success(ended === 1 ? 'Ended 1 other session' : `Ended ${ended} other sessions`);
        void refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not end the sessions')),
    }),
  );

  if (sessions.isError) return <QueryError query={sessions} what="your sessions" />;
  const rows = sessions.data ?? [];
  const others = rows.filter((s) => !s.current).length;
  return (
    <section className="grid gap-3" aria-labelledby="sessions-title" data-testid="sessions">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="sessions-title" className="text-base font-semibold">
            Where you are signed in
          </h2>
          <p className="text-sm text-muted-foreground">An ended session is signed out within seconds, live pages included.</p>
        </div>
        <Button
          variant="outline"
          disabled={others === 0 || endOthers.isPending}
          onClick={() =>
            setConfirmation({
              title: 'End all other sessions?',
              description: `Every other browser and device (${others}) is signed out. This one stays signed in.`,
              action: 'End them',
              onConfirm: () => endOthers.mutate({}),
            })
          }
          data-testid="end-other-sessions"
        >
          End all other sessions
        </Button>
      </div>
      {sessions.isPending ? (
        <Spinner label="Loading your sessions" />
      ) : (
        <DeviceList>
          {rows.map((s) => (
            <DeviceRow
              key={s.id}
              device={s.device}
              tag={thisBrowserTag(s.current)}
              testId="session-row"
              details={
                <p className="text-xs text-muted-foreground" title={s.userAgent ?? undefined}>
                  {s.ip ?? 'Unknown IP'} · signed in {formatDateTime(s.createdAt)}
                  {s.lastSeenAt ? ` · last seen ${formatDateTime(s.lastSeenAt)}` : ''}
                </p>
              }
              actions={
                s.current ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={end.isPending}
                    onClick={() => end.mutate({ id: s.id })}
                    aria-label={`End the session of ${s.device}`}
                  >
                    End
                  </Button>
                )
              }
            />
          ))}
        </DeviceList>
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
