import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable, sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { Switch } from '~/components/ui/switch';
import { formatAgo, formatDateTime } from '~/lib/format';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import {
  newsSettingsApi,
  newsSettingsKeys,
  pollingSessionsQuery,
  twitterHandlesQuery,
  type TwitterHandle,
  type TwitterPollingSession,
} from '~/lib/news-settings-api';
import { useNow } from '~/lib/use-now';
import { FormField } from '~/routes/-components/form-field';
import {
  ConfirmDialog,
  dash,
  EmptyState,
  FieldError,
  QueryState,
  RowActions,
  SettingsSection,
  type Confirmation,
} from './common';

/** Every polling session references handles: refresh both after any change. */
const invalidateTwitter = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: newsSettingsKeys.twitterHandles }),
    queryClient.invalidateQueries({ queryKey: newsSettingsKeys.pollingSessions }),
  ]);

interface TwitterActions {
  canEdit: boolean;
  handlesById: ReadonlyMap<string, TwitterHandle>;
  editHandle: (handle: TwitterHandle) => void;
  deleteHandle: (handle: TwitterHandle) => void;
  editSession: (session: TwitterPollingSession) => void;
  deleteSession: (session: TwitterPollingSession) => void;
}

const TwitterContext = createContext<TwitterActions | null>(null);
function useTwitter() {
  const value = useContext(TwitterContext);
  if (!value) throw new Error('TwitterContext missing');
  return value;
}

function Ago({ ts }: { ts: number | null }) {
  const now = useNow();
  if (!ts) return dash;
  return (
    <span className="tabular" title={formatDateTime(ts, { seconds: true })}>
      {formatAgo(now - ts)}
    </span>
  );
}

export function describeWindow(from: string, to: string) {
  if (from === to || (from === '00:00' && to === '24:00')) return 'All day';
  return `${from}–${to} UTC`;
}

export function describeInterval(seconds: number) {
  if (seconds < 60) return `${seconds} s`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

// ── Enabled switches (admins) ───────────────────────────────────────────────

function HandleEnabled({ handle }: { handle: TwitterHandle }) {
  const { canEdit } = useTwitter();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => newsSettingsApi.updateTwitterHandle(handle.id, { enabled }),
    onSuccess: (updated) => toast.success(`@${updated.handle} ${updated.enabled ? 'enabled' : 'paused'}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not change the handle')),
    onSettled: () => invalidateTwitter(queryClient),
  });
  const checked = toggle.isPending ? !!toggle.variables : handle.enabled;
  return (
    <Switch
      checked={checked}
      disabled={!canEdit || toggle.isPending}
      onCheckedChange={(enabled) => toggle.mutate(enabled)}
      aria-label={`Poll @${handle.handle}`}
    />
  );
}

function SessionEnabled({ session }: { session: TwitterPollingSession }) {
  const { canEdit } = useTwitter();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => newsSettingsApi.updateTwitterPollingSession(session.id, { enabled }),
    onSuccess: (updated) => toast.success(`${updated.name} ${updated.enabled ? 'enabled' : 'paused'}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not change the session')),
    onSettled: () => invalidateTwitter(queryClient),
  });
  const checked = toggle.isPending ? !!toggle.variables : session.enabled;
  return (
    <Switch
      checked={checked}
      disabled={!canEdit || toggle.isPending}
      onCheckedChange={(enabled) => toggle.mutate(enabled)}
      aria-label={`Session ${session.name} enabled`}
      data-testid={`session-enabled-${session.id}`}
    />
  );
}

// ── Tables ──────────────────────────────────────────────────────────────────

const handleHelper = sortableColumnHelper<TwitterHandle>();
const handleColumns = handleHelper.columns([
  handleHelper.accessor('handle', {
    header: 'Handle',
    sortFn: 'alphanumeric',
    cell: (info) => <span className="font-medium">@{info.getValue()}</span>,
  }),
  handleHelper.accessor('userId', {
    header: 'X user id',
    sortFn: 'alphanumeric',
    sortUndefined: 'last',
    cell: (info) =>
      info.getValue() ? (
        <span className="tabular font-mono text-xs">{info.getValue()}</span>
      ) : (
        <span className="text-xs text-muted-foreground">Resolved on first poll</span>
      ),
  }),
  handleHelper.accessor('enabled', {
    header: 'Enabled',
    meta: { align: 'center' },
    cell: (info) => <HandleEnabled handle={info.row.original} />,
  }),
]);
function HandleActions({ handle }: { handle: TwitterHandle }) {
  const { editHandle, deleteHandle } = useTwitter();
  return (
    <RowActions
      label={`@${handle.handle}`}
      onEdit={() => editHandle(handle)}
      onDelete={() => deleteHandle(handle)}
      testId={`handle-${handle.handle}`}
    />
  );
}

function SessionActions({ session }: { session: TwitterPollingSession }) {
  const { editSession, deleteSession } = useTwitter();
  return (
    <RowActions
      label={session.name}
      onEdit={() => editSession(session)}
      onDelete={() => deleteSession(session)}
      testId={`session-${session.id}`}
    />
  );
}

function SessionStatus({ session: s }: { session: TwitterPollingSession }) {
  const now = useNow();
  if (s.rateLimitedUntil && s.rateLimitedUntil > now) {
    return (
      <Badge tone="warning" title={`Until ${formatDateTime(s.rateLimitedUntil, { seconds: true })}`}>
        Rate limited
      </Badge>
    );
  }
  if (s.lastError) {
    return (
      <span className="block max-w-[16rem] truncate text-xs text-destructive" title={s.lastError}>
        {s.lastError}
      </span>
    );
  }
  return s.lastPolledAt ? <Badge tone="success">OK</Badge> : dash;
}

const handleActionsColumn = handleHelper.display({
  id: 'actions',
  header: () => <span className="sr-only">Actions</span>,
  cell: (info) => <HandleActions handle={info.row.original} />,
});
const handleColumnsAdmin: DataColumns<TwitterHandle> = [...handleColumns, handleActionsColumn];

function SessionHandles({ session }: { session: TwitterPollingSession }) {
  const { handlesById } = useTwitter();
  return (
    <span className="flex max-w-[18rem] flex-wrap gap-1">
      {session.handleIds.map((id) => {
        const handle = handlesById.get(id);
        return (
          <Badge
            key={id}
            tone={handle?.enabled === false ? 'neutral' : 'primary'}
            title={handle?.enabled === false ? 'Paused handle' : undefined}
          >
            {handle ? `@${handle.handle}` : 'removed'}
          </Badge>
        );
      })}
    </span>
  );
}

const sessionHelper = sortableColumnHelper<TwitterPollingSession>();
const sessionColumns = sessionHelper.columns([
  sessionHelper.accessor('name', {
    header: 'Session',
    sortFn: 'alphanumeric',
    cell: (info) => <span className="font-medium">{info.getValue()}</span>,
  }),
  sessionHelper.accessor((s) => s.handleIds.length, {
    id: 'handles',
    header: 'Handles',
    cell: (info) => <SessionHandles session={info.row.original} />,
  }),
  sessionHelper.accessor('intervalSeconds', {
    header: 'Every',
    meta: { align: 'right' },
    cell: (info) => <span className="tabular">{describeInterval(info.getValue())}</span>,
  }),
  sessionHelper.accessor((s) => `${s.activeFromUtc}-${s.activeToUtc}`, {
    id: 'window',
    header: 'Active (UTC)',
    sortFn: 'alphanumeric',
    cell: (info) => (
      <span className="tabular">{describeWindow(info.row.original.activeFromUtc, info.row.original.activeToUtc)}</span>
    ),
  }),
  sessionHelper.accessor('lastPolledAt', {
    header: 'Last poll',
    meta: { align: 'right' },
    sortUndefined: 'last',
    cell: (info) => <Ago ts={info.getValue()} />,
  }),
  sessionHelper.accessor((s) => s.lastError ?? '', {
    id: 'status',
    header: 'Status',
    sortFn: 'alphanumeric',
    cell: (info) => <SessionStatus session={info.row.original} />,
  }),
  sessionHelper.accessor('enabled', {
    header: 'Enabled',
    meta: { align: 'center' },
    cell: (info) => <SessionEnabled session={info.row.original} />,
  }),
]);
const sessionColumnsAdmin: DataColumns<TwitterPollingSession> = [
  ...sessionColumns,
  sessionHelper.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (info) => <SessionActions session={info.row.original} />,
  }),
];

// ── Section ─────────────────────────────────────────────────────────────────

/** Twitter / X: the handles to follow and the polling sessions that poll them (interval, UTC window). */
export function TwitterSection({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const handlesQuery = useQuery(twitterHandlesQuery);
  const sessionsQuery = useQuery(pollingSessionsQuery);
  const handles = useMemo(() => handlesQuery.data ?? [], [handlesQuery.data]);
  const [handleDialog, setHandleDialog] = useState<{ handle: TwitterHandle | null } | null>(null);
  const [sessionDialog, setSessionDialog] = useState<{ session: TwitterPollingSession | null } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const removeHandle = useMutation({
    mutationFn: (handle: TwitterHandle) => newsSettingsApi.deleteTwitterHandle(handle.id),
    onSuccess: (_result, handle) => toast.success(`Removed @${handle.handle}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not remove the handle')),
    onSettled: () => invalidateTwitter(queryClient),
  });
  const removeSession = useMutation({
    mutationFn: (session: TwitterPollingSession) => newsSettingsApi.deleteTwitterPollingSession(session.id),
    onSuccess: (_result, session) => toast.success(`Deleted session ${session.name}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the session')),
    onSettled: () => invalidateTwitter(queryClient),
  });

  const actions = useMemo<TwitterActions>(
    () => ({
      canEdit,
      handlesById: new Map(handles.map((h) => [h.id, h])),
      editHandle: (handle) => setHandleDialog({ handle }),
      deleteHandle: (handle) => {
        const used = (sessionsQuery.data ?? []).filter((s) => s.handleIds.includes(handle.id)).length;
        setConfirmation({
          title: `Remove @${handle.handle}?`,
          description: used
            ? `It is also taken out of ${used} polling ${used === 1 ? 'session' : 'sessions'}.`
            : 'No polling session uses it.',
          action: 'Remove',
          onConfirm: () => removeHandle.mutate(handle),
        });
      },
      editSession: (session) => setSessionDialog({ session }),
      deleteSession: (session) =>
        setConfirmation({
          title: `Delete session ${session.name}?`,
          description: 'Its handles stop being polled by it; the handles themselves stay.',
          action: 'Delete',
          onConfirm: () => removeSession.mutate(session),
        }),
    }),
    [canEdit, handles, sessionsQuery.data, removeHandle, removeSession],
  );

  return (
    <TwitterContext.Provider value={actions}>
      <SettingsSection
        title="Twitter / X"
        description="Handles to follow, and the polling sessions that fetch their tweets on a schedule (run by the Worker cron)."
        testId="twitter-section"
      >
        <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <SettingsSection
            level={3}
            title="Handles"
            actions={
              canEdit ? (
                <Button size="xs" variant="outline" onClick={() => setHandleDialog({ handle: null })} data-testid="add-handle">
                  Add handle
                </Button>
              ) : null
            }
          >
            <QueryState query={handlesQuery} label="Twitter handles">
              {(list) =>
                list.length ? (
                  <DataTable
                    label="Twitter handles"
                    testId="handles-table"
                    columns={canEdit ? handleColumnsAdmin : handleColumns}
                    data={list}
                    getRowId={(h) => h.id}
                    rowLabel={(h) => `@${h.handle}`}
                    initialSorting={[{ id: 'handle', desc: false }]}
                    containerClassName="max-h-[20rem]"
                  />
                ) : (
                  <EmptyState title="No handles yet.">
                    {canEdit ? 'Add the accounts whose tweets should become headlines.' : null}
                  </EmptyState>
                )
              }
            </QueryState>
          </SettingsSection>
          <SettingsSection
            level={3}
            title="Polling sessions"
            actions={
              canEdit ? (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setSessionDialog({ session: null })}
                  disabled={!handles.length}
                  title={handles.length ? undefined : 'Add a handle first'}
                  data-testid="add-session"
                >
                  Add session
                </Button>
              ) : null
            }
          >
            <QueryState query={sessionsQuery} label="polling sessions">
              {(list) =>
                list.length ? (
                  <DataTable
                    label="Polling sessions"
                    testId="sessions-table"
                    columns={canEdit ? sessionColumnsAdmin : sessionColumns}
                    data={list}
                    getRowId={(s) => s.id}
                    rowLabel={(s) => s.name}
                    rowClassName={(s) => (s.enabled ? undefined : 'text-muted-foreground')}
                    containerClassName="max-h-[20rem]"
                  />
                ) : (
                  <EmptyState title="No polling sessions.">
                    {canEdit ? 'A session polls some handles every N seconds within a UTC time window.' : null}
                  </EmptyState>
                )
              }
            </QueryState>
          </SettingsSection>
        </div>
      </SettingsSection>
      {canEdit ? (
        <>
          <Dialog open={handleDialog !== null} onOpenChange={(open) => !open && setHandleDialog(null)}>
            <DialogContent className="max-w-md" data-testid="handle-dialog" aria-describedby={undefined}>
              {handleDialog ? (
                <HandleForm
                  key={handleDialog.handle?.id ?? 'new'}
                  handle={handleDialog.handle}
                  onDone={() => setHandleDialog(null)}
                />
              ) : null}
            </DialogContent>
          </Dialog>
          <Dialog open={sessionDialog !== null} onOpenChange={(open) => !open && setSessionDialog(null)}>
            <DialogContent data-testid="session-dialog" aria-describedby={undefined}>
              {sessionDialog ? (
                <SessionForm
                  key={sessionDialog.session?.id ?? 'new'}
                  session={sessionDialog.session}
                  handles={handles}
                  onDone={() => setSessionDialog(null)}
                />
              ) : null}
            </DialogContent>
          </Dialog>
          <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
        </>
      ) : null}
    </TwitterContext.Provider>
  );
}

// ── Forms ───────────────────────────────────────────────────────────────────

function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const onError = (fallback: string) => (error: unknown) => {
    const fields = fieldErrors(error);
    setErrors(fields);
    setGeneral(Object.keys(fields).length ? 'Please correct the highlighted fields.' : errorMessage(error, fallback));
  };
  return { errors, setErrors, general, setGeneral, onError };
}

function HandleForm({ handle, onDone }: { handle: TwitterHandle | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const enabledId = useId();
  const [name, setName] = useState(handle?.handle ?? '');
  const [userId, setUserId] = useState(handle?.userId ?? '');
  const [enabled, setEnabled] = useState(handle?.enabled ?? true);
  const { errors, setErrors, general, setGeneral, onError } = useFormErrors();

  const save = useMutation({
    mutationFn: () => {
      const fields = { handle: name.trim().replace(/^@/, ''), userId: userId.trim() || null, enabled };
      return handle ? newsSettingsApi.updateTwitterHandle(handle.id, fields) : newsSettingsApi.createTwitterHandle(fields);
    },
    onSuccess: (saved) => {
      void invalidateTwitter(queryClient);
      toast.success(handle ? `Saved @${saved.handle}` : `Added @${saved.handle}`);
      onDone();
    },
    onError: onError('Could not save the handle'),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const found: Record<string, string> = {};
    if (!/^@?[A-Za-z0-9_]{1,15}$/.test(name.trim())) found.handle = 'A handle is 1–15 letters, digits or underscores';
    if (userId.trim() && !/^\d{1,20}$/.test(userId.trim())) found.userId = 'An X user id is a number';
    setErrors(found);
    setGeneral(null);
    if (!Object.keys(found).length) save.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>{handle ? `Edit @${handle.handle}` : 'Add handle'}</DialogTitle>
        <DialogDescription>
          Handles are case-insensitive; the X user id is looked up on the first poll when left empty.
        </DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}
      <FormField
        label="Handle"
        name="handle"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.handle}
        placeholder="@WatcherGuru"
        maxLength={16}
        autoComplete="off"
        autoFocus
      />
      <FormField
        label="X user id (optional)"
        name="userId"
        value={userId}
        onChange={(event) => setUserId(event.target.value)}
        error={errors.userId}
        inputMode="numeric"
        autoComplete="off"
      />
      <div className="flex items-center gap-3">
        <Switch id={enabledId} checked={enabled} onCheckedChange={setEnabled} />
        <Label htmlFor={enabledId}>Enabled</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="handle-submit">
          {save.isPending ? <Spinner label="Saving" /> : null}
          {handle ? 'Save' : 'Add handle'}
        </Button>
      </DialogFooter>
    </form>
  );
}

const FROM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const TO = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

function SessionForm({
  session,
  handles,
  onDone,
}: {
  session: TwitterPollingSession | null;
  handles: TwitterHandle[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = { handles: useId(), enabled: useId() };
  const [name, setName] = useState(session?.name ?? '');
  const [handleIds, setHandleIds] = useState<string[]>(session?.handleIds ?? []);
  const [interval, setIntervalText] = useState(String(session?.intervalSeconds ?? 60));
  const [from, setFrom] = useState(session?.activeFromUtc ?? '00:00');
  const [to, setTo] = useState(session?.activeToUtc ?? '24:00');
  const [enabled, setEnabled] = useState(session?.enabled ?? true);
  const { errors, setErrors, general, setGeneral, onError } = useFormErrors();

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        name: name.trim(),
        handleIds,
        intervalSeconds: Number(interval),
        activeFromUtc: from.trim(),
        activeToUtc: to.trim(),
        enabled,
      };
      return session
        ? newsSettingsApi.updateTwitterPollingSession(session.id, fields)
        : newsSettingsApi.createTwitterPollingSession(fields);
    },
    onSuccess: (saved) => {
      void invalidateTwitter(queryClient);
      toast.success(session ? `Saved session ${saved.name}` : `Added session ${saved.name}`);
      onDone();
    },
    onError: onError('Could not save the session'),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Name is required';
    if (!handleIds.length) found.handleIds = 'Pick at least one handle';
    const seconds = Number(interval);
    if (!Number.isInteger(seconds) || seconds < 15 || seconds > 86_400) found.intervalSeconds = 'Whole seconds from 15 to 86,400';
    if (!FROM.test(from.trim())) found.activeFromUtc = 'Use HH:MM, e.g. 08:30';
    if (!TO.test(to.trim())) found.activeToUtc = 'Use HH:MM, e.g. 17:00 (24:00 for midnight)';
    setErrors(found);
    setGeneral(null);
    if (!Object.keys(found).length) save.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>{session ? `Edit ${session.name}` : 'New polling session'}</DialogTitle>
        <DialogDescription>
          Polls its handles every N seconds while the UTC window is open. An end before the start wraps past midnight.
        </DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}
      <FormField
        label="Name"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        maxLength={100}
        autoComplete="off"
        autoFocus
      />
      <fieldset className="grid gap-1.5" aria-describedby={errors.handleIds ? ids.handles : undefined}>
        <legend className="mb-1.5 text-sm font-medium">Handles</legend>
        <div className="flex max-h-36 flex-wrap gap-x-4 gap-y-1.5 overflow-auto rounded-md border border-border p-2">
          {handles.map((h) => (
            <label key={h.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={handleIds.includes(h.id)}
                onChange={(event) =>
                  setHandleIds((prev) => (event.target.checked ? [...prev, h.id] : prev.filter((id) => id !== h.id)))
                }
                className="size-3.5 accent-[var(--color-primary)]"
              />
              @{h.handle}
            </label>
          ))}
        </div>
        <FieldError id={ids.handles} message={errors.handleIds} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          label="Every (seconds)"
          name="intervalSeconds"
          type="number"
          min={15}
          max={86400}
          value={interval}
          onChange={(event) => setIntervalText(event.target.value)}
          error={errors.intervalSeconds}
        />
        <FormField
          label="From (UTC)"
          name="activeFromUtc"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={errors.activeFromUtc}
          placeholder="00:00"
          maxLength={5}
        />
        <FormField
          label="To (UTC)"
          name="activeToUtc"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={errors.activeToUtc}
          placeholder="24:00"
          maxLength={5}
        />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">
        {FROM.test(from) && TO.test(to) ? `Active: ${describeWindow(from, to)}` : '\u00a0'}
      </p>
      <div className="flex items-center gap-3">
        <Switch id={ids.enabled} checked={enabled} onCheckedChange={setEnabled} />
        <Label htmlFor={ids.enabled}>Enabled</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="session-submit">
          {save.isPending ? <Spinner label="Saving" /> : null}
          {session ? 'Save' : 'Add session'}
        </Button>
      </DialogFooter>
    </form>
  );
}
