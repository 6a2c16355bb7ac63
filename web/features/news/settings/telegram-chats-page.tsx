import { useQuery } from '@tanstack/react-query';
import { serverFn } from '~/lib/server-fn';
import { inputProblems } from '~/lib/input-problems';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';
import { telegramChatsQuery } from './settings-queries';
import { type ChatPurpose, IMPORTANCE, IMPORTANCE_RANK, isImportance, type Importance } from '@contract/enums';
import type { TelegramChatDto as TelegramChat, TelegramChatFields } from '@contract/server-fns/news-telegram';
import { useId, useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { Label } from '~/components/ui/label';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';
import { FormField } from '~/components/ui/form-field';
import { SelectField } from '~/components/ui/select-field';
import { SwitchField } from '~/components/ui/switch-field';
import { ImportanceBadge } from '~/shared/news/importance';
import { SymbolChips } from '~/shared/news/symbol-chips';
import { TagInput } from '~/components/ui/tag-input';
import { FieldError, useCanEdit } from './common';
import { CrudForm, CrudSection, CrudSwitch, useCrudForm } from './crud-section';
import { TelegramSendingStatus } from './telegram-status';

const PURPOSES: { value: ChatPurpose; label: string; hint: string }[] = [
  { value: 'news', label: 'News', hint: 'Headlines at or above the minimum importance (and matching rules).' },
  { value: 'risk', label: 'Risk', hint: 'Risk-limit breaches for the risk team.' },
  { value: 'alerts', label: 'Alerts', hint: 'Account alerts.' },
];
const PURPOSE_LABEL = Object.fromEntries(PURPOSES.map((p) => [p.value, p.label])) as Record<ChatPurpose, string>;

function StatusCell({ chat }: { chat: TelegramChat }) {
  if (chat.disabledReason) {
    return (
      <span className="grid max-w-[18rem] min-w-[13rem] gap-0.5 whitespace-normal">
        <Badge tone="destructive" className="w-fit">
          Refused by Telegram
        </Badge>
        <span className="text-xs text-destructive" data-testid="chat-disabled-reason">
          {chat.disabledReason}
        </span>
      </span>
    );
  }
  return chat.enabled ? <Badge tone="success">Delivering</Badge> : <Badge>Paused</Badge>;
}

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
    cell: (info) => <StatusCell chat={info.row.original} />,
  }),
  helper.accessor('enabled', {
    header: 'Enabled',
    meta: { align: 'center' },
    cell: (info) => {
      const chat = info.row.original;
      return (
        <CrudSwitch
          checked={chat.enabled}
          update={(enabled) => serverFn('updateTelegramChat', { id: chat.id, updates: { enabled } })}
          done={(updated) => `${updated.enabled ? 'Enabled' : 'Paused'} ${updated.title}`}
          failed="Could not change the chat"
          label={`Forward to ${chat.title}`}
          testId={`chat-enabled-${chat.id}`}
        />
      );
    },
  }),
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
        getRowId: (chat) => chat.id,
        rowLabel: (chat) => chat.title,
        rowTestId: (chat) => `chat-row-${chat.chatId}`,
        rowClassName: (chat) => (chat.enabled ? undefined : 'text-muted-foreground'),
        containerClassName: 'max-h-[calc(100dvh-18rem)]',
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
  const ids = { symbols: useId() };
  const [values, setValues] = useState<TelegramChatFields>(() =>
    chat
      ? {
          chatId: chat.chatId,
          title: chat.title,
          enabled: chat.enabled,
          minImportance: chat.minImportance,
          symbols: chat.symbols,
          purpose: chat.purpose,
        }
      : { chatId: '', title: '', enabled: true, minImportance: 'high', symbols: [], purpose: 'news' },
  );
  const form = useCrudForm({
    save: (fields: TelegramChatFields) =>
      chat ? serverFn('updateTelegramChat', { id: chat.id, updates: fields }) : serverFn('createTelegramChat', fields),
    done: (saved) => (chat ? `Saved ${saved.title}` : `Added ${saved.title}`),
    failed: 'Could not save the chat',
  });
  const { errors, setErrors } = form;
  const set = <K extends keyof TelegramChatFields>(key: K, value: TelegramChatFields[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: '' }));
  };

  async function onSubmit() {
    const fields = { ...values, chatId: values.chatId.trim(), title: values.title.trim() };
    const found = chat
      ? await inputProblems('updateTelegramChat', { id: chat.id, updates: fields })
      : await inputProblems('createTelegramChat', fields);
    form.submit(found, fields);
  }

  return (
    <CrudForm
      form={form}
      title={chat ? `Edit ${chat.title}` : 'Add Telegram chat'}
      description="The bot must be a member (or an admin of the channel) to post there."
      submitLabel={chat ? 'Save' : 'Add chat'}
      submitTestId="chat-submit"
      onSubmit={onSubmit}
    >
      {chat?.disabledReason ? (
        <Alert>Telegram refused this chat: {chat.disabledReason}. Fix it in Telegram, then enable it again here.</Alert>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Title"
          name="title"
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          error={errors.title}
          maxLength={100}
          autoComplete="off"
          autoFocus
        />
        <FormField
          label="Chat id"
          name="chatId"
          value={values.chatId}
          onChange={(event) => set('chatId', event.target.value)}
          error={errors.chatId}
          placeholder="-1001234567890 or @channel"
          className="font-mono"
          autoComplete="off"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Purpose"
          value={values.purpose}
          onChange={(event) => set('purpose', event.target.value as ChatPurpose)}
          hint={PURPOSES.find((p) => p.value === values.purpose)?.hint}
          data-testid="chat-purpose"
        >
          {PURPOSES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Minimum importance"
          fieldClassName="grid content-start gap-1.5"
          value={values.minImportance}
          onChange={(event) => isImportance(event.target.value) && set('minImportance', event.target.value as Importance)}
          data-testid="chat-min-importance"
        >
          {IMPORTANCE.map((level) => (
            <option key={level} value={level}>
              {IMPORTANCE_LABEL[level]} and above
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.symbols}>Symbols</Label>
        <TagInput
          id={ids.symbols}
          value={values.symbols}
          onChange={(next) => set('symbols', next)}
          symbols
          placeholder="Every symbol"
          testId="chat-symbols"
        />
        <p className="text-xs text-muted-foreground">Empty: headlines about any symbol (or none).</p>
        <FieldError message={errors.symbols} />
      </div>
      <SwitchField label="Enabled" checked={values.enabled} onCheckedChange={(on) => set('enabled', on)} />
    </CrudForm>
  );
}
