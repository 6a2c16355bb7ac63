import { preparedQuery } from '../db/batch-reads';
import type { Db } from '../db/client';
import { onlyReads, statementSql } from '../db/d1-intercept';
import type { Session } from '../domains/auth/access';
import { callerQuery, type CallerRow } from '../domains/auth/fresh-caller';

/**
 * The caller's fresh check read (callerQuery, on the primary) sent in the same D1 call as the
 * procedure's first reads, when they come as one batch of plain selects before anything else:
 * one call to D1 instead of two (locally each call costs 2–3 ms of the one workerd thread; deployed,
 * one request fewer). Those reads then go to the primary with the check, in its transaction.
 *
 * The check is sent alone instead (as before) at whichever comes first: another kind of D1 call,
 * an effect waiting for the check (a held write or Durable Object call: it would wait forever), the
 * end of the run, or the next macrotask (a run that reads nothing at once is not kept waiting).
 */
export interface CheckRider {
  /** The check's row, however it was sent. */
  row: Promise<CallerRow | undefined>;
  /** Sends the check on its own, unless it has gone already. */
  sendAlone(): void;
  /** The batch's answers, with the check sent in front of it; null when the check went already. */
  ride(statements: D1PreparedStatement[]): Promise<D1Result[]> | null;
}

export function checkRider(primary: Db, token: Session): CheckRider {
  const query = callerQuery(primary, token);
  let sent = false;
  let settle!: { resolve: (row: CallerRow | undefined) => void; reject: (err: unknown) => void };
  const row = new Promise<CallerRow | undefined>((resolve, reject) => (settle = { resolve, reject }));
  const sendAlone = () => {
    if (sent) return;
    sent = true;
    query.get().then(settle.resolve, settle.reject);
  };
  const ride = (statements: D1PreparedStatement[]) => {
    if (sent || statements.length === 0 || !statements.every((s) => onlyReads(statementSql(s) ?? ''))) return null;
    sent = true;
    const check = preparedQuery(query);
    const { sql, params } = check.getQuery();
    const client = primary.$client;
    const answers = client.batch([client.prepare(sql).bind(...params), ...statements]);
    answers.then((all) => settle.resolve((check.mapResult(all[0], true) as CallerRow[])[0]), settle.reject);
    return answers.then((all) => all.slice(1));
  };
  setTimeout(sendAlone, 0);
  return { row, sendAlone, ride };
}
