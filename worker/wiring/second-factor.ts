import { createDb } from '../db/client';
import type { FreshCheck } from '../domains/auth/fresh-caller';
import type { RelyingParty } from '../domains/auth/second-factor/passkeys';
import type { SecondFactorPolicy } from '../domains/auth/second-factor/policy';
import { revokedGrants, type StreamGrant } from '../domains/auth/stream-grant';
import { cachedKeyRing, type KeyRing } from '../domains/orders/key-vault';
import { getConfig, type Bindings } from '../env';

/** SECOND_FACTOR_REQUIRED as the fresh check reads it. */
export const secondFactorPolicy = (env: Bindings): SecondFactorPolicy => ({ required: getConfig(env).SECOND_FACTOR_REQUIRED });

/** The fresh check of a call (fresh-caller.ts): the policy, and whether the call is a step-up one. */
export const freshCheck = (env: Bindings, stepUp = false): FreshCheck => ({ policy: secondFactorPolicy(env), stepUp });

/**
 * The passkeys' relying party: WEBAUTHN_RP_ID when set (a deployment behind several host names),
 * otherwise the host the request came to; the origin is always the request's own. The browser puts
 * the page's origin into what it signs, so a passkey ceremony run on another site never verifies.
 */
export function relyingParty(env: Bindings, requestUrl: string): RelyingParty {
  const url = new URL(requestUrl);
  const config = getConfig(env);
  const id = config.WEBAUTHN_RP_ID ?? url.hostname;
  return { id, name: config.SITE_NAME, origins: [url.origin] };
}

/** SECOND_FACTOR_KEYRING, imported once per isolate; 503 when unset or malformed (authenticator apps off). */
export const secondFactorKeyRing = (env: Bindings): Promise<KeyRing> =>
  cachedKeyRing('SECOND_FACTOR_KEYRING', getConfig(env).SECOND_FACTOR_KEYRING, 'Authenticator apps');

/** The issuer an authenticator app shows beside the account (the site's name). */
export const totpIssuer = (env: Bindings) => getConfig(env).SITE_NAME;

/** A hub's re-check of its streams' access (EventStreamFanout): D1 and the second-factor policy. */
export const streamRevocations =
  (env: Bindings) =>
  (grants: readonly StreamGrant[]): Promise<Set<StreamGrant>> =>
    revokedGrants(createDb(env.DB), grants, { secondFactorRequired: secondFactorPolicy(env).required });
