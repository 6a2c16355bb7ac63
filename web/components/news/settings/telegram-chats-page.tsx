import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable, sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { Switch } from '~/components/ui/switch';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import { IMPORTANCE_LABEL, IMPORTANCE_LEVELS, IMPORTANCE_RANK, isImportance, type Importance } from '~/lib/news-feed';
import {
  newsSettingsApi,
  newsSettingsKeys,
  telegramChatsQuery,
  type ChatPurpose,
  type TelegramChat,
  type TelegramChatFields,
} from '~/lib/news-settings-api';
import { FormField } from '~/routes/-components/form-field';
import { ImportanceBadge } from '../importance';
import { SymbolChips } from '../symbol-chips';
import { symbolProblem, TagInput, toSymbol } from '../tag-input';
import {
  ConfirmDialog,
  EmptyState,
  FieldError,
  QueryState,
  ReadOnlyNote,
  RowActions,
  SettingsSection,
  useCanEdit,
  type Confirmation,
} from './common';

const PURPOSES: { value: ChatPurpose; label: string; hint: string }[] = [
  { value: 'news', label: 'News', hint: 'Headlines at or above the minimum importance (and matching rules).' },
  { value: 'risk', label: 'Risk', hint: 'Risk-limit breaches for the risk team.' },
  { value: 'alerts', label: 'Alerts', hint: 'Account alerts.' },
];
const PURPOSE_LABEL = Object.fromEntries(PURPOSES.map((p) => [p.value, p.label])) as Record<ChatPurpose, string>;

interface ChatActions {
  canEdit: boolean;
  edit: (chat: TelegramChat) => void;
  remove: (chat: TelegramChat) => void;
}
const ChatsContext = createContext<ChatActions | null>(null);
function useChats() {
  const value = useContext(ChatsContext);
  if (!value) throw new Error('ChatsContext missing');
  return value;
}

function EnabledCell({ chat }: { chat: TelegramChat }) {
  const { canEdit } = useChats();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => newsSettingsApi.updateTelegramChat(chat.id, { enabled }),
    onSuccess: (updated) => toast.success(`${updated.enabled ? 'Enabled' : 'Paused'} ${updated.title}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not change the chat')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.telegramChats }),
  });
  const checked = toggle.isPending ? !!toggle.variables : chat.enabled;
  return (
    <Switch
      checked={checked}
      disabled={!canEdit || toggle.isPending}
      onCheckedChange={(enabled) => toggle.mutate(enabled)}
      aria-label={`Forward to ${chat.title}`}
      data-testid={`chat-enabled-${chat.id}`}
    />
  );
}

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

function ActionsCell({ chat }: { chat: TelegramChat }) {
  const { edit, remove } = useChats();
  return <RowActions label={chat.title} onEdit={() => edit(chat)} onDelete={() => remove(chat)} testId={`chat-${chat.id}`} />;
}

const helper = sortableColumnHelper<TelegramChat>();
const readerColumns: DataColumns<TelegramChat> = helper.columns([
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
    cell: (info) => <EnabledCell chat={info.row.original} />,
  }),
]);
const adminColumns: DataColumns<TelegramChat> = [
  ...readerColumns,
  helper.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (info) => <ActionsCell chat={info.row.original} />,
  }),
];

/** /news/settings/telegram-chats: the chats that receive forwarded headlines (rate-limited, retried, never lost). */
export function TelegramChatsPage() {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const query = useQuery(telegramChatsQuery);
  const [dialog, setDialog] = useState<{ chat: TelegramChat | null } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const remove = useMutation({
    mutationFn: (chat: TelegramChat) => newsSettingsApi.deleteTelegramChat(chat.id),
    onSuccess: (_r, chat) => toast.success(`Removed ${chat.title}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not remove the chat')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsSettingsKeys.telegramChats }),
  });

  const actions = useMemo<ChatActions>(
    () => ({
      canEdit,
      edit: (chat) => setDialog({ chat }),
      remove: (chat) =>
        setConfirmation({
          title: `Remove ${chat.title}?`,
          description: 'Headlines are no longer forwarded to this chat. Messages already queued for it are still sent.',
          action: 'Remove chat',
          onConfirm: () => remove.mutate(chat),
        }),
    }),
    [canEdit, remove],
  );

  return (
    <ChatsContext.Provider value={actions}>
      <SettingsSection
        title="Telegram Chats"
        description="Chats that receive forwarded headlines. Sending respects Telegram’s rate limits through a durable outbox with retries: nothing is lost."
        actions={
          canEdit ? (
            <Button size="sm" onClick={() => setDialog({ chat: null })} data-testid="add-chat">
              Add chat
            </Button>
          ) : null
        }
        testId="telegram-chats"
      >
        {canEdit ? null : <ReadOnlyNote what="the Telegram chats" />}
        <QueryState query={query} label="Telegram chats">
          {(chats) =>
            chats.length ? (
              <DataTable
                label="Telegram chats"
                testId="chats-table"
                columns={canEdit ? adminColumns : readerColumns}
                data={chats}
                getRowId={(chat) => chat.id}
                rowLabel={(chat) => chat.title}
                rowTestId={(chat) => `chat-row-${chat.chatId}`}
                rowClassName={(chat) => (chat.enabled ? undefined : 'text-muted-foreground')}
                containerClassName="max-h-[calc(100dvh-18rem)]"
              />
            ) : (
              <EmptyState title="No Telegram chats yet." testId="chats-empty">
                {canEdit ? 'Add the bot to a chat or channel, then add the chat here with its id.' : 'An admin adds them.'}
              </EmptyState>
            )
          }
        </QueryState>
      </SettingsSection>
      {canEdit ? (
        <>
          <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
            <DialogContent data-testid="chat-dialog" aria-describedby={undefined}>
              {dialog ? <ChatForm key={dialog.chat?.id ?? 'new'} chat={dialog.chat} onDone={() => setDialog(null)} /> : null}
            </DialogContent>
          </Dialog>
          <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
        </>
      ) : null}
    </ChatsContext.Provider>
  );
}

const CHAT_ID = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;

function ChatForm({ chat, onDone }: { chat: TelegramChat | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = { purpose: useId(), importance: useId(), symbols: useId(), enabled: useId() };
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const set = <K extends keyof TelegramChatFields>(key: K, value: TelegramChatFields[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: '' }));
  };

  const save = useMutation({
    mutationFn: (fields: TelegramChatFields) =>
      chat ? newsSettingsApi.updateTelegramChat(chat.id, fields) : newsSettingsApi.createTelegramChat(fields),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: newsSettingsKeys.telegramChats });
      toast.success(chat ? `Saved ${saved.title}` : `Added ${saved.title}`);
      onDone();
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      setErrors(fields);
      setGeneral(
        Object.keys(fields).length ? 'Please correct the highlighted fields.' : errorMessage(error, 'Could not save the chat'),
      );
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const fields = { ...values, chatId: values.chatId.trim(), title: values.title.trim() };
    const found: Record<string, string> = {};
    if (!CHAT_ID.test(fields.chatId)) found.chatId = 'A chat id is a number like -1001234567890 or a @channel username';
    if (!fields.title) found.title = 'Title is required';
    setErrors(found);
    setGeneral(null);
    if (!Object.keys(found).length) save.mutate(fields);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>{chat ? `Edit ${chat.title}` : 'Add Telegram chat'}</DialogTitle>
        <DialogDescription>The bot must be a member (or an admin of the channel) to post there.</DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}
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
        <div className="grid gap-1.5">
          <Label htmlFor={ids.purpose}>Purpose</Label>
          <NativeSelect
            id={ids.purpose}
            value={values.purpose}
            onChange={(event) => set('purpose', event.target.value as ChatPurpose)}
            data-testid="chat-purpose"
          >
            {PURPOSES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
          <p className="text-xs text-muted-foreground">{PURPOSES.find((p) => p.value === values.purpose)?.hint}</p>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={ids.importance}>Minimum importance</Label>
          <NativeSelect
            id={ids.importance}
            value={values.minImportance}
            onChange={(event) => isImportance(event.target.value) && set('minImportance', event.target.value as Importance)}
            data-testid="chat-min-importance"
          >
            {IMPORTANCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {IMPORTANCE_LABEL[level]} and above
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.symbols}>Symbols</Label>
        <TagInput
          id={ids.symbols}
          value={values.symbols}
          onChange={(next) => set('symbols', next)}
          transform={toSymbol}
          validate={symbolProblem}
          placeholder="Every symbol"
          chipLabel="symbol"
          testId="chat-symbols"
        />
        <p className="text-xs text-muted-foreground">Empty: headlines about any symbol (or none).</p>
        <FieldError message={errors.symbols} />
      </div>
      <div className="flex items-center gap-3">
        <Switch id={ids.enabled} checked={values.enabled} onCheckedChange={(on) => set('enabled', on)} />
        <Label htmlFor={ids.enabled}>Enabled</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="chat-submit">
          {save.isPending ? <Spinner label="Saving" /> : null}
          {chat ? 'Save' : 'Add chat'}
        </Button>
      </DialogFooter>
    </form>
  );
}
