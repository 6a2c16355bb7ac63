import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { authContract } from '../../contract/auth';
import { authenticationResponseSchema } from '../../contract/webauthn';
import { createDb, type Db } from '../../db/client';
import { reloadCaller } from '../../domains/auth/fresh-caller';
import { reserveSignInAttempt } from '../../domains/auth/rate-limit';
import {
  pendingSignIn,
  setChallenge,
  startSessionCeremony,
  takeSessionCeremony,
} from '../../domains/auth/second-factor/challenges';
import { factorsOf } from '../../domains/auth/second-factor/factors';
import { assertionOptions, verifyAssertion } from '../../domains/auth/second-factor/passkeys';
import { useRecoveryCode } from '../../domains/auth/second-factor/recovery-codes';
import { acceptTotpCode, isTotpCode } from '../../domains/auth/second-factor/totp';
import { findUserById } from '../../domains/users/find-user';
import { getConfig } from '../../env';
import { domainError } from '../../lib/domain-error';
import { auditTrail } from '../../wiring/audit';
import { freshCheck, relyingParty, secondFactorKeyRing } from '../../wiring/second-factor';
import type { AppEnv } from '../app-env';
import { clientIp, readJson } from '../request';
import { readPendingCookie } from './pending-cookie';
import { secondFactorConfirmed, type SecondFactorMethod, type SecondStep } from './second-factor-done';

/**
 * The second step of a sign-in, and step-up. With a pending sign-in (its cookie, set by
 * POST /sign-in/email after the right password) a confirmed factor starts the session; without one,
 * a signed-in caller renews their session's second factor (the riskiest changes ask for one at most
 * 5 minutes old). Every attempt takes a slot of the sign-in failure limits (per email and per IP),
 * and every failure reads the same: "That code is not valid" — wrong, used or expired alike.
 */
async function whoIsConfirming(c: Context<AppEnv>, db: Db): Promise<SecondStep> {
  const token = readPendingCookie(c);
  const pending = token ? await pendingSignIn(db, token) : undefined;
  if (pending) {
    const user = await findUserById(db, pending.userId);
    if (!user) throw domainError('UNAUTHORIZED', 'Sign in again');
    return { mode: 'signIn', pending, user };
  }
  const session = c.get('session');
  if (!session) throw domainError('UNAUTHORIZED', 'Sign in again: the sign-in waited too long for its second step');
  const { user } = await reloadCaller(db, session, 'authed', freshCheck(c.env));
  return { mode: 'stepUp', session, user };
}

function limitsOf(c: Context<AppEnv>) {
  const config = getConfig(c.env);
  return {
    perEmail: config.AUTH_MAX_FAILS_PER_EMAIL,
    perIp: config.AUTH_MAX_FAILS_PER_IP,
    windowSeconds: config.AUTH_FAIL_WINDOW_SECONDS,
  };
}

function refused(c: Context<AppEnv>, step: SecondStep, method: SecondFactorMethod | 'unknown') {
  auditTrail(c.env)(
    {
      userId: step.user.id,
      email: step.user.email,
      sessionId: step.mode === 'stepUp' ? step.session.sid : null,
      ip: clientIp(c),
    },
    {
      action: step.mode === 'signIn' ? 'auth.secondFactor' : 'auth.stepUp',
      after: { method },
      result: 'refused',
      reason: 'invalid code',
    },
  );
  return domainError('UNAUTHORIZED', 'That code is not valid');
}

export const secondFactorRoutes = new Hono<AppEnv>()
  .post('/second-factor/totp', async (c) => {
    const { code } = await readJson(c, authContract.secondFactorTotp.input);
    const db = createDb(c.env.DB);
    const step = await whoIsConfirming(c, db);
    await reserveSignInAttempt(db, step.user.email, clientIp(c), limitsOf(c));
    let method: SecondFactorMethod | null = null;
    if (isTotpCode(code)) {
      const factors = await factorsOf(db, step.user.id);
      if (factors.some((f) => f.kind === 'totp') && (await acceptTotpCode(db, await secondFactorKeyRing(c.env), factors, code)))
        method = 'totp';
    } else if (await useRecoveryCode(db, step.user.id, code)) method = 'recoveryCode';
    if (!method) throw refused(c, step, isTotpCode(code) ? 'totp' : 'recoveryCode');
    return secondFactorConfirmed(c, db, step, method);
  })
  .post('/passkey/options', async (c) => {
    const db = createDb(c.env.DB);
    const step = await whoIsConfirming(c, db);
    const factors = await factorsOf(db, step.user.id);
    if (!factors.some((f) => f.kind === 'passkey'))
      throw domainError('PRECONDITION_FAILED', 'No passkey is registered for this account');
    const options = await assertionOptions(relyingParty(c.env, c.req.url), factors);
    if (step.mode === 'signIn') await setChallenge(db, step.pending.id, options.challenge);
    else
      await startSessionCeremony(
        db,
        { userId: step.user.id, sessionId: step.session.sid, purpose: 'passkeyStepUp' },
        { challenge: options.challenge },
      );
    return c.json({ options });
  })
  .post('/passkey/verify', async (c) => {
    const { response } = await readJson(c, z.object({ response: authenticationResponseSchema }));
    const db = createDb(c.env.DB);
    const step = await whoIsConfirming(c, db);
    await reserveSignInAttempt(db, step.user.email, clientIp(c), limitsOf(c));
    // A sign-in's challenge stays with it until the sign-in completes; a step-up's is taken now (once).
    const challenge =
      step.mode === 'signIn'
        ? step.pending.challenge
        : (await takeSessionCeremony(db, step.session.sid, 'passkeyStepUp'))?.challenge;
    const factor = challenge
      ? await verifyAssertion(db, relyingParty(c.env, c.req.url), await factorsOf(db, step.user.id), challenge, response)
      : null;
    if (!factor) throw refused(c, step, 'passkey');
    return secondFactorConfirmed(c, db, step, 'passkey');
  });
