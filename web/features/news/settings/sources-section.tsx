import { useQuery } from '@tanstack/react-query';
import type { ServerFnInput } from '@contract/server-fns';
import { serverFn } from '~/lib/server-fn';
import { inputProblems } from '~/lib/input-problems';
import { CONFIGURABLE_SOURCE_KINDS, type ConfigurableSourceKind } from '@contract/enums';
import { newsSettingsKeys, sourcesQuery } from './settings-queries';
import type { CreateSourceInput, SourceDto as NewsSource } from '@contract/server-fns/news-sources';
import { useState } from 'react';
import { sortableColumnHelper } from '~/components/ui/data-table';
import { formatDateTime } from '~/lib/format';
import { SOURCE_KIND_LABEL } from '~/lib/news-feed';
import { FormField } from '~/components/ui/form-field';
import { SelectField } from '~/components/ui/select-field';
import { SwitchField } from '~/components/ui/switch-field';
import { Ago, dash } from './common';
import { CrudForm, CrudSection, useCrudForm } from './crud-section';
import { announceNewWebhook, NewWebhookDialog, WebhookSummary } from './telegram-webhook';
import { LatencyCell, SourceStatusBadge, sourceStatus } from './source-status';
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
          getRowId: (source) => source.id,
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
  twitter: 'Tweets of the handles in the polling sessions below.',
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

function AddSourceForm() {
  const [kind, setKind] = useState<ConfigurableSourceKind>('rss');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [chatId, setChatId] = useState('');
  const [enabled, setEnabled] = useState(true);
  const form = useCrudForm({
    save: (input: ServerFnInput<'createSource'>) => serverFn('createSource', input),
    done: (source) => {
      announceNewWebhook(source);
      return `Added source ${source.name}`;
    },
    failed: 'Could not add the source',
  });
  const { errors } = form;
  const feed = kind === 'rss' || kind === 'atom';

  async function onSubmit() {
    const input = sourceInput(kind, { name: name.trim(), enabled }, { url: url.trim(), chatId: chatId.trim() });
    form.submit(await inputProblems('createSource', input), input);
  }

  return (
    <CrudForm
      form={form}
      title="Add source"
      description={KIND_HINT[kind]}
      submitLabel="Add source"
      submitTestId="source-submit"
      pendingLabel="Adding"
      onSubmit={onSubmit}
    >
      <SelectField
        label="Kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as ConfigurableSourceKind)}
        data-testid="source-kind"
      >
        {CONFIGURABLE_SOURCE_KINDS.map((k) => (
          <option key={k} value={k}>
            {SOURCE_KIND_LABEL[k] ?? k}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Name"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        maxLength={100}
        autoComplete="off"
      />
      {feed ? (
        <FormField
          label="Feed URL"
          name="url"
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url ?? errors.config}
          placeholder="https://"
          hint="No user name or password in the URL: every approved user can read source settings."
          autoComplete="off"
        />
      ) : null}
      {kind === 'telegram' ? (
        <FormField
          label="Chat (optional)"
          name="chatId"
          value={chatId}
          onChange={(event) => setChatId(event.target.value)}
          error={errors.chatId ?? errors.url ?? errors.config}
          placeholder="-1001234567890 or @channel"
          autoComplete="off"
        />
      ) : null}
      <SwitchField label="Enabled" checked={enabled} onCheckedChange={setEnabled} />
    </CrudForm>
  );
}
