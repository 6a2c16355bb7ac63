import type { Db } from '../db/client';
import { db } from './harness';

/**
 * The test database, whose db.batch waits until two callers reached it: two runs at once have
 * both read their candidates before either's batch (its claims) is written.
 */
export function batchMeeting() {
  let arrived = 0;
  let open!: () => void;
  const bothRead = new Promise<void>((resolve) => (open = resolve));
  const together = Object.create(db, {
    batch: {
      value: async (queries: Parameters<Db['batch']>[0]) => {
        if (++arrived === 2) open();
        await bothRead;
        return db.batch(queries);
      },
    },
  }) as Db;
  return { db: together, arrived: () => arrived };
}
