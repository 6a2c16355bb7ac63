import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import type { Session } from '../../domains/auth/access';
import { signInSucceeded } from '../../domains/auth/rate-limit';
import { consumeChallenge, type ChallengeRow } from '../../domains/auth/second-factor/challenges';
import { markConfirmed } from '../../domains/auth/second-factor/factors';
import { unusedRecoveryCodes } from '../../domains/auth/second-factor/recovery-codes';
import { startSession } from '../../domains/auth/sessions';
import { toUserDto } from '../../domains/users/user-dto';
import { getConfig } from '../../env';
import { domainError } from '../../lib/domain-error';
import { auditTrail } from '../../wiring/audit';
import type { AppEnv } from '../app-env';
import { clientIp } from '../request';
import { issueSessionCookies } from './issue';
import { clearPendingCookie } from './pending-cookie';

export type SecondFactorMethod = 'totp' | 'passkey' | 'recoveryCode';

/** Who confirms a second factor: a sign-in waiting for it, or a signed-in session stepping up. */
export type SecondStep =
  { mode: 'signIn'; pending: ChallengeRow; user: UserRow } | { mode: 'stepUp'; session: Session; user: UserRow };

/**
 * A second factor was confirmed: the sign-in's failures are forgiven (as after a right password);
 * a pending sign-in becomes a session (taken once: of two parallel completions only one starts one),
 * a step-up renews the session's confirmation. Answers the user and when the factor was confirmed,
 * and how many recovery codes are left when one was used.
 */
export async function secondFactorConfirmed(c: Context<AppEnv>, db: Db, step: SecondStep, method: SecondFactorMethod) {
  const ip = clientIp(c);
  const now = Date.now();
  const { user } = step;
  const record = auditTrail(c.env);
  if (step.mode === 'signIn') {
    clearPendingCookie(c);
    // Taken once: of two parallel completions only one starts a session.
    if (!(await consumeChallenge(db, step.pending.id, now))) throw domainError('UNAUTHORIZED', 'Sign in again');
    if (user.disabled) throw domainError('FORBIDDEN', 'This account has been disabled');
  }
  // The password's slot and this step's: both given back, as after a right password alone.
  await signInSucceeded(db, user.email, ip, step.mode === 'signIn' ? 2 : 1);
  const recoveryCodesLeft = method === 'recoveryCode' ? await unusedRecoveryCodes(db, user.id) : undefined;
  const after = { method, ...(recoveryCodesLeft !== undefined ? { recoveryCodesLeft } : {}) };
  if (step.mode === 'stepUp') {
    await markConfirmed(db, step.session.sid, now);
    record(
      { userId: user.id, email: user.email, sessionId: step.session.sid, ip },
      { action: 'auth.stepUp', after, result: 'done' },
    );
    return c.json({ user: toUserDto(user), secondFactorAt: now, recoveryCodesLeft });
  }
  const refresh = await startSession(db, user.id, getConfig(c.env).REFRESH_TOKEN_TTL_DAYS, {
    ip,
    userAgent: c.req.header('user-agent'),
    secondFactor: true,
  });
  await issueSessionCookies(c, user, refresh);
  record(
    { userId: user.id, email: user.email, sessionId: refresh.sessionId, ip },
    { action: 'auth.signIn', after, result: 'done' },
  );
  return c.json({ user: toUserDto(user), secondFactorAt: now, recoveryCodesLeft });
}
