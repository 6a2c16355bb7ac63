// What the bench fillers share: a SQLite file opened with node:sqlite (Node 22; the local D1 files
// are plain SQLite), a seeded random source, and batched inserts in one transaction.
import { DatabaseSync } from 'node:sqlite';

/** Opens a local D1 file for bulk writes (no workerd may have it open meanwhile). */
export function openForFill(path) {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA synchronous=OFF');
  return db;
}

/** Runs `fn` in one transaction (a year of rows commits in seconds, not minutes). */
export function inTransaction(db, fn) {
  db.exec('BEGIN');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
}

/** A seeded random source (mulberry32) with the few draws the fillers use. */
export function seeded(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    /** Box–Muller */
    gauss: (mu, sigma) => mu + sigma * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    choice: (items) => items[Math.floor(next() * items.length)],
    sample(items, n) {
      const pool = [...items];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      return pool.slice(0, n);
    },
  };
}

/** Applies every migration file of a folder, in order, to a fresh SQLite file (what wrangler does for D1). */
export async function migrate(db, folder) {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  for (const name of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    db.exec(readFileSync(join(folder, name), 'utf8').replaceAll('--> statement-breakpoint', ''));
}
