import { useQuery } from '@tanstack/react-query';
import { Options } from '~/components/ui/select';
import { serverFn } from '~/lib/server-fn';
import { serverFnResolver } from '~/lib/contract-form';
import { CONFIGURABLE_SOURCE_KINDS, type ConfigurableSourceKind } from '@contract/enums';
import { newsSettingsKeys, sourcesQuery } from '~/shared/news/news-settings-queries';
import type { CreateSourceInput, SourceDto as NewsSource } from '@contract/server-fns/news-sources';
import { useForm, useWatch } from 'react-hook-form';
import { sortableColumnHelper } from '~/components/ui/data-table';
import { formatDateTime } from '~/lib/format';
import { SOURCE_KIND_LABEL } from '~/shared/news/news-format';
import { SelectField, SwitchField, TextField } from '~/components/form/fields';
import { Ago, dash } from './common';
import { CrudForm, CrudSection } from './crud-section';
import { announceNewWebhook, NewWebhookDialog, WebhookSummary } from './telegram-webhook';
import { LatencyCell, SourceStatusBadge, sourceStatus } from '~/shared/news/source-status';
import { ExchangeSourcesPanel } from './exchange-sources-panel';

const helper = sortableColumnHelper<NewsSource>();
/** The table's columns; editors (admins) also get the webhook secret's generate/rotate action. */
const columnsFor = (canEdit: boolean) =>
  helper.columns([
    helper.accessor('name', {
      header: 'Source',
      sortFn: 'alphanumeric',
      cell: (info) => {
        const source = info.row.original;
        const url = typeof source.config.url === 'string' ? source.config.url : null;
        const chat = typeof source.config.chatId === 'string' ? source.config.chatId : null;
        return (
          <span className="grid max-w-[22rem] min-w-[9rem]">
            <span className="truncate font-medium">{source.name}</span>
            {url || chat ? <span className="truncate font-mono text-xs text-muted-foreground">{url ?? chat}</span> : null}
            {source.webhook ? <WebhookSummary source={{ ...source, webhook: source.webhook }} canEdit={canEdit} /> : null}
          </span>
        );
      },
    }),
    helper.accessor('kind', {
      header: 'Kind',
      sortFn: 'alphanumeric',
      cell: (info) => <span className="text-muted-foreground">{SOURCE_KIND_LABEL[info.getValue()] ?? info.getValue()}</span>,
    }),
    helper.accessor((source) => sourceStatus(source).sort, {
      id: 'health',
      header: 'Status',
      sortFn: 'alphanumeric',
      cell: (info) => <SourceStatusBadge source={info.row.original} />,
    }),
    helper.accessor((source) => source.poller?.lastItemAt ?? null, {
      id: 'lastItem',
      header: 'Last item',
      meta: { align: 'right' },
      sortUndefined: 'last',
      cell: (info) => <Ago ts={info.getValue()} />,
    }),
    helper.accessor((source) => source.latency?.p50 ?? null, {
      id: 'latency',
      header: 'Delay p50 / p99 (24 h)',
      meta: { align: 'right' },
      sortUndefined: 'last',
      cell: (info) => <LatencyCell latency={info.row.original.latency} />,
    }),
    helper.accessor((source) => source.health.lastSuccessAt, {
      id: 'lastSuccess',
      header: 'Last success',
      meta: { align: 'right' },
      sortUndefined: 'last',
      cell: (info) => <Ago ts={info.getValue()} />,
    }),
    helper.accessor((source) => source.health.lastErrorAt, {
      id: 'lastError',
      header: 'Last error',
      sortUndefined: 'last',
      cell: (info) => {
        const { lastError, lastErrorAt } = info.row.original.health;
        if (!lastErrorAt) return dash;
        return (
          <span className="grid max-w-[20rem]">
            <Ago ts={lastErrorAt} />
            {lastError ? (
              <span className="truncate text-xs text-destructive" title={lastError}>
                {lastError}
              </span>
            ) : null}
          </span>
        );
      },
    }),
    helper.accessor((source) => source.health.consecutiveFailures, {
      id: 'failures',
      header: 'Failures',
      meta: { align: 'right' },
      cell: (info) => (
        <span className={info.getValue() > 0 ? 'tabular font-medium text-destructive' : 'tabular text-muted-foreground'}>
          {info.getValue()}
        </span>
      ),
    }),
    helper.accessor((source) => source.health.nextAttemptAt, {
      id: 'nextAttempt',
      header: 'Next attempt',
      meta: { align: 'right' },
      sortUndefined: 'last',
      cell: (info) => {
        const ts = info.getValue();
        return ts ? <span className="tabular">{formatDateTime(ts)}</span> : dash;
      },
    }),
  ]);
const readerColumns = columnsFor(false);
const editorColumns = columnsFor(true);

/** News sources with their health; admins add sources (RSS/Atom feeds, Telegram, Twitter, manual). */
export function SourcesSection({ canEdit }: { canEdit: boolean }) {
  // Pollers report every few seconds: the page follows while it is open.
  const query = useQuery({ ...sourcesQuery, refetchInterval: 10_000 });
  return (
    <>
      <CrudSection
        title="Sources"
        description="Where headlines come from, and how each one is doing: each polled source has its own poller (to the second), a pushed one holds its connection; the delay is from the source's own publication to the headline on every screen. A source that keeps failing is retried with a growing delay."
        testId="sources-section"
        canEdit={canEdit}
        add={{ label: 'Add source', testId: 'add-source' }}
        query={query}
        what="sources"
        table={{
          label: 'Sources',
          testId: 'sources-table',
          columns: canEdit ? editorColumns : readerColumns,
          rowLabel: (source) => source.name,
          rowTestId: (source) => `source-row-${source.id}`,
          rowClassName: (source) => (source.enabled ? undefined : 'text-muted-foreground'),
          containerClassName: 'max-h-[22rem]',
        }}
        empty={{
          title: 'No sources configured yet.',
          testId: 'sources-empty',
          editorHint: 'Add an RSS feed or a Telegram chat to start collecting headlines.',
          readerHint: 'An admin adds them.',
        }}
        dialog={{ testId: 'source-dialog', form: () => <AddSourceForm /> }}
        invalidates={[newsSettingsKeys.sources]}
      />
      <ExchangeSourcesPanel canEdit={canEdit} sources={query.data ?? []} />
      {/* A Telegram source's generated secret is shown once, with how to register its webhook. */}
      <NewWebhookDialog />
    </>
  );
}

const KIND_HINT: Record<ConfigurableSourceKind, string> = {
  rss: 'Read by its own poller every N seconds (default 60, as fast as 1 s); new entries become headlines.',
  atom: 'Read by its own poller every N seconds (default 60, as fast as 1 s); new entries become headlines.',
  telegram:
    'Messages the bot receives through its webhook. Leave the chat empty to take every chat that messages the bot. After adding, you get the webhook URL and a generated secret token for setWebhook (shown once; rotate it from the list).',
  twitter: 'Tweets of the handles in the polling sessions and the filtered stream below.',
  manual: 'Headlines admins post from the feed.',
};

/** The createSource input of a kind: feeds take their URL, Telegram its chat (empty: every chat). */
function sourceInput(
  kind: ConfigurableSourceKind,
  fields: { name: string; enabled: boolean },
  { url, chatId }: { url: string; chatId: string },
): CreateSourceInput {
  switch (kind) {
    case 'rss':
    case 'atom':
      return { kind, ...fields, config: { url } };
    case 'telegram':
      return { kind, ...fields, config: chatId ? { chatId } : {} };
    default:
      return { kind, ...fields, config: {} };
  }
}

interface SourceValues {
  kind: ConfigurableSourceKind;
  name: string;
  url: string;
  chatId: string;
  enabled: boolean;
}

function AddSourceForm() {
  const form = useForm({
    defaultValues: { kind: 'rss' as ConfigurableSourceKind, name: '', url: '', chatId: '', enabled: true },
    resolver: serverFnResolver('createSource', (values: SourceValues) =>
      sourceInput(
        values.kind,
        { name: values.name.trim(), enabled: values.enabled },
        { url: values.url.trim(), chatId: values.chatId.trim() },
      ),
    ),
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const feed = kind === 'rss' || kind === 'atom';

  return (
    <CrudForm
      form={form}
      save={(input) => serverFn('createSource', input)}
      done={(source) => {
        announceNewWebhook(source);
        return `Added source ${source.name}`;
      }}
      failed="Could not add the source"
      title="Add source"
      description={KIND_HINT[kind]}
      submitLabel="Add source"
      submitTestId="source-submit"
      pendingLabel="Adding"
    >
      <SelectField control={form.control} name="kind" label="Kind" data-testid="source-kind">
        <Options values={CONFIGURABLE_SOURCE_KINDS} label={(k) => SOURCE_KIND_LABEL[k] ?? k} />
      </SelectField>
      <TextField control={form.control} name="name" label="Name" maxLength={100} autoComplete="off" />
      {feed ? (
        <TextField
          control={form.control}
          name="url"
          label="Feed URL"
          type="url"
          placeholder="https://"
          hint="No user name or password in the URL: every approved user can read source settings."
          autoComplete="off"
        />
      ) : null}
      {kind === 'telegram' ? (
        <TextField
          control={form.control}
          name="chatId"
          label="Chat (optional)"
          placeholder="-1001234567890 or @channel"
          autoComplete="off"
        />
      ) : null}
      <SwitchField control={form.control} name="enabled" label="Enabled" />
    </CrudForm>
  );
}
