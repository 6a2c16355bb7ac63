import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { secondFactors } from '../../db/schema/second-factors';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { ownerSeesAccount } from '../accounts/account-access';
import { ADMIN_ROLES, type Session } from './access';

/**
 * What a live stream was opened with: the caller, their sign-in (session id), when their access
 * token expires, the account for an account stream, and the power the stream needs beyond approved
 * access. The Worker sends it to the hub in a header
 * (hubs are only reachable through the Worker); the hub ends the stream when the token expires
 * (the client reconnects with a fresh one) or when `revokedGrants` says the access is gone.
 */
export const STREAM_GRANT_HEADER = 'x-meridian-stream-grant';

/**
 * What a stream needs beyond approved access, re-read by the hub with the rest: the terminal flag
 * (prices), the risk team (the risk stream), an admin role (todo), or either of the last two
 * (another trader's orders).
 */
export const STREAM_POWERS = ['terminal', 'riskTeam', 'admin', 'riskTeamOrAdmin'] as const;
export type StreamPower = (typeof STREAM_POWERS)[number];

const grantSchema = z.object({
  userId: z.string().min(1),
  sessionId: z.string().min(1),
  expiresAt: z.number(),
  accountId: z.string().min(1).optional(),
  power: z.enum(STREAM_POWERS).optional(),
});
export type StreamGrant = z.infer<typeof grantSchema>;

/** How often a hub re-reads its viewers' access from D1 (one query per hub, only while watched). */
export const STREAM_RECHECK_MS = 2000;

export function grantHeaders(session: Session, scope: { accountId?: string; power?: StreamPower } = {}): Record<string, string> {
  const grant: StreamGrant = { userId: session.sub, sessionId: session.sid, expiresAt: session.expiresAt, ...scope };
  return { [STREAM_GRANT_HEADER]: JSON.stringify(grant) };
}

const isAdmin = () => inArray(users.role, [...ADMIN_ROLES]);
/** SQL over `users`: whether the user still holds the power (undefined: approved access is enough). */
function holdsPower(power: StreamPower | undefined): SQL | undefined {
  switch (power) {
    case 'terminal':
      return eq(users.canUseTerminal, true);
    case 'riskTeam':
      return eq(users.isRiskTeam, true);
    case 'admin':
      return isAdmin();
    case 'riskTeamOrAdmin':
      return sql`(${users.isRiskTeam} = 1 or ${isAdmin()})`;
    case undefined:
      return undefined;
  }
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
 * With second factors required, a power also needs a factor on the user (the last one removed ends
 * the power's streams) and a sign-in that confirmed one, as admitting a call does.
 */
function holdsSecondFactor(power: StreamPower | undefined, required: boolean): SQL | undefined {
  if (!power || !required) return undefined;
  return sql`${sessions.secondFactorAt} is not null and exists (select 1 from ${secondFactors} where ${secondFactors.userId} = ${users.id})`;
}

/**
 * The grants whose access has ended: session signed out or expired, user disabled or no longer
 * approved, the stream's power gone (role, flag, or the second factor it needs), or (account
 * streams) the account no longer visible to the user. One query per (account, power) among the
 * hub's streams, 90 sessions each.
 */
export async function revokedGrants(
  db: Db,
  grants: readonly StreamGrant[],
  opts: { secondFactorRequired: boolean; now?: number },
): Promise<Set<StreamGrant>> {
  const now = opts.now ?? Date.now();
  const revoked = new Set<StreamGrant>();
  const byScope = new Map<string, StreamGrant[]>();
  // Pushed, not copied: a hub asks this every STREAM_RECHECK_MS for all of its (hundreds of) streams.
  for (const grant of grants) {
    const key = `${grant.accountId ?? ''}|${grant.power ?? ''}`;
    const group = byScope.get(key);
    if (group) group.push(grant);
    else byScope.set(key, [grant]);
  }
  for (const group of byScope.values()) {
    const { accountId, power } = group[0]!;
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
            holdsPower(power),
            holdsSecondFactor(power, opts.secondFactorRequired),
          ),
        );
      for (const row of rows) allowed.add(`${row.sid}|${row.userId}`);
    }
    for (const grant of group) if (!allowed.has(`${grant.sessionId}|${grant.userId}`)) revoked.add(grant);
  }
  return revoked;
}
