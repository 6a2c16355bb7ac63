import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

export type Db = ReturnType<typeof buildDb>;

function buildDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

// drizzle() walks the whole schema to build its relational config: about 1 ms of CPU that every
// request paid. The instance holds no per-request state, so one per D1 binding is reused.
const dbs = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = dbs.get(d1);
  if (!db) {
    db = buildDb(d1);
    dbs.set(d1, db);
  }
  return db;
}
