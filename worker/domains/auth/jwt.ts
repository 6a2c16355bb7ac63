import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { ROLES } from '../../contract/enums';
import type { AccessClaims } from './claims';

/** What signing and verifying need from the Worker's configuration (env.ts Config has these). */
export interface JwtSettings {
  JWT_SECRET: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
  ACCESS_TOKEN_TTL_SECONDS: number;
}

/** RFC 9068 access-token type; checked on verify so other JWTs signed with the key are refused. */
const TOKEN_TYPE = 'at+jwt';
const ALGORITHMS = ['HS256'];
/** Our tokens are ~400 bytes; anything much larger is refused before parsing. */
export const MAX_TOKEN_LENGTH = 2048;
/**
 * Compact JWS, three unpadded base64url segments and nothing else: a lenient decoder would accept
 * `token=` or `+/` variants of a real token, so the same credential would have several spellings.
 */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const payloadSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  jti: z.string().min(1),
  exp: z.number(),
  role: z.enum(ROLES),
  approved: z.boolean(),
  isRiskTeam: z.boolean(),
  can_use_terminal: z.boolean(),
});

export interface VerifiedToken extends AccessClaims {
  jti: string;
  /** Expiry in ms since epoch. */
  expiresAt: number;
}

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  claims: AccessClaims,
  config: JwtSettings,
): Promise<{ token: string; jti: string; expiresAt: number }> {
  const jti = crypto.randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const exp = now + config.ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
    .setIssuer(config.JWT_ISSUER)
    .setAudience(config.JWT_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(keyFor(config.JWT_SECRET));
  return { token, jti, expiresAt: exp * 1000 };
}

/**
 * Verification results are cached per isolate until the token expires: HS256 tokens are immutable,
 * so a token that verified once verifies again until exp. Revocation is checked by the caller.
 */
const verified = new Map<string, VerifiedToken>();
const CACHE_LIMIT = 10_000;

export async function verifyAccessToken(token: string, config: JwtSettings): Promise<VerifiedToken | null> {
  if (token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) return null;
  const hit = verified.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, keyFor(config.JWT_SECRET), {
      algorithms: ALGORITHMS,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      typ: TOKEN_TYPE,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
    });
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) return null;
    const { exp, ...rest } = parsed.data;
    const result: VerifiedToken = { ...rest, expiresAt: exp * 1000 };
    if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(token, result);
    return result;
  } catch {
    return null;
  }
}

/** jti → expiry of tokens signed out in this isolate; the token's short life bounds other isolates. */
const revokedJtis = new Map<string, number>();

export function revokeAccessTokenLocally(jti: string, expiresAt: number) {
  const now = Date.now();
  for (const [k, exp] of revokedJtis) if (exp <= now) revokedJtis.delete(k);
  revokedJtis.set(jti, expiresAt);
}

export function isRevokedLocally(jti: string): boolean {
  return revokedJtis.has(jti);
}
