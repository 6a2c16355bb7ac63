import { useQuery } from '@tanstack/react-query';
import { telegramStatusQuery } from './settings-queries';
import type {
  TelegramChatDto as TelegramChat,
  TelegramSendingStatus as TelegramStatus,
} from '@contract/server-fns/news-telegram';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { errorMessage } from '~/lib/http-error';
import { Ago } from './common';

const messages = (n: number) => (n === 1 ? '1 message' : `${n.toLocaleString('en-US')} messages`);

/**
 * One line above the Telegram chats: whether forwarding to them is on, what waits in the outbox and
 * when the last message went out. Telegram news sources (webhooks) do not depend on it.
 */
export function TelegramSendingStatus() {
  const query = useQuery(telegramStatusQuery);
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="telegram-status">
        Could not load the sending status: {errorMessage(query.error)}
      </p>
    );
  }
  return <TelegramStatusLine status={query.data} />;
}

export function TelegramStatusLine({ status }: { status: TelegramStatus }) {
  if (!status.sending) {
    return (
      <Alert tone="warning" className="grid gap-0.5" data-testid="telegram-status" data-sending="false">
        <p className="font-medium">
          Sending is off: {status.reason ?? 'the bot is not configured'} —{' '}
          {status.queued ? `${messages(status.queued)} queued` : 'nothing queued'}
        </p>
        <p className="text-xs text-muted-foreground">
          Nothing is forwarded to these chats until an admin sets the secret (
          <code className="font-mono">wrangler secret put TELEGRAM_BOT_TOKEN</code>); queued messages wait and go out then.
          Telegram news sources (webhooks) are not affected.
        </p>
      </Alert>
    );
  }
  return (
    <div
      className="grid gap-1 rounded-md border border-border px-3 py-2 text-sm"
      data-testid="telegram-status"
      data-sending="true"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={status.lastError ? 'warning' : 'success'}>Sending</Badge>
        <span className="text-muted-foreground">
          {status.lastSentAt ? (
            <>
              last message <Ago ts={status.lastSentAt} />
            </>
          ) : (
            'no message sent in the last 7 days'
          )}
        </span>
        <span aria-hidden="true" className="text-muted-foreground">
          ·
        </span>
        <span className={status.queued ? 'tabular font-medium' : 'tabular text-muted-foreground'}>{status.queued} queued</span>
      </p>
      {status.lastError ? (
        <p className="text-xs break-words text-destructive" data-testid="telegram-status-error">
          Last error: {status.lastError}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What a chat's row says about delivery, from the chat and the same sending status the banner
 * shows: an enabled chat is "Delivering" only while sending is on. While it is off (no bot token)
 * the chat's messages wait in the outbox: "Held". Until the status is known the row claims nothing.
 */
export function chatDelivery(
  chat: Pick<TelegramChat, 'enabled' | 'disabledReason'>,
  status: Pick<TelegramStatus, 'sending'> | undefined,
): 'refused' | 'paused' | 'held' | 'delivering' | 'enabled' {
  if (chat.disabledReason) return 'refused';
  if (!chat.enabled) return 'paused';
  if (!status) return 'enabled';
  return status.sending ? 'delivering' : 'held';
}

/** The Status cell of a chat's row (the banner's query: one answer for both). */
export function ChatStatus({ chat }: { chat: TelegramChat }) {
  const status = useQuery(telegramStatusQuery).data;
  const delivery = chatDelivery(chat, status);
  if (delivery === 'refused') {
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
  if (delivery === 'held') {
    return (
      <span className="grid gap-0.5 whitespace-normal" data-testid="chat-status" data-delivery={delivery}>
        <Badge tone="warning" className="w-fit">
          Held
        </Badge>
        <span className="text-xs text-muted-foreground">Queued until sending is on</span>
      </span>
    );
  }
  return (
    <span data-testid="chat-status" data-delivery={delivery}>
      {delivery === 'delivering' ? (
        <Badge tone="success">Delivering</Badge>
      ) : delivery === 'paused' ? (
        <Badge>Paused</Badge>
      ) : (
        <Badge>Enabled</Badge>
      )}
    </span>
  );
}
