import type { Db } from '../../db/client';
import { domainErrorData } from '../../lib/domain-error';
import type { SendMessageInput, TelegramClient } from '../../providers/telegram/client';
import { formatNewsMessage } from '../../providers/telegram/format';
import { planSends, retryDelay, type SentRecord } from '../../providers/telegram/scheduler';
import { isImportance } from '../../contract/enums';
import {
  byAge,
  claimDue as claimDueIn,
  CLAIM_MS,
  errorMessage,
  failRow,
  failTargetStatement,
  markSent,
  nextPendingAt,
  pruneOld,
  releaseRows,
  scheduleRetry,
  type OutboxRow,
} from '../outbox/outbox-store';

/**
 * The Telegram outbox sender (cron, every minute).
 *
 * Delivery is at least once. A row is claimed (status 'sending', claimed_until = now + 60 s) by one
 * atomic UPDATE … RETURNING before it is sent, and marked 'sent' after Telegram accepted it. If the
 * Worker dies between Telegram's answer and the mark, the claim expires and a later run sends the
 * row again: that one extra copy is the price of never losing a message. A send is only started
 * while its claim has more than the client's timeout left, so a live run never races an expired
 * claim. Nothing is held in memory across runs: a restart finds every row still in D1.
 *
 * Per chat the outbox is FIFO: rows of a chat whose older row waits for a retry (429 retry_after,
 * backoff) are not claimed, and planSends keeps claimed rows in order within Telegram's limits
 * (≈1/s per chat, 20/min per group, 30/s overall; history = rows sent in the last minute).
 *
 * Sent rows keep next_attempt_at = sent_at, so the last minute's sends are a range scan of
 * outbox_due_idx (status, next_attempt_at).
 */

export { CLAIM_MS };

/** Wall time one run may spend sending (the cron fires every minute). */
export const SEND_BUDGET_MS = 50_000;
/** Must be ≥ the Telegram client's request timeout (10 s by default). */
export const SEND_TIMEOUT_MS = 10_000;

const CLAIM_BATCH = 50;
const IDLE_POLL_MS = 1_000;
const MINUTE = 60_000;

export type { OutboxRow };

export interface OutboxSenderDeps {
  db: Db;
  telegram: Pick<TelegramClient, 'sendMessage'>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** default SEND_BUDGET_MS */
  budgetMs?: number;
  /** rows claimed at most at once; default 50 */
  batchSize?: number;
  /**
   * While this is pending the run keeps looking for new rows (other jobs of the same cron tick may
   * be enqueueing); once it settles the run drains what is due and ends.
   */
  keepAliveUntil?: Promise<unknown>;
  /** for retryDelay's jitter */
  random?: () => number;
  /**
   * Test hook: runs after Telegram accepted a message and before its row is marked sent. Throwing
   * here is a crash at the worst moment (the message went out, D1 does not know).
   */
  afterSend?: (row: OutboxRow) => void | Promise<void>;
}

export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
  disabledChats: string[];
  /** claimed but not sent in this run (limits, budget): back to pending */
  released: number;
  /** a configuration problem (e.g. a rejected bot token) ended the run early */
  stoppedBy: string | null;
}

/** Claims due Telegram rows, oldest first (outbox-store.ts). */
export const claimDue = (db: Db, now: number, limit: number) => claimDueIn(db, 'telegram', now, limit);

/** What was sent in the last minute, for the rate limits. */
async function loadHistory(db: Db, now: number): Promise<SentRecord[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT target, sent_at FROM outbox WHERE status = 'sent' AND channel = 'telegram' AND next_attempt_at > ?1 AND sent_at > ?1`,
    )
    .bind(now - MINUTE)
    .all<{ target: string; sent_at: number }>();
  return results.map((r) => ({ chatId: r.target, sentAt: r.sent_at }));
}

/** The message for a row: a news payload is formatted; a row may also carry ready text. */
export function messageFor(row: OutboxRow): SendMessageInput {
  const p = row.payload;
  if (typeof p.text === 'string') {
    return { chatId: row.target, text: p.text, ...(p.parseMode === 'HTML' && { parseMode: 'HTML' as const }) };
  }
  const text = formatNewsMessage({
    title: typeof p.title === 'string' ? p.title : '',
    url: typeof p.url === 'string' ? p.url : null,
    symbols: Array.isArray(p.symbols) ? p.symbols.filter((s): s is string => typeof s === 'string') : [],
    importance: isImportance(p.importance) ? p.importance : 'medium',
    source: typeof p.source === 'string' ? p.source : '',
  });
  return { chatId: row.target, text, parseMode: 'HTML', linkPreview: false };
}

function errorData(err: unknown): Record<string, unknown> {
  // Anything but a DomainError with data (a bug, a D1 hiccup) is worth another try.
  return domainErrorData(err) ?? { retryable: true };
}

export async function runOutboxSender(deps: OutboxSenderDeps): Promise<OutboxRunResult> {
  const { db, telegram } = deps;
  const d1 = db.$client;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const batch = deps.batchSize ?? CLAIM_BATCH;
  const start = now();
  const deadline = start + (deps.budgetMs ?? SEND_BUDGET_MS);
  let keepAlive = deps.keepAliveUntil !== undefined;
  const stopKeepAlive = () => {
    keepAlive = false;
  };
  deps.keepAliveUntil?.then(stopKeepAlive, stopKeepAlive);

  const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0, disabledChats: [], released: 0, stoppedBy: null };
  const held = new Map<string, OutboxRow>();

  /** Back to pending: rows we claimed but will not send now (only while the claim is still ours). */
  const release = async (rows: OutboxRow[]) => {
    if (!rows.length) return;
    for (const row of rows) held.delete(row.id);
    await releaseRows(db, rows);
    result.released += rows.length;
  };
  const heldIn = (target: string) => [...held.values()].filter((r) => r.target === target);

  /** Handles a failed send; returns false when the run should stop. */
  const onFailure = async (row: OutboxRow, err: unknown, at: number): Promise<boolean> => {
    const data = errorData(err);
    const message = errorMessage(err);
    const attempts = row.attempts + 1;
    if (data.disableChat === true || data.migrateToChatId !== undefined) {
      // The bot cannot post there any more: stop the chat, fail what is queued for it, tell the admins.
      const others = heldIn(row.target);
      for (const r of others) held.delete(r.id);
      const [, failedRows] = await d1.batch([
        d1.prepare(`UPDATE telegram_chats SET enabled = 0, disabled_reason = ?2 WHERE chat_id = ?1`).bind(row.target, message),
        failTargetStatement(db, 'telegram', row.target, message, row.id),
      ]);
      result.failed += failedRows?.meta.changes ?? 1;
      result.disabledChats.push(row.target);
      return true;
    }
    if (data.permanent === true) {
      await failRow(db, row.id, attempts, message);
      result.failed++;
      return true;
    }
    const retryAfter = typeof data.retryAfter === 'number' ? data.retryAfter : undefined;
    const nextAttemptAt = at + retryDelay(attempts, retryAfter, { random: deps.random });
    await scheduleRetry(db, row.id, attempts, nextAttemptAt, message);
    result.retried++;
    // Younger rows of this chat wait behind it (FIFO, and a 429's retry_after covers the chat).
    await release(heldIn(row.target));
    if (data.retryable === false) {
      // Not this message's fault (e.g. TELEGRAM_BOT_TOKEN rejected): every other send would fail too.
      result.stoppedBy = message;
      return false;
    }
    return true;
  };

  await pruneOld(db, start);
  const history = await loadHistory(db, start);
  try {
    for (;;) {
      const t = now();
      if (t >= deadline) break;
      // A claim about to run out is renewed by giving it back and claiming again.
      await release([...held.values()].filter((r) => t + SEND_TIMEOUT_MS >= r.claimedUntil));
      const claimed = await claimDue(db, t, batch - held.size);
      for (const row of claimed) held.set(row.id, row);
      const pending = [...held.values()].sort(byAge).map((row) => ({ id: row.id, chatId: row.target, nextAttemptAt: 0, row }));
      const plan = planSends(pending, history, t);
      let sentNow = 0;
      let go = true;
      for (const { row } of plan.send) {
        if (!held.has(row.id)) continue; // failed with its chat meanwhile
        const at = now();
        if (at >= deadline) break;
        if (at + SEND_TIMEOUT_MS >= row.claimedUntil) continue; // released and re-claimed next round
        held.delete(row.id);
        try {
          await telegram.sendMessage(messageFor(row));
        } catch (err) {
          go = await onFailure(row, err, now());
          if (!go) break;
          continue;
        }
        await deps.afterSend?.(row);
        const sentAt = now();
        await markSent(db, row.id, sentAt);
        history.push({ chatId: row.target, sentAt });
        result.sent++;
        sentNow++;
      }
      if (!go) break;

      // When to look again: held rows wait for their limits; otherwise a pending retry, or (while
      // other jobs may still enqueue) a short poll. Nothing in reach of the budget ends the run.
      let wakeAt: number | null;
      if (held.size) {
        wakeAt = plan.nextAt ?? now();
      } else if (sentNow > 0 || claimed.length > 0) {
        continue; // maybe more due rows than one batch
      } else {
        wakeAt = await nextPendingAt(db, 'telegram', now());
      }
      if (keepAlive) wakeAt = Math.min(wakeAt ?? Infinity, now() + IDLE_POLL_MS);
      if (wakeAt === null || wakeAt >= deadline) break;
      const wait = wakeAt - now();
      if (wait > 0) await sleep(wait);
      else if (sentNow === 0 && claimed.length === 0) await sleep(50); // never spin
    }
  } finally {
    await release([...held.values()]);
  }
  return result;
}
