import type { TelegramSendingStatus } from '../../contract/server-fns/news-telegram';
import type { Db } from '../../db/client';

export const TELEGRAM_TOKEN_MISSING = 'TELEGRAM_BOT_TOKEN is not set';

/**
 * Whether outbound Telegram forwarding (the outbox sender) can run, and how the outbox stands.
 * This is about sending to the configured chats only: Telegram news sources come in through the
 * bot webhook and work without the bot token.
 */
export async function getTelegramSendingStatus(db: Db, token: string | null): Promise<TelegramSendingStatus> {
  // The Telegram rows of the outbox (it also carries Web Push notifications). Sent rows keep next_attempt_at =
  // sent_at (outbox-sender.ts), so the last send is read from outbox_due_idx alone; a retried
  // row's next_attempt_at is its latest failure plus the backoff, so the latest error ranks first.
  const row = await db.$client
    .prepare(
      `SELECT
         (SELECT count(*) FROM outbox WHERE channel = 'telegram' AND status IN ('pending', 'sending')) AS queued,
         (SELECT max(next_attempt_at) FROM outbox WHERE channel = 'telegram' AND status = 'sent') AS last_sent_at,
         (SELECT last_error FROM outbox WHERE channel = 'telegram' AND status IN ('pending', 'sending') AND last_error IS NOT NULL
           ORDER BY next_attempt_at DESC LIMIT 1) AS last_error`,
    )
    .first<{ queued: number; last_sent_at: number | null; last_error: string | null }>();
  return {
    sending: token !== null,
    reason: token === null ? TELEGRAM_TOKEN_MISSING : null,
    queued: row?.queued ?? 0,
    lastSentAt: row?.last_sent_at ?? null,
    lastError: row?.last_error ?? null,
  };
}
