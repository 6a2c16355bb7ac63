/**
 * A D1 binding (or a D1 session) with every call to the database passed through `around`, told
 * whether the call only reads. Used by the request's admission gate (rpc/admit-alongside.ts: writes
 * wait for the caller's fresh check, reads ride beside it) and by the tests' round counter.
 */
export type AroundD1 = <T>(call: { reads: boolean; sql: string }, run: () => Promise<T>) => Promise<T>;

/** A statement that only reads: SQLite's `select` (a `with` may end in a write, so it counts as one). */
export const onlyReads = (query: string) => /^\s*select\b/i.test(query);

const UNWRAP = Symbol('unwrap');
const SQL = Symbol('sql');

type Tagged = Record<symbol, unknown>;

/** The SQL a statement of an intercepted binding was prepared with; undefined for any other statement. */
export const statementSql = (statement: D1PreparedStatement): string | undefined =>
  (statement as unknown as Tagged)[SQL] as string | undefined;

export function interceptD1<D extends D1Database | D1DatabaseSession>(d1: D, around: AroundD1): D {
  const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrapStatement(target.bind(...values), sql);
        if (key === 'all' || key === 'first' || key === 'run' || key === 'raw')
          return (...args: unknown[]) =>
            around({ reads: onlyReads(sql), sql }, () =>
              (target[key] as (...a: unknown[]) => Promise<unknown>).apply(target, args),
            );
        // batch() needs the binding's own statements: the wrapper hands out the one it wraps.
        if (key === UNWRAP) return target;
        if (key === SQL) return sql;
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') return (query: string) => wrapStatement(target.prepare(query), query);
      if (key === 'batch')
        return (statements: D1PreparedStatement[]) => {
          const sql = statements.map((s) => statementSql(s) ?? 'unknown');
          return around({ reads: sql.every(onlyReads), sql: sql.join(' ;; ') }, () =>
            target.batch(statements.map((s) => ((s as unknown as Tagged)[UNWRAP] as D1PreparedStatement | undefined) ?? s)),
          );
        };
      if (key === 'exec')
        return (query: string) => around({ reads: false, sql: query }, () => (target as D1Database).exec(query));
      // A session of a wrapped binding is wrapped too: its calls are the same requests.
      if (key === 'withSession')
        return (constraint?: string) => interceptD1((target as D1Database).withSession(constraint), around);
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
