import { useQuery } from '@tanstack/react-query';
import { serverFn } from '~/lib/server-fn';
import { inputProblems } from '~/lib/input-problems';
import { UTC_FROM_TIME, UTC_TO_TIME } from '@contract/patterns';
import { newsSettingsKeys, pollingSessionsQuery, twitterHandlesQuery, xPollingBudgetQuery } from './settings-queries';
import { describeBudget, minIntervalSeconds, requestsPerWindow, xSearchRequestsPerPoll } from '@contract/news-pollers';
import type {
  TwitterHandleDto as TwitterHandle,
  TwitterHandleFields,
  TwitterPollingSessionDto as TwitterPollingSession,
  TwitterPollingSessionFields,
} from '@contract/server-fns/news-twitter';
import { useId, useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { formatDateTime } from '~/lib/format';
import { useNow } from '~/lib/use-now';
import { FormField } from '~/components/ui/form-field';
import { SwitchField } from '~/components/ui/switch-field';
import { Ago, dash, FieldError, SettingsSection } from './common';
import { CrudForm, CrudSection, CrudSwitch, useCrudForm } from './crud-section';

/** Every polling session references handles: refresh both after any change. */
const TWITTER_KEYS = [newsSettingsKeys.twitterHandles, newsSettingsKeys.pollingSessions, newsSettingsKeys.xPollingBudget];

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

// ── Tables ──────────────────────────────────────────────────────────────────

const handleHelper = sortableColumnHelper<TwitterHandle>();
const handleColumns: DataColumns<TwitterHandle> = handleHelper.columns([
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
    cell: (info) => {
      const handle = info.row.original;
      return (
        <CrudSwitch
          checked={handle.enabled}
          update={(enabled) => serverFn('updateTwitterHandle', { id: handle.id, updates: { enabled } })}
          done={(updated) => `@${updated.handle} ${updated.enabled ? 'enabled' : 'paused'}`}
          failed="Could not change the handle"
          label={`Poll @${handle.handle}`}
        />
      );
    },
  }),
]);

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

function SessionHandles({ session }: { session: TwitterPollingSession }) {
  const { data: handles } = useQuery(twitterHandlesQuery);
  return (
    <span className="flex max-w-[18rem] flex-wrap gap-1">
      {session.handleIds.map((id) => {
        const handle = handles?.find((h) => h.id === id);
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
const sessionColumns: DataColumns<TwitterPollingSession> = sessionHelper.columns([
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
    cell: (info) => {
      const session = info.row.original;
      return (
        <CrudSwitch
          checked={session.enabled}
          update={(enabled) => serverFn('updateTwitterPollingSession', { id: session.id, updates: { enabled } })}
          done={(updated) => `${updated.name} ${updated.enabled ? 'enabled' : 'paused'}`}
          failed="Could not change the session"
          label={`Session ${session.name} enabled`}
          testId={`session-enabled-${session.id}`}
        />
      );
    },
  }),
]);

// ── Section ─────────────────────────────────────────────────────────────────

/** Twitter / X: the handles to follow and the polling sessions that poll them (interval, UTC window). */
export function TwitterSection({ canEdit }: { canEdit: boolean }) {
  const handlesQuery = useQuery(twitterHandlesQuery);
  const sessionsQuery = useQuery(pollingSessionsQuery);
  const handles = handlesQuery.data ?? [];
  return (
    <SettingsSection
      title="Twitter / X"
      description="Handles to follow, and the polling sessions that read their posts every N seconds, to the second: one X recent-search request per poll for all of a session's handles."
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
            getRowId: (h) => h.id,
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
            getRowId: (s) => s.id,
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
    </SettingsSection>
  );
}

// ── Forms ───────────────────────────────────────────────────────────────────

function HandleForm({ handle }: { handle: TwitterHandle | null }) {
  const [name, setName] = useState(handle?.handle ?? '');
  const [userId, setUserId] = useState(handle?.userId ?? '');
  const [enabled, setEnabled] = useState(handle?.enabled ?? true);
  const form = useCrudForm({
    save: (fields: TwitterHandleFields) =>
      handle ? serverFn('updateTwitterHandle', { id: handle.id, updates: fields }) : serverFn('createTwitterHandle', fields),
    done: (saved) => (handle ? `Saved @${saved.handle}` : `Added @${saved.handle}`),
    failed: 'Could not save the handle',
  });
  const { errors } = form;

  async function onSubmit() {
    const fields = { handle: name.trim().replace(/^@/, ''), userId: userId.trim() || null, enabled };
    const found = handle
      ? await inputProblems('updateTwitterHandle', { id: handle.id, updates: fields })
      : await inputProblems('createTwitterHandle', fields);
    form.submit(found, fields);
  }

  return (
    <CrudForm
      form={form}
      title={handle ? `Edit @${handle.handle}` : 'Add handle'}
      description="Handles are case-insensitive; the X user id is looked up on the first poll when left empty."
      submitLabel={handle ? 'Save' : 'Add handle'}
      submitTestId="handle-submit"
      onSubmit={onSubmit}
    >
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
      <SwitchField label="Enabled" checked={enabled} onCheckedChange={setEnabled} />
    </CrudForm>
  );
}

/**
 * What the interval costs of the X plan's recent-search budget, as the admin types: this session's
 * requests per window, the other sessions', and the shortest interval that fits. The server refuses
 * a session over the budget with the same figures.
 */
function BudgetHint({
  session,
  handles,
  handleIds,
  interval,
  enabled,
}: {
  session: TwitterPollingSession | null;
  handles: TwitterHandle[];
  handleIds: string[];
  interval: number;
  enabled: boolean;
}) {
  const { data } = useQuery(xPollingBudgetQuery);
  if (!data || !Number.isInteger(interval) || interval < 1) return null;
  const names = handleIds
    .map((id) => handles.find((h) => h.id === id))
    .filter((h) => h?.enabled)
    .map((h) => h!.handle);
  const perPoll = xSearchRequestsPerPoll(names);
  const own = session ? (data.sessions.find((s) => s.id === session.id)?.requestsPerWindow ?? 0) : 0;
  const others = data.used - own;
  const mine = enabled && perPoll ? requestsPerWindow(interval, perPoll, data.budget) : 0;
  const over = others + mine > data.budget.requests;
  const fits = perPoll ? minIntervalSeconds(perPoll, data.budget, others) : null;
  return (
    <p className={over ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'} data-testid="session-budget">
      {perPoll === 0
        ? 'Pick handles to see what this session costs.'
        : `${perPoll === 1 ? 'One request' : `${perPoll} requests`} per poll: ${describeBudget(mine, data.budget)} (${data.budget.note})` +
          `${others ? `, ${others} more by the other sessions` : ''}.` +
          (over
            ? fits
              ? ` Over the plan: poll every ${fits} s or slower.`
              : ' Over the plan: the other sessions use it all.'
            : '')}
    </p>
  );
}

function SessionForm({ session, handles }: { session: TwitterPollingSession | null; handles: TwitterHandle[] }) {
  const ids = { handles: useId() };
  const [name, setName] = useState(session?.name ?? '');
  const [handleIds, setHandleIds] = useState<string[]>(session?.handleIds ?? []);
  const [interval, setIntervalText] = useState(String(session?.intervalSeconds ?? 60));
  const [from, setFrom] = useState(session?.activeFromUtc ?? '00:00');
  const [to, setTo] = useState(session?.activeToUtc ?? '24:00');
  const [enabled, setEnabled] = useState(session?.enabled ?? true);
  const form = useCrudForm({
    save: (fields: TwitterPollingSessionFields) =>
      session
        ? serverFn('updateTwitterPollingSession', { id: session.id, updates: fields })
        : serverFn('createTwitterPollingSession', fields),
    done: (saved) => (session ? `Saved session ${saved.name}` : `Added session ${saved.name}`),
    failed: 'Could not save the session',
  });
  const { errors } = form;

  async function onSubmit() {
    const fields = {
      name: name.trim(),
      handleIds,
      intervalSeconds: Number(interval),
      activeFromUtc: from.trim(),
      activeToUtc: to.trim(),
      enabled,
    };
    const found = session
      ? await inputProblems('updateTwitterPollingSession', { id: session.id, updates: fields })
      : await inputProblems('createTwitterPollingSession', fields);
    if (interval.trim() === '' || !Number.isInteger(fields.intervalSeconds)) found.intervalSeconds = 'Whole seconds, at least 1';
    form.submit(found, fields);
  }

  return (
    <CrudForm
      form={form}
      title={session ? `Edit ${session.name}` : 'New polling session'}
      description="Polls its handles every N seconds while the UTC window is open. An end before the start wraps past midnight."
      submitLabel={session ? 'Save' : 'Add session'}
      submitTestId="session-submit"
      onSubmit={onSubmit}
    >
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
          min={1}
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
        {UTC_FROM_TIME.test(from) && UTC_TO_TIME.test(to) ? `Active: ${describeWindow(from, to)}` : '\u00a0'}
      </p>
      <BudgetHint session={session} handles={handles} handleIds={handleIds} interval={Number(interval)} enabled={enabled} />
      <SwitchField label="Enabled" checked={enabled} onCheckedChange={setEnabled} />
    </CrudForm>
  );
}
