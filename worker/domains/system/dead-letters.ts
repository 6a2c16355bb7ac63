import type { Db } from '../../db/client';
import { queueDeadLetters } from '../../db/schema/reliability';

export interface DeadLetter {
  messageId: string;
  queue: string;
  body: unknown;
  attempts: number;
}

const batchIdOf = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { batchId?: unknown }).batchId === 'string'
    ? (body as { batchId: string }).batchId
    : null;

/** D1's 100 bound parameters: 6 columns → 16 rows per INSERT. */
const ROWS_PER_INSERT = 16;

/** Records dead-lettered messages for the admins' status page; a redelivered one is kept once. */
export async function recordDeadLetters(db: Db, letters: DeadLetter[], now = Date.now()) {
  for (let i = 0; i < letters.length; i += ROWS_PER_INSERT) {
    const rows = letters.slice(i, i + ROWS_PER_INSERT).map((l) => ({
      messageId: l.messageId,
      queue: l.queue,
      batchId: batchIdOf(l.body),
      body: l.body ?? null,
      attempts: l.attempts,
      recordedAt: now,
    }));
    await db.insert(queueDeadLetters).values(rows).onConflictDoNothing();
  }
}
