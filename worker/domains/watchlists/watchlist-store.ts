import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { watchlists, type WatchlistRow } from '../../db/schema/watchlists';
import type { SaveWatchlistInput, Watchlist, WatchEntry } from '../../contract/watchlists';
import { MAX_WATCHLISTS_PER_USER, MAX_WATCH_PATTERNS_PER_USER } from '../../contract/patterns';
import { domainError } from '../../lib/domain-error';
import { regexProblem } from '../news/tagging/rule-regex';

type SaveInput = Omit<SaveWatchlistInput, 'entries'> & { entries: WatchEntry[] };
/** A row as RETURNING gives it: the DTO's names, entries still JSON text. */
type Stored = Omit<Watchlist, 'entries'> & { entries: string };

const toDto = (row: WatchlistRow): Watchlist => ({
  id: row.id,
  name: row.name,
  color: row.color,
  sound: row.sound,
  notify: row.notify,
  entries: row.entries,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listWatchlists(db: Db, userId: string): Promise<Watchlist[]> {
  const rows = await db.select().from(watchlists).where(eq(watchlists.userId, userId)).orderBy(asc(watchlists.createdAt));
  return rows.map(toDto);
}

/** Each entry once (symbols by symbol, words case-blind): a list holding "SOL" twice hits once anyway. */
function distinct(entries: WatchEntry[]): WatchEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.kind}:${e.kind === 'pattern' ? e.value : e.value.toLowerCase()}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Patterns run on every headline for the whole desk: each must compile within the rule limits. */
function checkPatterns(entries: WatchEntry[]) {
  const issues = entries.flatMap((entry, i) => {
    const problem = entry.kind === 'pattern' ? regexProblem(entry.value) : null;
    return problem ? [{ path: ['entries', String(i), 'value'], message: problem }] : [];
  });
  if (issues.length) throw domainError('BAD_REQUEST', issues[0]!.message, { issues });
}

/**
 * Creates a list (id absent) or replaces one of the caller's (404 for anyone else's). The caps —
 * lists per user and patterns per user across their lists — are checked inside the write, so
 * parallel saves cannot pass them together.
 */
export async function saveWatchlist(db: Db, userId: string, input: SaveInput, now = Date.now()): Promise<Watchlist> {
  const entries = distinct(input.entries);
  checkPatterns(entries);
  const patterns = entries.filter((e) => e.kind === 'pattern').length;
  const id = input.id ?? crypto.randomUUID();
  const json = JSON.stringify(entries);
  // Patterns in the caller's other lists, counted in SQL at write time.
  const otherPatterns = sql`(SELECT coalesce(sum((SELECT count(*) FROM json_each(w.entries) WHERE json_extract(value, '$.kind') = 'pattern')), 0)
    FROM ${watchlists} w WHERE w.user_id = ${userId} AND w.id <> ${id})`;
  // RETURNING: the saved row comes back with the write (one round trip, not a read after it).
  const returning = sql`RETURNING id, name, color, sound, notify, entries, created_at AS createdAt, updated_at AS updatedAt`;
  const rows = input.id
    ? await db.all<Stored>(sql`
        UPDATE ${watchlists} SET name = ${input.name}, color = ${input.color}, sound = ${input.sound}, notify = ${input.notify},
          entries = ${json}, updated_at = ${now}
        WHERE id = ${id} AND user_id = ${userId} AND ${otherPatterns} + ${patterns} <= ${MAX_WATCH_PATTERNS_PER_USER}
        ${returning}`)
    : await db.all<Stored>(sql`
        INSERT INTO ${watchlists} (id, user_id, name, color, sound, notify, entries, created_at, updated_at)
        SELECT ${id}, ${userId}, ${input.name}, ${input.color}, ${input.sound}, ${input.notify}, ${json}, ${now}, ${now}
        WHERE (SELECT count(*) FROM ${watchlists} WHERE user_id = ${userId}) < ${MAX_WATCHLISTS_PER_USER}
          AND ${otherPatterns} + ${patterns} <= ${MAX_WATCH_PATTERNS_PER_USER}
        ${returning}`);
  const [row] = rows;
  if (!row) return refuse(db, userId, input.id, patterns);
  return { ...row, entries: JSON.parse(row.entries) as WatchEntry[] };
}

/** Why a save changed nothing: not yours, too many lists, or too many patterns. */
async function refuse(db: Db, userId: string, id: string | undefined, patterns: number): Promise<never> {
  const own = await listWatchlists(db, userId);
  if (id && !own.some((w) => w.id === id)) throw domainError('NOT_FOUND', 'Watchlist not found');
  if (!id && own.length >= MAX_WATCHLISTS_PER_USER)
    throw domainError(
      'UNPROCESSABLE_CONTENT',
      `You have ${MAX_WATCHLISTS_PER_USER} watchlists, the most allowed. Delete one first.`,
    );
  const elsewhere = own.filter((w) => w.id !== id).flatMap((w) => w.entries.filter((e) => e.kind === 'pattern')).length;
  throw domainError(
    'UNPROCESSABLE_CONTENT',
    `At most ${MAX_WATCH_PATTERNS_PER_USER} patterns across your watchlists (${elsewhere} in your other lists, ${patterns} here)`,
  );
}

export async function deleteWatchlist(db: Db, userId: string, id: string): Promise<{ id: string }> {
  const deleted = await db
    .delete(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  if (deleted.length === 0) throw domainError('NOT_FOUND', 'Watchlist not found');
  return { id };
}
