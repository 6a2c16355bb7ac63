import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { ownerSeesAccount } from '../accounts/account-access';
import type { Session } from './access';

/**
 * What a live stream was opened with: the caller, their sign-in (session id), when their access
 * token expires, and the account for an account stream. The Worker sends it to the hub in a header
 * (hubs are only reachable through the Worker); the hub ends the stream when the token expires
 * (the client reconnects with a fresh one) or when `revokedGrants` says the access is gone.
 */
export const STREAM_GRANT_HEADER = 'x-meridian-stream-grant';

const grantSchema = z.object({
  userId: z.string().min(1),
  sessionId: z.string().min(1),
  expiresAt: z.number(),
  accountId: z.string().min(1).optional(),
});
export type StreamGrant = z.infer<typeof grantSchema>;

/** How often a hub re-reads its viewers' access from D1 (one query per hub, only while watched). */
export const STREAM_RECHECK_MS = 2000;

export function grantHeaders(session: Session, accountId?: string): Record<string, string> {
  const grant: StreamGrant = { userId: session.sub, sessionId: session.sid, expiresAt: session.expiresAt, accountId };
  return { [STREAM_GRANT_HEADER]: JSON.stringify(grant) };
}

export function readGrant(request: Request): StreamGrant | undefined {
  const header = request.headers.get(STREAM_GRANT_HEADER);
  if (!header) return undefined;
  try {
    const parsed = grantSchema.safeParse(JSON.parse(header));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The grants whose access has ended: session signed out or expired, user disabled or no longer
 * approved, or (account streams) the account no longer visible to the user.
 */
export async function revokedGrants(db: Db, grants: readonly StreamGrant[], now = Date.now()): Promise<Set<StreamGrant>> {
  const revoked = new Set<StreamGrant>();
  const byAccount = new Map<string, StreamGrant[]>();
  // Pushed, not copied: a hub asks this every STREAM_RECHECK_MS for all of its (hundreds of) streams.
  for (const grant of grants) {
    const key = grant.accountId ?? '';
    const group = byAccount.get(key);
    if (group) group.push(grant);
    else byAccount.set(key, [grant]);
  }
  for (const [accountId, group] of byAccount) {
    const ids = [...new Set(group.map((g) => g.sessionId))];
    const allowed = new Set<string>();
    for (let i = 0; i < ids.length; i += 90) {
      const rows = await db
        .select({ sid: sessions.id, userId: users.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, ids.slice(i, i + 90)),
            sql`${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now} and ${users.disabled} = 0 and ${users.approved} = 1`,
            accountId ? ownerSeesAccount(sessions.userId, sql`${accountId}`) : undefined,
          ),
        );
      for (const row of rows) allowed.add(`${row.sid}|${row.userId}`);
    }
    for (const grant of group) if (!allowed.has(`${grant.sessionId}|${grant.userId}`)) revoked.add(grant);
  }
  return revoked;
}
