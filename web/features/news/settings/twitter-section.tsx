import { useQuery } from '@tanstack/react-query';
import { serverFn } from '~/lib/server-fn';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { SettingsSection } from './common';
import { CrudSection } from './crud-section';
import { pollingSessionsQuery, twitterHandlesQuery } from './settings-queries';
import { handleColumns, sessionColumns } from './twitter-columns';
import { HandleForm, SessionForm } from './twitter-forms';
import { XStreamPanel } from './x-stream-panel';

/** Every polling session references handles: refresh both after any change. */
const TWITTER_KEYS = [newsSettingsKeys.twitterHandles, newsSettingsKeys.pollingSessions, newsSettingsKeys.xPollingBudget];

/** Twitter / X: the handles to follow and the polling sessions that poll them (interval, UTC window). */
export function TwitterSection({ canEdit }: { canEdit: boolean }) {
  const handlesQuery = useQuery(twitterHandlesQuery);
  const sessionsQuery = useQuery(pollingSessionsQuery);
  const handles = handlesQuery.data ?? [];
  return (
    <SettingsSection
      title="Twitter / X"
      description="Handles to follow, and the polling sessions that read their posts every N seconds, to the second: one X recent-search request per poll for all of a session's handles; or the filtered stream, which X pushes them through."
      testId="twitter-section"
    >
      <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <CrudSection
          level={3}
          title="Handles"
          canEdit={canEdit}
          add={{ label: 'Add handle', testId: 'add-handle' }}
          query={handlesQuery}
          what="Twitter handles"
          table={{
            label: 'Twitter handles',
            testId: 'handles-table',
            columns: handleColumns,
            rowLabel: (h) => `@${h.handle}`,
            initialSorting: [{ id: 'handle', desc: false }],
            containerClassName: 'max-h-[20rem]',
          }}
          empty={{ title: 'No handles yet.', editorHint: 'Add the accounts whose tweets should become headlines.' }}
          dialog={{ testId: 'handle-dialog', className: 'max-w-md', form: (handle) => <HandleForm handle={handle} /> }}
          rowActions={{ testId: (h) => `handle-${h.handle}` }}
          remove={{
            run: (handle) => serverFn('deleteTwitterHandle', { id: handle.id }),
            confirm: (handle) => {
              const used = (sessionsQuery.data ?? []).filter((s) => s.handleIds.includes(handle.id)).length;
              return {
                title: `Remove @${handle.handle}?`,
                description: used
                  ? `It is also taken out of ${used} polling ${used === 1 ? 'session' : 'sessions'}.`
                  : 'No polling session uses it.',
                action: 'Remove',
              };
            },
            done: (handle) => `Removed @${handle.handle}`,
            failed: 'Could not remove the handle',
          }}
          invalidates={TWITTER_KEYS}
        />
        <CrudSection
          level={3}
          title="Polling sessions"
          canEdit={canEdit}
          add={{
            label: 'Add session',
            testId: 'add-session',
            disabledReason: handles.length ? undefined : 'Add a handle first',
          }}
          query={sessionsQuery}
          what="polling sessions"
          table={{
            label: 'Polling sessions',
            testId: 'sessions-table',
            columns: sessionColumns,
            rowLabel: (s) => s.name,
            rowClassName: (s) => (s.enabled ? undefined : 'text-muted-foreground'),
            containerClassName: 'max-h-[20rem]',
          }}
          empty={{
            title: 'No polling sessions.',
            editorHint: 'A session polls some handles every N seconds within a UTC time window.',
          }}
          dialog={{
            testId: 'session-dialog',
            form: (session) => <SessionForm session={session} handles={handles} />,
          }}
          rowActions={{ testId: (s) => `session-${s.id}` }}
          remove={{
            run: (session) => serverFn('deleteTwitterPollingSession', { id: session.id }),
            confirm: (session) => ({
              title: `Delete session ${session.name}?`,
              description: 'Its handles stop being polled by it; the handles themselves stay.',
              action: 'Delete',
            }),
            done: (session) => `Deleted session ${session.name}`,
            failed: 'Could not delete the session',
          }}
          invalidates={TWITTER_KEYS}
        />
      </div>
      <XStreamPanel canEdit={canEdit} handles={handles} />
    </SettingsSection>
  );
}
