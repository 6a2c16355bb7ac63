import { twitterPollingSessions, type outbox } from '../db/schema/news';
import { db } from './harness';

type SessionRow = typeof twitterPollingSessions.$inferInsert;
type OutboxRow = typeof outbox.$inferInsert;

/** Stores an X polling session, active all day every 60 s with no handles and no cursors, with the given fields. */
export const insertTwitterSession = (row: Partial<SessionRow> & Pick<SessionRow, 'id'>) =>
  db.insert(twitterPollingSessions).values({
    name: row.id,
    handleIds: [],
    intervalSeconds: 60,
    activeFromUtc: '00:00',
    activeToUtc: '00:00',
    cursors: {},
    createdAt: Date.now(),
    ...row,
  });

/** A Telegram message waiting in the outbox (its dedup key is its id), due `nextAttemptAt`. */
export const telegramOutboxRow = (
  row: Pick<OutboxRow, 'id' | 'nextAttemptAt' | 'createdAt'> & Partial<OutboxRow>,
): OutboxRow => ({
  channel: 'telegram',
  target: '-100',
  payload: { text: 'x' },
  dedupKey: row.id,
  ...row,
});
