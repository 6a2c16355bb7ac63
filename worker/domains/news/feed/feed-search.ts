import { sql, type SQL } from 'drizzle-orm';
import type { NewsDb } from '../../../db/client';
import { ftsPhrase, WORDS, type FtsSearch } from './fts-query';
import { COLUMNS, joinFilters, list, type FeedQuery, type Row } from './feed-query';

/** A prefix that begins more indexed words than this stays a prefix query. */
const EXPAND_MAX = 64;
/**
 * Below the walked page, how far (in ids) the search looks for items published after the page's
 * oldest one; past this span of ids the page's matches are sparse, and reading every match of the
 * search costs less than the scan of the newer items that finding them would take.
 */
export const LATE_SPAN = 100_000;
/** The same with a symbol or importance filter, whose index reads only a share of the span. */
export const LATE_SPAN_FILTERED = 1_000_000;

/** The user's words as one MATCH operand: the prefix swapped for the words it begins, when it can be. */
function wordsExpression(search: FtsSearch): SQL {
  if (!search.expand) return sql`${search.match}`;
  const { head, lead, prefix } = search.expand;
  return sql`(SELECT CASE WHEN count(*) = 0 OR count(*) > ${EXPAND_MAX} THEN ${search.match}
      ELSE ${head} || '(' || group_concat('"' || ${lead} || term || '"', ' OR ') || ')' END
    FROM (SELECT term FROM news_fts_terms WHERE term >= ${prefix} AND term < ${prefix} || char(1114111) LIMIT ${EXPAND_MAX + 1}))`;
}

/**
 * The filters the index carries, as FTS5 operands on search_tags (see migrations-news/0002_search_walk.sql):
 * importance and symbols select few items, so the walk skips to them. The garbage and test flags
 * (a few per cent of items) stay beside the index: an FTS5 NOT costs a probe per match.
 */
function tagFilters(q: FeedQuery): string {
  const all: string[] = [];
  if (q.importance?.length) all.push(`search_tags : (${q.importance.map((i) => ftsPhrase(`imp${i}`)).join(' OR ')})`);
  if (q.symbols?.length) all.push(`search_tags : (${q.symbols.map((s) => ftsPhrase(`sym${s.toLowerCase()}`)).join(' OR ')})`);
  return all.map((f) => ` AND ${f}`).join('');
}

/** The whole MATCH expression: the words in their columns, AND the carried filters. */
function matchExpression(q: FeedQuery, search: FtsSearch): SQL {
  return sql`'(' || ${`${WORDS} : (`} || ${wordsExpression(search)} || ${`))${tagFilters(q)}`}`;
}

/**
 * The late candidates: items published after p's oldest with an id below p's, passing the filters
 * beside the index. With a symbol or importance filter the scan walks that filter's index (the same
 * condition the search_tags tokens encode), so it reads only the newer items that could qualify.
 */
function candidates(q: FeedQuery, lateSpan: number, besides: SQL): SQL {
  const importance = q.importance?.length ? sql` AND n.importance IN (${list(q.importance)})` : sql``;
  const bounds = sql`b.c = ${q.limit} AND b.span <= ${lateSpan}`;
  if (q.symbols?.length)
    return sql`SELECT DISTINCT s.item_id AS id FROM b CROSS JOIN news_item_symbols s CROSS JOIN news_items n ON n.id = s.item_id
      WHERE ${bounds} AND s.symbol IN (${list(q.symbols)}) AND s.ts >= b.lts AND (s.ts, s.item_id) > (b.lts, b.lid)
        AND s.item_id < b.minId${importance}${besides}`;
  return sql`SELECT n.id FROM b CROSS JOIN news_items n
    WHERE ${bounds} AND n.ts >= b.lts AND (n.ts, n.id) > (b.lts, b.lid) AND n.id < b.minId${importance}${besides}`;
}

/** How far below the page late candidates are scanned for: further when a filter index narrows the scan. */
const lateSpanFor = (q: FeedQuery) => (q.symbols?.length || q.importance?.length ? LATE_SPAN_FILTERED : LATE_SPAN);

/** The filters beside the index: the garbage and test flags, and joinFilters. */
function besideIndex(q: FeedQuery): SQL[] {
  const where: SQL[] = [];
  if (q.excludeGarbage) where.push(sql`n.is_garbage = 0`);
  if (q.excludeTestNews) where.push(sql`n.is_test = 0`);
  return [...where, ...joinFilters(q)];
}

/**
 * A search, newest first, that reads about a page. The index is walked newest id first with every
 * filter applied in the walk (p), stopping at the page size. Ids follow ingestion, so an item can
 * carry an older id than the page's oldest and still have been published after it (a late
 * arrival): those are the news_items newer than the page's oldest item with an id below the page's
 * (late), checked against the index over their id range. Exact: an item missing from p has an id
 * below every id in p, and it belongs on the page only if it sorts before p's oldest. When p spans
 * more than LATE_SPAN ids (sparse matches) or a candidate lies further below, every match is read
 * instead (every); SQLite skips the branches whose one-row condition on b is false.
 */
export function searchStatement(q: FeedQuery, search: FtsSearch, lateSpan = lateSpanFor(q)): SQL {
  const filters = besideIndex(q);
  const and = (extra: SQL[]) => (extra.length ? sql` AND ${sql.join(extra, sql` AND `)}` : sql``);
  const limit = q.limit;
  return sql`
    WITH m(q) AS MATERIALIZED (SELECT ${matchExpression(q, search)}),
    p AS MATERIALIZED (SELECT n.id, n.ts FROM news_fts f CROSS JOIN news_items n ON n.id = f.rowid
      WHERE news_fts MATCH (SELECT q FROM m)${and(filters)} ORDER BY f.rowid DESC LIMIT ${limit}),
    b AS MATERIALIZED (SELECT count(*) AS c, min(id) AS minId, max(id) - min(id) AS span,
      (SELECT ts FROM p ORDER BY ts, id LIMIT 1) AS lts, (SELECT id FROM p ORDER BY ts, id LIMIT 1) AS lid FROM p),
    cand AS MATERIALIZED (${candidates(q, lateSpan, and(filters))}),
    far AS MATERIALIZED (SELECT EXISTS (SELECT 1 FROM cand, b WHERE cand.id < b.minId - ${lateSpan}) AS yes),
    late AS (SELECT cand.id FROM cand, far WHERE far.yes = 0 AND cand.id IN (SELECT rowid FROM news_fts
      WHERE news_fts MATCH (SELECT q FROM m) AND rowid >= (SELECT min(id) FROM cand) AND rowid < (SELECT minId FROM b))),
    every AS (SELECT n.id FROM b CROSS JOIN far CROSS JOIN news_fts f CROSS JOIN news_items n ON n.id = f.rowid
      WHERE b.c = ${limit} AND (b.span > ${lateSpan} OR far.yes = 1) AND news_fts MATCH (SELECT q FROM m)${and(filters)})
    SELECT ${COLUMNS} FROM (SELECT id FROM p UNION SELECT id FROM late UNION SELECT id FROM every) x
      CROSS JOIN news_items n ON n.id = x.id
    ORDER BY n.ts DESC, n.id DESC LIMIT ${limit}`;
}

export function searchNewestFirst(db: NewsDb, q: FeedQuery, search: FtsSearch, lateSpan = lateSpanFor(q)): Promise<Row[]> {
  return db.all<Row>(searchStatement(q, search, lateSpan));
}
