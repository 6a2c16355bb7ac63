import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema/sessions';
import { users, type UserRow } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import { hashToken, newOpaqueToken } from './tokens';

export interface IssuedRefresh {
  sessionId: string;
  refreshToken: string;
  expiresAt: number;
}

/** Where a session was started from, and whether a second factor was part of it. */
export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** the sign-in passed a second factor (now) */
  secondFactor?: boolean;
}

/** A User-Agent is stored for the sessions list only; nobody needs more than this of it. */
const UA_MAX = 256;

/** Starts a session (a refresh-token family) for a user who just proved who they are. */
export async function startSession(db: Db, userId: string, ttlDays: number, meta: SessionMeta = {}): Promise<IssuedRefresh> {
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  const refreshToken = newOpaqueToken();
  const expiresAt = now + ttlDays * 86_400_000;
  await db.batch([
    db.insert(sessions).values({
      id: sessionId,
      userId,
      createdAt: now,
      expiresAt,
      lastSeenAt: now,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, UA_MAX) ?? null,
      secondFactorAt: meta.secondFactor ? now : null,
    }),
    db.insert(refreshTokens).values({ tokenHash: await hashToken(refreshToken), sessionId, createdAt: now }),
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId)),
  ]);
  return { sessionId, refreshToken, expiresAt };
}

export function revokeSession(db: Db, sessionId: string, reason: string) {
  return db
    .update(sessions)
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function findSessionIdByRefreshToken(db: Db, refreshToken: string): Promise<string | undefined> {
  const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await hashToken(refreshToken)) });
  return row?.sessionId;
}

/**
 * The signed-in user with whether their session is live, in one statement (getCurrentUser, the
 * SPA's first call on every load): undefined when the user is gone.
 */
export async function userWithLiveSession(db: Db, userId: string, sessionId: string, now = Date.now()) {
  const row = await db
    .select({
      user: users,
      live: sql<number>`exists (select 1 from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.userId} = ${userId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row && { user: row.user, live: row.live === 1 };
}

export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const row = await db.query.sessions.findFirst({ where: eq(sessions.id, sessionId) });
  return !!row && row.revokedAt === null && row.expiresAt > Date.now();
}

/**
 * Rotates a refresh token: the presented token is marked used and a new one is issued in the same
 * family. Presenting a token that was already used means it leaked: the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, presented: string): Promise<{ user: UserRow; issued: IssuedRefresh }> {
  const tokenHash = await hashToken(presented);
  const row = await db
    .select({ token: refreshTokens, session: sessions, user: users })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .get();
  const invalid = () => domainError('UNAUTHORIZED', 'Session expired, please sign in again');
  if (!row) throw invalid();
  const { token, session, user } = row;
  if (session.revokedAt !== null || session.expiresAt <= Date.now() || user.disabled) throw invalid();
  if (token.usedAt !== null) {
    await revokeSession(db, session.id, 'refresh token reuse');
    throw invalid();
  }

  const now = Date.now();
  const next = newOpaqueToken();
  // The conditional UPDATE wins only once, so two concurrent rotations cannot both succeed.
  const [claimed] = await db.batch([
    db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash }),
    db.insert(refreshTokens).values({ tokenHash: await hashToken(next), sessionId: session.id, createdAt: now }),
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id)),
  ]);
  if (claimed.length === 0) {
    await revokeSession(db, session.id, 'refresh token reuse');
    throw invalid();
  }
  return { user, issued: { sessionId: session.id, refreshToken: next, expiresAt: session.expiresAt } };
}

/** Live sessions of a user, newest activity first (the sessions list). */
export function liveSessions(db: Db, userId: string, now = Date.now()) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/**
 * Ends sessions of one user: one (`only`), all but one (`except`), or all. Revoking is what every
 * check reads: refresh fails, calls above plain approved reads are refused, and open streams end
 * at the hubs' next re-check (≤ STREAM_RECHECK_MS). Answers the ids it ended.
 */
export async function endSessions(
  db: Db,
  userId: string,
  scope: { only?: string; except?: string },
  reason: string,
  now = Date.now(),
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        scope.only ? eq(sessions.id, scope.only) : undefined,
        scope.except ? ne(sessions.id, scope.except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
