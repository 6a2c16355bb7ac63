import { sql, type SQL } from 'drizzle-orm';
import { joinFilters, type FeedQuery } from './feed-query';

/**
 * The late-arrival window of a search (feed-search.ts step 2): the CTEs `w(id, ts)`, every item that
 * may match above the window's edge, newest first, and `edge(ts, id)`, the window's last entry when it
 * stopped at its budget (no row: it reached the page's oldest item). They read the CTE `b` (lts, lid:
 * the walked page's oldest item).
 *
 * Without an importance or symbol filter the window walks the feed index, as before. With one, most
 * items cannot match, and a window over every item reaches only `budget` items back: a page of
 * "exploit" + SOL + critical (one match in ~5,600 items) spans ~280,000 items, so the walk ended in
 * reading every match. When the request names a single importance or a single symbol, the window walks
 * that value's own index instead (importance: news_items_importance_ts_idx; symbol: news_item_symbols'
 * key), newest first: it holds only items that can match, so the same budget reaches as far back as
 * the value is rare (critical, 2 % of items: 50 times further), and FTS5 still decides every match
 * (the MATCH carries all the filters as search_tags). Lists of several values keep the feed index.
 */
export interface SearchWindow {
  ctes: SQL;
  /** The filters left to the candidates' rows. */
  rowFilters: SQL[];
}

const and = (extra: SQL[]) => (extra.length ? sql` AND ${sql.join(extra, sql` AND `)}` : sql``);
const raw = (n: number) => sql.raw(String(Math.max(1, Math.trunc(n))));

/** The window's bounds on (ts, id): above the page's oldest item, and the request's own position. */
function bounds(ts: SQL, id: SQL, q: FeedQuery): SQL[] {
  // A row-value subquery (one copy of b to plan, not two); a join on b would lose the index's order.
  const where = [sql`${ts} >= (SELECT lts FROM b)`, sql`(${ts}, ${id}) > (SELECT lts, lid FROM b)`];
  if (q.before !== undefined) where.push(sql`${ts} < ${q.before}`);
  if (q.cursor) where.push(sql`(${ts}, ${id}) < (${q.cursor.ts}, ${q.cursor.id})`);
  return where;
}

/** The feed index's window: the flags it carries are applied in the walk, so it reads no row. */
function feedWindow(q: FeedQuery, budget: number): SearchWindow {
  const flags: SQL[] = [];
  if (q.excludeGarbage && q.excludeTestNews) flags.push(sql`n.is_garbage = 0 AND n.is_test = 0`);
  const rowFilters: SQL[] = [];
  if (q.excludeGarbage !== q.excludeTestNews) rowFilters.push(q.excludeGarbage ? sql`n.is_garbage = 0` : sql`n.is_test = 0`);
  rowFilters.push(...joinFilters({ ...q, before: undefined, cursor: undefined }));
  return {
    ctes: sql`w AS MATERIALIZED (SELECT n.id, n.ts FROM news_items n
      WHERE ${sql.join(bounds(sql`n.ts`, sql`n.id`, q), sql` AND `)}${and(flags)}
      ORDER BY n.ts DESC, n.id DESC LIMIT ${raw(budget)}),
    edge AS MATERIALIZED (SELECT ts, id FROM w WHERE (SELECT count(*) FROM w) = ${raw(budget)} ORDER BY ts, id LIMIT 1)`,
    rowFilters,
  };
}

/** One value's walk, newest first: the id and ts of the items carrying it. */
function valueWalk(kind: 'importance' | 'symbol', value: string, q: FeedQuery, budget: number): SQL {
  return kind === 'importance'
    ? sql`SELECT n.id, n.ts FROM news_items n INDEXED BY news_items_importance_ts_idx
        WHERE n.importance = ${value} AND ${sql.join(bounds(sql`n.ts`, sql`n.id`, q), sql` AND `)}
        ORDER BY n.ts DESC, n.id DESC LIMIT ${raw(budget)}`
    : sql`SELECT s.item_id AS id, s.ts FROM news_item_symbols s
        WHERE s.symbol = ${value} AND ${sql.join(bounds(sql`s.ts`, sql`s.item_id`, q), sql` AND `)}
        ORDER BY s.ts DESC, s.item_id DESC LIMIT ${raw(budget)}`;
}

/**
 * The filter whose index the window walks: a single importance or a single symbol, else null (the feed
 * index). With both, a static estimate: critical is the rarest importance (2 % of items on the bench
 * fill), a symbol (~7 % each) the next; high, medium and low are commoner than a symbol.
 */
export function windowFilter(q: FeedQuery): ['importance' | 'symbol', string] | null {
  const importance = [...new Set(q.importance ?? [])];
  const symbols = [...new Set(q.symbols ?? [])];
  const oneImportance = importance.length === 1 ? importance[0]! : null;
  const oneSymbol = symbols.length === 1 ? symbols[0]! : null;
  if (oneImportance === 'critical' || (oneImportance && !oneSymbol)) return ['importance', oneImportance];
  if (oneSymbol) return ['symbol', oneSymbol];
  return null;
}

/** The filter's walk; null when the request has no single importance or symbol. */
function filterWindow(q: FeedQuery, budget: number): SearchWindow | null {
  const filter = windowFilter(q);
  if (!filter) return null;
  const rowFilters: SQL[] = [];
  if (q.excludeGarbage) rowFilters.push(sql`n.is_garbage = 0`);
  if (q.excludeTestNews) rowFilters.push(sql`n.is_test = 0`);
  rowFilters.push(...joinFilters({ ...q, before: undefined, cursor: undefined }));
  // One plain CTE for the walk and one for its edge, as over the feed index: SQLite shares a
  // materialisation between uses only in simple shapes (a compound, e.g. a walk per listed value
  // with the further-reaching one picked, was computed again at each use: slower than no walk).
  return {
    ctes: sql`w AS MATERIALIZED (${valueWalk(filter[0], filter[1], q, budget)}),
    edge AS MATERIALIZED (SELECT ts, id FROM w WHERE (SELECT count(*) FROM w) = ${raw(budget)} ORDER BY ts, id LIMIT 1)`,
    rowFilters,
  };
}

export function searchWindow(q: FeedQuery, budget: number, byFilters = true): SearchWindow {
  return (byFilters && filterWindow(q, budget)) || feedWindow(q, budget);
}
