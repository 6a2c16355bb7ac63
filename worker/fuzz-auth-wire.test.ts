import { fc, it } from '@fast-check/vitest';
import { beforeAll, describe, expect } from 'vitest';
import { z } from 'zod';
import { secondFactorCodeSchema } from './contract/auth';
import { authenticationResponseSchema } from './contract/webauthn';
import { authFailures, sessions } from './db/schema/sessions';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './http/auth/cookies';
import { CookieJar, db, fetchApp, insertUser, signedInJar } from './test/harness';
import { fuzzInput } from './test/fuzz-inputs';
import { passwordStep } from './test/second-factor-helpers';
import type { UserRow } from './db/schema/users';

/**
 * The /api/auth second-factor wire fed shaped and hostile bodies, by three callers: nobody, a sign-in
 * waiting for its second step, and a signed-in user (a step-up). No answer may be ≥ 500, and none
 * may start a session (no session row, no session cookie): only the right code or passkey does.
 */
const RUNS = 150;
const TIMEOUT_MS = 180_000;

const ENDPOINTS = {
  '/api/auth/second-factor/totp': secondFactorCodeSchema,
  '/api/auth/passkey/options': z.object({}),
  '/api/auth/passkey/verify': z.object({ response: authenticationResponseSchema }),
} as const;

/** A body shaped by the schema, or anything JSON can carry, or not JSON at all. */
const body = (schema: z.ZodType) =>
  fc.oneof(
    fuzzInput(schema).map((v) => JSON.stringify(v ?? {})),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.constantFrom('', '{', 'null', '[]', '{"code":null}', '{"code":"０１２３４５"}', '{"response":{"id":"xx"}}'),
    fc.string({ maxLength: 300 }),
  );

let user: UserRow;
const sessionCount = async () => (await db.select({ id: sessions.id }).from(sessions)).length;

beforeAll(async () => {
  user = await insertUser({ email: 'fuzz-2fa@example.com', canUseTerminal: true });
});

const callers = {
  anonymous: async () => new CookieJar(),
  pendingSignIn: async () => {
    // A fresh pending sign-in, and the failure limits reset, so every run reaches the code check.
    await db.delete(authFailures);
    const jar = new CookieJar();
    await passwordStep(jar, user.email, { ip: '198.51.100.250' });
    return jar;
  },
  signedIn: () => signedInJar(user),
} as const;

describe('fuzz the /api/auth second-factor wire: no 5xx, no session without the factor', () => {
  for (const [path, schema] of Object.entries(ENDPOINTS)) {
    for (const [who, jarFor] of Object.entries(callers)) {
      let jar: CookieJar | undefined;
      let sessionsBefore: number | undefined;
      it.prop([body(schema)], { numRuns: RUNS })(
        `${path} as ${who}`,
        async (raw) => {
          jar ??= await jarFor();
          sessionsBefore ??= await sessionCount();
          const res = await fetchApp(path, {
            method: 'POST',
            headers: { cookie: jar.header(), 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.250' },
            body: raw,
          });
          expect(res.status, `${path} answered ${res.status}: ${await res.clone().text()}`).toBeLessThan(500);
          const cookies = res.headers.getSetCookie();
          expect(cookies.some((c) => c.startsWith(`${ACCESS_COOKIE}=`) || c.startsWith(`${REFRESH_COOKIE}=`))).toBe(false);
          await res.body?.cancel();
          if (who === 'pendingSignIn') await db.delete(authFailures);
          expect(await sessionCount()).toBe(sessionsBefore);
        },
        TIMEOUT_MS,
      );
    }
  }
});
