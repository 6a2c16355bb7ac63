import { Hono } from 'hono';
import { authContract } from '../../contract/auth';
import { createDb } from '../../db/client';
import { getDummyHash, hashPassword, verifyPassword } from '../../domains/auth/password';
import { releaseSignInAttempt, reserveSignInAttempt, reserveSignUp, signInSucceeded } from '../../domains/auth/rate-limit';
import { rotateRefreshToken, startSession } from '../../domains/auth/sessions';
import { createUser } from '../../domains/users/create-user';
import { findUserByEmail } from '../../domains/users/find-user';
import { toUserDto } from '../../domains/users/user-dto';
import { getConfig } from '../../env';
import { domainError } from '../../lib/domain-error';
import type { AppEnv } from '../app-env';
import { clientIp, readJson } from '../request';
import { clearAuthCookies, readRefreshCookie } from './cookies';
import { issueSessionCookies } from './issue';
import { signOut } from './sign-out';
import { setPendingCookie } from './pending-cookie';
import { signInAudit } from './sign-in-audit';
import { signInMethods } from '../../domains/auth/second-factor/factors';
import { startPendingSignIn } from '../../domains/auth/second-factor/challenges';
import { auditActor, auditTrail } from '../../wiring/audit';

/** docs/PRODUCT-RULES.md §2: the authentication helper's HTTP endpoints under /api/auth. */
export const authRoutes = new Hono<AppEnv>()
  .post('/sign-up/email', async (c) => {
    const input = await readJson(c, authContract.signUp.input);
    const config = getConfig(c.env);
    const db = createDb(c.env.DB);
    await reserveSignUp(db, clientIp(c), {
      perIp: config.AUTH_MAX_SIGNUPS_PER_IP,
      global: config.AUTH_MAX_SIGNUPS_GLOBAL,
      windowSeconds: config.AUTH_SIGNUP_WINDOW_SECONDS,
    });
    if (await findUserByEmail(db, input.email)) throw domainError('CONFLICT', 'An account with this email already exists');
    const passwordHash = await hashPassword(input.password);
    const user = await createUser(db, { email: input.email, name: input.name, passwordHash }, config.BOOTSTRAP_ADMIN_EMAIL);
    const refresh = await startSession(db, user.id, config.REFRESH_TOKEN_TTL_DAYS, {
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
    });
    await issueSessionCookies(c, user, refresh);
    return c.json({ user: toUserDto(user) }, 201);
  })
  .post('/sign-in/email', async (c) => {
    const input = await readJson(c, authContract.signIn.input);
    const config = getConfig(c.env);
    const limits = {
      perEmail: config.AUTH_MAX_FAILS_PER_EMAIL,
      perIp: config.AUTH_MAX_FAILS_PER_IP,
      windowSeconds: config.AUTH_FAIL_WINDOW_SECONDS,
    };
    const ip = clientIp(c);
    const db = createDb(c.env.DB);
    // Reserved before the (costly) hash, so parallel guesses cannot all pass the check.
    await reserveSignInAttempt(db, input.email, ip, limits);

    const user = await findUserByEmail(db, input.email);
    // Unknown email and wrong password take the same path and the same time.
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
    const audit = signInAudit(c, user, input.email);
    if (!user || !ok) throw audit.refused(domainError('UNAUTHORIZED', 'Invalid email or password'));
    if (user.disabled) {
      await releaseSignInAttempt(db, input.email, ip);
      throw audit.refused(domainError('FORBIDDEN', 'This account has been disabled'));
    }
    // A user with a second factor gets a pending sign-in, not a session. The failure slot
    // this attempt took stays taken until the second step succeeds, so a known password buys no
    // fresh guesses at the code.
    const methods = await signInMethods(db, user.id);
    if (methods.kinds.length > 0) {
      const pending = await startPendingSignIn(db, user.id);
      setPendingCookie(c, pending.token, pending.expiresAt);
      return c.json({ secondFactor: { ...methods, expiresAt: pending.expiresAt } });
    }
    await signInSucceeded(db, input.email, ip);
    const refresh = await startSession(db, user.id, config.REFRESH_TOKEN_TTL_DAYS, { ip, userAgent: c.req.header('user-agent') });
    await issueSessionCookies(c, user, refresh);
    audit.done(refresh.sessionId);
    return c.json({ user: toUserDto(user) });
  })
  .post('/refresh', async (c) => {
    const presented = readRefreshCookie(c);
    if (!presented) throw domainError('UNAUTHORIZED', 'Sign in required');
    try {
      const { user, issued } = await rotateRefreshToken(createDb(c.env.DB), presented);
      await issueSessionCookies(c, user, issued);
      return c.json({ user: toUserDto(user) });
    } catch (err) {
      clearAuthCookies(c);
      throw err;
    }
  })
  .post('/sign-out', async (c) => {
    const session = c.get('session');
    await signOut(c);
    if (session) auditTrail(c.env)(auditActor(session, clientIp(c)), { action: 'auth.signOut', result: 'done' });
    return c.json({ success: true });
  })
  // Answers from the verified access token alone: no database read.
  .get('/get-session', (c) => {
    const s = c.get('session');
    if (!s) return c.json({ session: null });
    return c.json({
      session: { userId: s.sub, expiresAt: s.expiresAt },
      user: { id: s.sub, role: s.role, approved: s.approved, isRiskTeam: s.isRiskTeam, can_use_terminal: s.can_use_terminal },
    });
  });
