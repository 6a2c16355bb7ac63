import type { Bindings } from '../env';
import type { Db } from '../db/client';
import type { Session } from '../domains/auth/access';

export interface RpcContext {
  env: Bindings;
  db: Db;
  session: Session | null;
  requestId: string;
  /** when the request reached the Worker (ms since epoch) */
  receivedAt?: number;
  /** The request URL (decides cookie Secure flags). */
  url: string;
  /** Merged into the response by ResponseHeadersPlugin (used to re-issue the access cookie). */
  resHeaders?: Headers;
}
