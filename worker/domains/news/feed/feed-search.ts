import { sql, type SQL } from 'drizzle-orm';
import type { NewsDb } from '../../../db/client';
import { ftsPhrase, WORDS, type FtsSearch } from './fts-query';
import { columnsFor, joinFilters, type FeedQuery, type Row } from './feed-query';

/** A prefix that begins more indexed words than this stays a prefix query. */
const EXPAND_MAX = 64;
/**
 * How many rows below the walked page a search reads, per item of the page, looking for late
 * arrivals (whole id blocks, read by rowid range). A page whose candidates take more than this (a
 * backfill newer than the page, matches sparser than one in this many rows) takes the every-match
 * plan.
 */
export const WINDOW_PER_ITEM = 400;
export const WINDOW_MAX = 100_000;
/** migrations-news/0006_id_blocks.sql: the newest publication time per block of 2^8 ids. */
const ID_BLOCK_SHIFT = 8;
/**
 * The late candidates' matches are read from the FTS index one range per block of this many ids that
 * holds a candidate: a range costs one seek per term (about as much as reading ~1,000 matches), and
 * reads at most the block's matches, so all of them together read at most what every match would.
 */
const ID_BLOCK_BITS = 16;

/** The user's words as one MATCH operand: the prefix swapped for the words it begins, when it can be. */
function wordsExpression(search: FtsSearch): SQL {
  if (!search.expand) return sql`${search.match}`;
  const { head, lead, prefix } = search.expand;
  return sql`(SELECT CASE WHEN count(*) = 0 OR count(*) > ${EXPAND_MAX} THEN ${search.match}
      ELSE ${head} || '(' || group_concat('"' || ${lead} || term || '"', ' OR ') || ')' END
    FROM (SELECT term FROM news_fts_terms WHERE term >= ${prefix} AND term < ${prefix} || char(1114111) LIMIT ${EXPAND_MAX + 1}))`;
}

const TAG_VALUE = /^[A-Za-z0-9]+$/;

/**
 * Whether the index can carry the request's importance and symbol filters: each value one plain
 * token, as search_tags holds it. Any other value (an unknown importance, "BTC-PERP", a control
 * character) takes the plain statement, which compares the columns themselves.
 */
export function tagsCarried(q: Pick<FeedQuery, 'importance' | 'symbols'>): boolean {
  return [...(q.importance ?? []), ...(q.symbols ?? [])].every((value) => TAG_VALUE.test(value));
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

/** The filters beside the index: the garbage and test flags, and joinFilters. */
function besideIndex(q: FeedQuery): SQL[] {
  const where: SQL[] = [];
  if (q.excludeGarbage) where.push(sql`n.is_garbage = 0`);
  if (q.excludeTestNews) where.push(sql`n.is_test = 0`);
  return [...where, ...joinFilters(q)];
}

const windowFor = (q: FeedQuery) => Math.min(WINDOW_MAX, q.limit * WINDOW_PER_ITEM);

/**
 * A search, newest first, that reads about a page; the same answer as the plain statement
 * (feed-query.ts: every match, ORDER BY ts DESC, id DESC, the cursor a position in that order).
 *
 * 1. p: the FTS index walked newest id first, every filter applied in the walk (the symbol and
 *    importance filters as search_tags tokens), stopping at the page size.
 * 2. Ids follow ingestion, publication times need not (a late source; a backfill of older history
 *    after newer items). A match missing from p has an id below p's lowest (p holds every match above
 *    it) and belongs on the page only if it sorts before p's oldest item. Those rows are found through
 *    news_id_blocks (the newest publication time per block of 256 ids, kept by a trigger; an upper
 *    bound, so no such row is missed): only the blocks below the page whose newest time reaches the
 *    page's oldest are read, by rowid range (k, cand). FTS5 says which candidates match by reading
 *    its index over their ids, one rowid range per block of 2^16 ids that holds any (rng, late), as a
 *    probe per id costs as much as reading ~1,000 matches of a range.
 * 3. The page is the newest of p and late: every match that can sort before p's oldest is in one of
 *    them. When more blocks qualify than the budget allows (a backfill newer than the page, or
 *    matches sparser than one per WINDOW_PER_ITEM rows), every match is read and sorted (every), as
 *    the plain statement would, which costs little when matches are sparse. SQLite skips the branches
 *    whose one-row condition is false, so a page reads p, the qualifying blocks' rows, the
 *    candidates' ranges of the FTS index and the page's rows.
 *
 * Each CTE read more than once is MATERIALIZED (SQLite would otherwise inline it at every use). The
 * blocks are read over their (max_ts, block) index and the rows by rowid: left to itself SQLite
 * walked the feed index once per block.
 */
export function searchStatement(q: FeedQuery, search: FtsSearch, windowSize = windowFor(q)): SQL {
  const filters = besideIndex(q);
  const and = (extra: SQL[]) => (extra.length ? sql` AND ${sql.join(extra, sql` AND `)}` : sql``);
  const limit = q.limit;
  const blocks = sql.raw(String(Math.max(1, Math.ceil(Math.trunc(windowSize) / 2 ** ID_BLOCK_SHIFT))));
  const shift = sql.raw(String(ID_BLOCK_SHIFT));
  return sql`
    WITH m(q) AS MATERIALIZED (SELECT ${matchExpression(q, search)}),
    p AS MATERIALIZED (SELECT n.id, n.ts FROM news_fts f CROSS JOIN news_items n ON n.id = f.rowid
      WHERE news_fts MATCH (SELECT q FROM m)${and(filters)} ORDER BY f.rowid DESC LIMIT ${limit}),
    b AS MATERIALIZED (SELECT min(id) AS minId,
      (SELECT ts FROM p ORDER BY ts, id LIMIT 1) AS lts, (SELECT id FROM p ORDER BY ts, id LIMIT 1) AS lid
      FROM p HAVING count(*) = ${limit}),
    k AS MATERIALIZED (SELECT block FROM news_id_blocks INDEXED BY news_id_blocks_max_ts_idx
      WHERE max_ts >= (SELECT lts FROM b) AND block <= (SELECT minId FROM b) >> ${shift} LIMIT ${blocks} + 1),
    cand AS MATERIALIZED (SELECT n.id, n.ts FROM k CROSS JOIN news_items n NOT INDEXED
      ON n.id >= k.block << ${shift} AND n.id < min((k.block + 1) << ${shift}, (SELECT minId FROM b))
      WHERE (SELECT count(*) FROM k) <= ${blocks} AND n.ts >= (SELECT lts FROM b)
        AND (n.ts, n.id) > (SELECT lts, lid FROM b)${and(filters)}),
    rng AS MATERIALIZED (SELECT min(id) AS lo, max(id) AS hi FROM cand GROUP BY id >> ${sql.raw(String(ID_BLOCK_BITS))}),
    late AS (SELECT cand.id, cand.ts FROM rng CROSS JOIN news_fts f CROSS JOIN cand ON cand.id = f.rowid
      WHERE news_fts MATCH (SELECT q FROM m) AND f.rowid >= rng.lo AND f.rowid <= rng.hi),
    fallback AS MATERIALIZED (SELECT 1 AS yes FROM b WHERE (SELECT count(*) FROM k) > ${blocks}),
    every AS (SELECT n.id, n.ts FROM fallback CROSS JOIN news_fts f CROSS JOIN news_items n ON n.id = f.rowid
      WHERE news_fts MATCH (SELECT q FROM m)${and(filters)})
    SELECT ${columnsFor(q)} FROM (SELECT id, ts FROM p UNION SELECT id, ts FROM late UNION SELECT id, ts FROM every
      ORDER BY ts DESC, id DESC LIMIT ${limit}) x
      CROSS JOIN news_items n ON n.id = x.id
    ORDER BY n.ts DESC, n.id DESC`;
}

export function searchNewestFirst(db: NewsDb, q: FeedQuery, search: FtsSearch, windowSize = windowFor(q)): Promise<Row[]> {
  return db.all<Row>(searchStatement(q, search, windowSize));
}
