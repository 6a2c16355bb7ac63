import type { Bindings } from '../env';
import type { Db } from '../db/client';
import type { AuditNote } from '../domains/audit/audit-log';
import type { Session } from '../domains/auth/access';

export interface RpcContext {
  env: Bindings;
  db: Db;
  session: Session | null;
  requestId: string;
  /** when the request reached the Worker (ms since epoch) */
  receivedAt?: number;
  /** The request URL (decides cookie Secure flags; the passkeys' relying party). */
  url: string;
  /** The caller's IP (the audit trail's "from where"). */
  ip: string;
  /** Merged into the response by ResponseHeadersPlugin (used to re-issue the access cookie). */
  resHeaders?: Headers;
  /** What an audited procedure's handler adds to its audit entry (procedures.ts, audited.ts). */
  auditNote?: AuditNote;
}
