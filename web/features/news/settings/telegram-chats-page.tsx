import { useQuery } from '@tanstack/react-query';
import { Options } from '~/components/ui/select';
import { serverFn } from '~/lib/server-fn';
import { serverFnResolver } from '~/lib/contract-form';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { telegramChatsQuery } from './settings-queries';
import { type ChatPurpose, IMPORTANCE, IMPORTANCE_RANK } from '@contract/enums';
import type { TelegramChatDto as TelegramChat, TelegramChatFields } from '@contract/server-fns/news-telegram';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';
import { SelectField, SwitchField, TagField, TextField } from '~/components/form/fields';
import { ImportanceBadge } from '~/shared/news/importance';
import { SymbolChips } from '~/shared/news/symbol-chips';
import { useCanEdit } from './common';
import { CrudForm, CrudSection, enabledColumn } from './crud-section';
import { ChatStatus, TelegramSendingStatus } from './telegram-status';

const PURPOSES: { value: ChatPurpose; label: string; hint: string }[] = [
  { value: 'news', label: 'News', hint: 'Headlines at or above the minimum importance (and matching rules).' },
  { value: 'risk', label: 'Risk', hint: 'Risk-limit breaches for the risk team.' },
  { value: 'alerts', label: 'Alerts', hint: 'Account alerts of every trader whose rule has the Telegram channel.' },
];
const PURPOSE_LABEL = Object.fromEntries(PURPOSES.map((p) => [p.value, p.label])) as Record<ChatPurpose, string>;

const helper = sortableColumnHelper<TelegramChat>();
const columns: DataColumns<TelegramChat> = helper.columns([
  helper.accessor('title', {
    header: 'Chat',
    sortFn: 'alphanumeric',
    cell: (info) => (
      <span className="grid">
        <span className="font-medium">{info.getValue()}</span>
        <span className="font-mono text-xs text-muted-foreground">{info.row.original.chatId}</span>
      </span>
    ),
  }),
  helper.accessor('purpose', {
    header: 'Purpose',
    sortFn: 'alphanumeric',
    cell: (info) => <Badge tone="primary">{PURPOSE_LABEL[info.row.original.purpose] ?? info.row.original.purpose}</Badge>,
  }),
  helper.accessor((chat) => IMPORTANCE_RANK[chat.minImportance], {
    id: 'minImportance',
    header: 'Min importance',
    cell: (info) => (
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        <span aria-hidden="true">≥</span>
        <ImportanceBadge importance={info.row.original.minImportance} />
      </span>
    ),
  }),
  helper.accessor((chat) => chat.symbols.join(', '), {
    id: 'symbols',
    header: 'Symbols',
    sortFn: 'alphanumeric',
    cell: (info) =>
      info.row.original.symbols.length ? (
        <SymbolChips symbols={info.row.original.symbols} className="max-w-[16rem]" />
      ) : (
        <span className="text-muted-foreground">All symbols</span>
      ),
  }),
  helper.accessor((chat) => (chat.disabledReason ? 2 : chat.enabled ? 0 : 1), {
    id: 'status',
    header: 'Status',
    cell: (info) => <ChatStatus chat={info.row.original} />,
  }),
  enabledColumn(helper, (chat) => ({
    update: (enabled) => serverFn('updateTelegramChat', { id: chat.id, updates: { enabled } }),
    done: (updated) => `${updated.enabled ? 'Enabled' : 'Paused'} ${updated.title}`,
    failed: 'Could not change the chat',
    label: `Forward to ${chat.title}`,
    testId: `chat-enabled-${chat.id}`,
  })),
]);
/** /news/settings/telegram-chats: the chats that receive forwarded headlines (rate-limited, retried, never lost). */
export function TelegramChatsPage() {
  const canEdit = useCanEdit();
  const query = useQuery(telegramChatsQuery);
  return (
    <CrudSection
      title="Telegram Chats"
      description="Chats that receive forwarded headlines. Sending respects Telegram’s rate limits through a durable outbox with retries: nothing is lost."
      testId="telegram-chats"
      canEdit={canEdit}
      readOnlyNote="the Telegram chats"
      add={{ label: 'Add chat', testId: 'add-chat' }}
      notice={<TelegramSendingStatus />}
      query={query}
      what="Telegram chats"
      table={{
        label: 'Telegram chats',
        testId: 'chats-table',
        columns,
        rowLabel: (chat) => chat.title,
        rowTestId: (chat) => `chat-row-${chat.chatId}`,
        rowClassName: (chat) => (chat.enabled ? undefined : 'text-muted-foreground'),
        pageScroll: true,
      }}
      empty={{
        title: 'No Telegram chats yet.',
        testId: 'chats-empty',
        editorHint: 'Add the bot to a chat or channel, then add the chat here with its id.',
        readerHint: 'An admin adds them.',
      }}
      dialog={{ testId: 'chat-dialog', form: (chat) => <ChatForm chat={chat} /> }}
      rowActions={{ testId: (chat) => `chat-${chat.id}` }}
      remove={{
        run: (chat) => serverFn('deleteTelegramChat', { id: chat.id }),
        confirm: (chat) => ({
          title: `Remove ${chat.title}?`,
          description: 'Headlines are no longer forwarded to this chat. Messages already queued for it are still sent.',
          action: 'Remove chat',
        }),
        done: (chat) => `Removed ${chat.title}`,
        failed: 'Could not remove the chat',
      }}
      invalidates={[newsSettingsKeys.telegramChats]}
    />
  );
}

function ChatForm({ chat }: { chat: TelegramChat | null }) {
  const form = useForm({
    defaultValues: {
      chatId: chat?.chatId ?? '',
      title: chat?.title ?? '',
      enabled: chat?.enabled ?? true,
      minImportance: chat?.minImportance ?? 'high',
      symbols: chat?.symbols ?? [],
      purpose: chat?.purpose ?? 'news',
    },
    // The create function's schema checks the fields; an edit sends the same fields as its updates.
    resolver: serverFnResolver('createTelegramChat', (values: TelegramChatFields) => ({
      ...values,
      chatId: values.chatId.trim(),
      title: values.title.trim(),
    })),
  });
  const purpose = useWatch({ control: form.control, name: 'purpose' });

  return (
    <CrudForm
      form={form}
      save={(fields) =>
        chat ? serverFn('updateTelegramChat', { id: chat.id, updates: fields }) : serverFn('createTelegramChat', fields)
      }
      done={(saved) => (chat ? `Saved ${saved.title}` : `Added ${saved.title}`)}
      failed="Could not save the chat"
      title={chat ? `Edit ${chat.title}` : 'Add Telegram chat'}
      description="The bot must be a member (or an admin of the channel) to post there."
      submitLabel={chat ? 'Save' : 'Add chat'}
      submitTestId="chat-submit"
    >
      {chat?.disabledReason ? (
        <Alert>Telegram refused this chat: {chat.disabledReason}. Fix it in Telegram, then enable it again here.</Alert>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField control={form.control} name="title" label="Title" maxLength={100} autoComplete="off" autoFocus />
        <TextField
          control={form.control}
          name="chatId"
          label="Chat id"
          placeholder="-1001234567890 or @channel"
          className="font-mono"
          autoComplete="off"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="purpose"
          label="Purpose"
          hint={PURPOSES.find((p) => p.value === purpose)?.hint}
          data-testid="chat-purpose"
        >
          <Options choices={PURPOSES} />
        </SelectField>
        <SelectField
          control={form.control}
          name="minImportance"
          label="Minimum importance"
          fieldClassName="grid content-start gap-1.5"
          data-testid="chat-min-importance"
        >
          <Options values={IMPORTANCE} label={(level) => `${IMPORTANCE_LABEL[level]} and above`} />
        </SelectField>
      </div>
      <TagField
        control={form.control}
        name="symbols"
        label="Symbols"
        symbols
        placeholder="Every symbol"
        hint="Empty: headlines about any symbol (or none)."
        testId="chat-symbols"
      />
      <SwitchField control={form.control} name="enabled" label="Enabled" />
    </CrudForm>
  );
}
