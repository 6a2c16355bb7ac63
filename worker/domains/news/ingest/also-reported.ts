import type { NewsDb } from '../../../db/client';
import type { AlsoReportedEntry, NewsItemDto } from '../../../contract/news';
import { COLUMNS_SQL, type Row } from '../feed/feed-query';
import { toDto } from '../feed/feed-page';

/** A story is rarely carried by more sources than this; later ones are not listed. */
export const ALSO_REPORTED_MAX = 12;

/** The stored headline a duplicate repeats (news-store.ts findRecentDuplicate). */
export interface FirstReport {
  id: number;
  sourceId: string;
  receivedAt: number;
}

/** Who else reported the first headline's story, and how long after the first was read. */
export function alsoReportedEntry(
  first: FirstReport,
  later: { sourceId: string; sourceKind: string; name: string; receivedAt: number },
): AlsoReportedEntry {
  return { ...later, afterMs: later.receivedAt - first.receivedAt };
}

/**
 * Appends `entry` to the first headline's "also reported by" list in one statement, so two late
 * sources at once both land and none twice. Nothing changes when the entry's source is the first
 * headline's own (a source repeating itself is no second report), is listed already, or the list
 * is full. Returns the updated headline to push to live subscribers, or null when nothing changed.
 */
export async function attachAlsoReported(db: NewsDb, first: FirstReport, entry: AlsoReportedEntry): Promise<NewsItemDto | null> {
  if (entry.sourceId === first.sourceId) return null;
  const d1 = db.$client;
  const listed = "coalesce(also_reported, '[]')";
  const [update, read] = await d1.batch([
    d1
      .prepare(
        `UPDATE news_items SET also_reported = json_insert(${listed}, '$[#]', json(?1))
          WHERE id = ?2 AND source_id <> ?3 AND json_array_length(${listed}) < ?4
            AND NOT EXISTS (SELECT 1 FROM json_each(${listed}) e WHERE json_extract(e.value, '$.sourceId') = ?3)`,
      )
      .bind(JSON.stringify(entry), first.id, entry.sourceId, ALSO_REPORTED_MAX),
    d1.prepare(`SELECT ${COLUMNS_SQL} FROM news_items n WHERE n.id = ?1`).bind(first.id),
  ]);
  const row = update?.meta.changes ? (read?.results[0] as Row | undefined) : undefined;
  // With its metadata, as a freshly stored item is pushed (the rows read its prices at publish).
  return row ? toDto(row, true) : null;
}
