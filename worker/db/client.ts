import { drizzle, DrizzleD1Database, SQLiteD1Session } from 'drizzle-orm/d1';
import * as schema from './schema';
import * as newsSchema from './schema-news';
import * as auditSchema from './schema-audit';

export type Db = ReturnType<typeof buildDb>;
/** The news database (binding NEWS_DB): headlines, their symbols, FTS index and price checks. */
export type NewsDb = ReturnType<typeof buildNewsDb>;

/** The audit database (binding AUDIT_DB): the append-only audit trail. */
export type AuditDb = ReturnType<typeof buildAuditDb>;

function buildAuditDb(d1: D1Database) {
  return drizzle(d1, { schema: auditSchema });
}

function buildDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

function buildNewsDb(d1: D1Database) {
  return drizzle(d1, { schema: newsSchema });
}

// drizzle() walks the whole schema to build its relational config: about 1 ms of CPU that every
// request paid. The instance holds no per-request state, so one per D1 binding is reused; a binding
// made for one request (a D1 session, the admission gate's wrapper) gets a new database object on
// the first instance's dialect and relational config, which costs a few object allocations.
type AnyD1Db = DrizzleD1Database<Record<string, unknown>>;
type Internals = {
  dialect: ConstructorParameters<typeof SQLiteD1Session>[1];
  _: { schema: unknown; fullSchema: unknown; tableNamesMap: unknown };
};

function perBinding<T extends object>(build: (d1: D1Database) => T): (d1: D1Database | D1DatabaseSession) => T {
  const cache = new WeakMap<object, T>();
  let first: Internals | undefined;
  return (d1) => {
    let db = cache.get(d1);
    if (db) return db;
    if (!first) {
      db = build(d1 as D1Database);
      first = db as unknown as Internals;
    } else {
      const relational = first._.schema ? (first._ as ConstructorParameters<typeof SQLiteD1Session>[2]) : undefined;
      const session = new SQLiteD1Session(d1 as D1Database, first.dialect, relational, {});
      const made = new DrizzleD1Database('async', first.dialect, session as never, relational as never) as AnyD1Db;
      (made as unknown as { $client: unknown }).$client = d1;
      db = made as unknown as T;
    }
    cache.set(d1, db);
    return db;
  };
}

export const createDb: (d1: D1Database | D1DatabaseSession) => Db = perBinding(buildDb);
export const createNewsDb: (d1: D1Database | D1DatabaseSession) => NewsDb = perBinding(buildNewsDb);
export const createAuditDb: (d1: D1Database | D1DatabaseSession) => AuditDb = perBinding(buildAuditDb);
