import { drizzle } from 'drizzle-orm/d1';
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
// request paid. The instance holds no per-request state, so one per D1 binding is reused.
function cachedPerBinding<T extends object>(build: (d1: D1Database) => T): (d1: D1Database) => T {
  const cache = new WeakMap<D1Database, T>();
  return (d1) => {
    let db = cache.get(d1);
    if (!db) {
      db = build(d1);
      cache.set(d1, db);
    }
    return db;
  };
}

export const createDb: (d1: D1Database) => Db = cachedPerBinding(buildDb);
export const createNewsDb: (d1: D1Database) => NewsDb = cachedPerBinding(buildNewsDb);
export const createAuditDb: (d1: D1Database) => AuditDb = cachedPerBinding(buildAuditDb);
