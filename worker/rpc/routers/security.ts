import { batchReads } from '../../db/batch-reads';
import type { UserRow } from '../../db/schema/users';
import { isAdminRole } from '../../domains/auth/access';
import { describeUserAgent } from '../../domains/auth/user-agent';
import { endSessions, liveSessions } from '../../domains/auth/sessions';
import { callerQuery, callerVerdict, reloadCaller, type CallerRow } from '../../domains/auth/fresh-caller';
import {
  confirmTotpEnrolment,
  finishPasskeyEnrolment,
  statusOf,
  startPasskeyEnrolment,
  startTotpEnrolment,
  type Enroller,
} from '../../domains/auth/second-factor/enrolment';
import { sessionCeremony } from '../../domains/auth/second-factor/challenges';
import { factorsQuery, removeFactor, resetSecondFactors } from '../../domains/auth/second-factor/factors';
import { replaceRecoveryCodes, unusedRecoveryCodesQuery } from '../../domains/auth/second-factor/recovery-codes';
import { findUserByIdRiding } from '../../domains/users/find-user';
import { domainError } from '../../lib/domain-error';
import { primaryDb } from '../../wiring/d1-session';
import { freshCheck, relyingParty, secondFactorKeyRing, secondFactorPolicy, totpIssuer } from '../../wiring/second-factor';
import type { RpcContext } from '../context';
import { admin, authed } from '../procedures';

/** The signed-in caller as D1 has them, read fresh (the session must be live). */
async function caller(context: RpcContext) {
  const { user, secondFactor, session } = await reloadCaller(
    primaryDb(context.env),
    context.session!,
    'authed',
    freshCheck(context.env),
  );
  return { user, secondFactor, sessionId: session.sid };
}

/** `caller`'s answer from its read's rows (callerQuery, read in a batch beside what the procedure reads). */
function callerFrom(context: RpcContext, [row]: CallerRow[]) {
  const { user, secondFactor, session } = callerVerdict(row, context.session!, 'authed', freshCheck(context.env));
  return { user, secondFactor, sessionId: session.sid };
}

/** The caller and their factors, read in one D1 call (on the primary, where the caller is read). */
async function enroller(context: RpcContext): Promise<Enroller> {
  const db = primaryDb(context.env);
  const [who, factors] = await batchReads(db, [callerQuery(db, context.session!), factorsQuery(db, context.session!.sub)]);
  const { user, sessionId } = callerFrom(context, who);
  return { user, sessionId, factors };
}

/** The caller's second-factor status: the caller, their factors and unused recovery codes in one D1 call. */
async function status(context: RpcContext) {
  const db = primaryDb(context.env);
  const userId = context.session!.sub;
  const [who, factors, codes] = await batchReads(db, [
    callerQuery(db, context.session!),
    factorsQuery(db, userId),
    unusedRecoveryCodesQuery(db, userId),
  ]);
  const { user, secondFactor } = callerFrom(context, who);
  return statusOf(
    { user, confirmedAt: secondFactor.confirmedAt },
    { factors, recoveryCodesLeft: codes.length },
    secondFactorPolicy(context.env),
  );
}

/**
 * A user named by an admin: 404 when there is none, and the trail names them. As with roles and
 * flags (PRODUCT.md §7), only a superadmin acts on another admin.
 */
async function targetUser(context: RpcContext & { actor: UserRow }, userId: string) {
  const user = await findUserByIdRiding(context.db, userId);
  if (!user) throw domainError('NOT_FOUND', 'User not found');
  if (context.auditNote) context.auditNote.target = { type: 'user', id: user.id, label: user.email };
  if (isAdminRole(user.role) && user.id !== context.actor.id && context.actor.role !== 'superadmin')
    throw domainError('FORBIDDEN', 'Only a superadmin can change another admin');
  return user;
}

export const securityRouter = {
  getSecondFactors: authed.getSecondFactors.handler(({ context }) => status(context)),

  startTotpEnrolment: authed.startTotpEnrolment.handler(async ({ context }) =>
    startTotpEnrolment(context.db, await secondFactorKeyRing(context.env), await enroller(context), totpIssuer(context.env)),
  ),
  confirmTotpEnrolment: authed.confirmTotpEnrolment.handler(async ({ context, input }) => {
    // The session's pending setup read beside the caller (the check confirms the token's session is live).
    const [who, ceremony] = await Promise.all([enroller(context), sessionCeremony(context.db, context.session.sid, 'totpEnrol')]);
    const result = await confirmTotpEnrolment(
      context.db,
      await secondFactorKeyRing(context.env),
      who,
      ceremony,
      input.code,
      input.label,
    );
    context.auditNote!.target = { type: 'secondFactor', id: result.factor.id, label: result.factor.label };
    context.auditNote!.after = { kind: 'totp', label: result.factor.label, recoveryCodesIssued: result.recoveryCodes !== null };
    return result;
  }),
  startPasskeyEnrolment: authed.startPasskeyEnrolment.handler(async ({ context }) =>
    startPasskeyEnrolment(context.db, relyingParty(context.env, context.url), await enroller(context)),
  ),
  finishPasskeyEnrolment: authed.finishPasskeyEnrolment.handler(async ({ context, input }) => {
    const rp = relyingParty(context.env, context.url);
    // The session's registration read beside the caller; spent in the same batch as the new factor.
    const [who, ceremony] = await Promise.all([
      enroller(context),
      sessionCeremony(context.db, context.session.sid, 'passkeyRegister'),
    ]);
    const result = await finishPasskeyEnrolment(context.db, rp, who, ceremony, input.response, input.label);
    context.auditNote!.target = { type: 'secondFactor', id: result.factor.id, label: result.factor.label };
    context.auditNote!.after = {
      kind: 'passkey',
      label: result.factor.label,
      recoveryCodesIssued: result.recoveryCodes !== null,
    };
    return result;
  }),
  removeSecondFactor: authed.removeSecondFactor.handler(async ({ context, input }) => {
    // The caller beside the removal (one round each): the answer is the status after it.
    const [who, { removed, ...left }] = await Promise.all([
      caller(context),
      removeFactor(context.db, context.session.sub, input.id),
    ]);
    context.auditNote!.target = { type: 'secondFactor', id: removed.id, label: removed.label };
    context.auditNote!.before = { kind: removed.kind, label: removed.label };
    return statusOf({ user: who.user, confirmedAt: who.secondFactor.confirmedAt }, left, secondFactorPolicy(context.env));
  }),
  regenerateRecoveryCodes: authed.regenerateRecoveryCodes.handler(async ({ context }) => {
    const { user, secondFactor } = await caller(context);
    if (!secondFactor.enrolled)
      throw domainError('PRECONDITION_FAILED', 'Add a second factor first: recovery codes stand in for one');
    context.auditNote!.target = { type: 'user', id: user.id, label: user.email };
    return { recoveryCodes: await replaceRecoveryCodes(context.db, user.id) };
  }),

  listSessions: authed.listSessions.handler(async ({ context }) => {
    // One D1 call, on the primary: the caller's check and their sessions (the check reads them by this same id).
    const db = primaryDb(context.env);
    const [who, rows] = await batchReads(db, [callerQuery(db, context.session), liveSessions(db, context.session.sub)]);
    const { sessionId } = callerFrom(context, who);
    return rows.map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.id === sessionId,
    }));
  }),
  endSession: authed.endSession.handler(async ({ context, input }) => {
    const ended = await endSessions(context.db, context.session.sub, { only: input.id }, 'ended by the user');
    if (ended.length === 0) throw domainError('NOT_FOUND', 'No such session');
    context.auditNote!.target = { type: 'session', id: input.id };
    return { ended: ended.length };
  }),
  endOtherSessions: authed.endOtherSessions.handler(async ({ context }) => {
    const ended = await endSessions(context.db, context.session.sub, { except: context.session.sid }, 'ended by the user');
    context.auditNote!.after = { ended: ended.length };
    return { ended: ended.length };
  }),
  endUserSessions: admin.endUserSessions.handler(async ({ context, input }) => {
    const user = await targetUser(context, input.userId);
    const ended = await endSessions(context.db, user.id, {}, `ended by an admin (${context.actor.email})`);
    context.auditNote!.after = { ended: ended.length };
    return { ended: ended.length };
  }),
  resetUserSecondFactors: admin.resetUserSecondFactors.handler(async ({ context, input }) => {
    const user = await targetUser(context, input.userId);
    if (user.id === context.actor.id) throw domainError('FORBIDDEN', 'Remove your own second factors on your security page');
    const removed = await resetSecondFactors(context.db, user.id);
    context.auditNote!.after = { factorsRemoved: removed, sessionsEnded: true };
    return { removed };
  }),
};
