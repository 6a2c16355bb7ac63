import { useForm, useWatch } from 'react-hook-form';
import { UTC_FROM_TIME, UTC_TO_TIME } from '@contract/patterns';
import type {
  TwitterHandleDto as TwitterHandle,
  TwitterPollingSessionDto as TwitterPollingSession,
} from '@contract/server-fns/news-twitter';
import { CheckboxesField, SwitchField, TextField } from '~/components/form/fields';
import { serverFnResolver } from '~/lib/contract-form';
import { serverFn } from '~/lib/server-fn';
import { CrudForm } from './crud-section';
import { describeWindow } from './twitter-columns';
import { BudgetHint } from './twitter-budget-hint';

// Both forms check their fields with the create function's schema; an edit sends the same fields
// as its updates.

interface HandleValues {
  handle: string;
  userId: string;
  enabled: boolean;
}

export function HandleForm({ handle }: { handle: TwitterHandle | null }) {
  const form = useForm({
    defaultValues: { handle: handle?.handle ?? '', userId: handle?.userId ?? '', enabled: handle?.enabled ?? true },
    resolver: serverFnResolver('createTwitterHandle', (values: HandleValues) => ({
      handle: values.handle.trim().replace(/^@/, ''),
      userId: values.userId.trim() || null,
      enabled: values.enabled,
    })),
  });
  return (
    <CrudForm
      form={form}
      save={(fields) =>
        handle ? serverFn('updateTwitterHandle', { id: handle.id, updates: fields }) : serverFn('createTwitterHandle', fields)
      }
      done={(saved) => (handle ? `Saved @${saved.handle}` : `Added @${saved.handle}`)}
      failed="Could not save the handle"
      title={handle ? `Edit @${handle.handle}` : 'Add handle'}
      description="Handles are case-insensitive; the X user id is looked up on the first poll when left empty."
      submitLabel={handle ? 'Save' : 'Add handle'}
      submitTestId="handle-submit"
    >
      <TextField
        control={form.control}
        name="handle"
        label="Handle"
        placeholder="@WatcherGuru"
        maxLength={16}
        autoComplete="off"
        autoFocus
      />
      <TextField control={form.control} name="userId" label="X user id (optional)" inputMode="numeric" autoComplete="off" />
      <SwitchField control={form.control} name="enabled" label="Enabled" />
    </CrudForm>
  );
}

interface SessionValues {
  name: string;
  handleIds: string[];
  intervalSeconds: string;
  activeFromUtc: string;
  activeToUtc: string;
  enabled: boolean;
}

export function SessionForm({ session, handles }: { session: TwitterPollingSession | null; handles: TwitterHandle[] }) {
  const form = useForm({
    defaultValues: {
      name: session?.name ?? '',
      handleIds: session?.handleIds ?? [],
      intervalSeconds: String(session?.intervalSeconds ?? 60),
      activeFromUtc: session?.activeFromUtc ?? '00:00',
      activeToUtc: session?.activeToUtc ?? '24:00',
      enabled: session?.enabled ?? true,
    },
    resolver: serverFnResolver(
      'createTwitterPollingSession',
      (values: SessionValues) => ({
        name: values.name.trim(),
        handleIds: values.handleIds,
        intervalSeconds: Number(values.intervalSeconds),
        activeFromUtc: values.activeFromUtc.trim(),
        activeToUtc: values.activeToUtc.trim(),
        enabled: values.enabled,
      }),
      ({ intervalSeconds }) => ({
        intervalSeconds:
          intervalSeconds.trim() === '' || !Number.isInteger(Number(intervalSeconds)) ? 'Whole seconds, at least 1' : null,
      }),
    ),
  });
  const [from, to, handleIds, interval, enabled] = useWatch({
    control: form.control,
    name: ['activeFromUtc', 'activeToUtc', 'handleIds', 'intervalSeconds', 'enabled'],
  });
  return (
    <CrudForm
      form={form}
      save={(fields) =>
        session
          ? serverFn('updateTwitterPollingSession', { id: session.id, updates: fields })
          : serverFn('createTwitterPollingSession', fields)
      }
      done={(saved) => (session ? `Saved session ${saved.name}` : `Added session ${saved.name}`)}
      failed="Could not save the session"
      title={session ? `Edit ${session.name}` : 'New polling session'}
      description="Polls its handles every N seconds while the UTC window is open. An end before the start wraps past midnight."
      submitLabel={session ? 'Save' : 'Add session'}
      submitTestId="session-submit"
    >
      <TextField control={form.control} name="name" label="Name" maxLength={100} autoComplete="off" autoFocus />
      <CheckboxesField
        control={form.control}
        name="handleIds"
        legend="Handles"
        options={handles.map((h) => ({ value: h.id, label: `@${h.handle}` }))}
        listClassName="flex max-h-36 flex-wrap gap-x-4 gap-y-1.5 overflow-auto rounded-md border border-border p-2"
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField control={form.control} name="intervalSeconds" label="Every (seconds)" type="number" min={1} max={86400} />
        <TextField
          control={form.control}
          name="activeFromUtc"
          label="From (UTC)"
          placeholder="00:00"
          maxLength={5}
        />
        <TextField control={form.control} name="activeToUtc" label="To (UTC)" placeholder="24:00" maxLength={5} />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">
        {UTC_FROM_TIME.test(from) && UTC_TO_TIME.test(to) ? `Active: ${describeWindow(from, to)}` : '\u00a0'}
      </p>
      <BudgetHint session={session} handles={handles} handleIds={handleIds} interval={Number(interval)} enabled={enabled} />
      <SwitchField control={form.control} name="enabled" label="Enabled" />
    </CrudForm>
  );
}
