import type { SecondFactorReason } from '../../../contract/enums';
import { domainError } from '../../../lib/domain-error';
import { isAdminRole, type AccessLevel } from '../access';

/** What the fresh check needs to know about second factors (env.ts: SECOND_FACTOR_REQUIRED). */
export interface SecondFactorPolicy {
  /** terminal, risk-team and admin powers need an enrolled, confirmed second factor */
  required: boolean;
}

/** Step-up: the riskiest changes need a second factor confirmed at most this long ago. */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;

/** The levels that are powers: what a password alone must not open when the policy requires more. */
export const POWER_LEVELS: readonly AccessLevel[] = ['riskTeam', 'admin', 'terminal'];

/** Whether the user holds a power the policy guards (terminal, risk team, admin role). */
export function holdsPowers(user: { role: string; isRiskTeam: boolean; canUseTerminal: boolean }): boolean {
  return user.canUseTerminal || user.isRiskTeam || isAdminRole(user.role);
}

const MESSAGES: Record<SecondFactorReason, string> = {
  secondFactorRequired: 'Add a second factor (a passkey or an authenticator app) to use this',
  stepUpRequired: 'Confirm it is you with your second factor, then try again',
};

/** 403 with data.reason, which the SPA acts on (enrolment page, or the step-up dialog). */
export function secondFactorError(reason: SecondFactorReason) {
  return domainError('FORBIDDEN', MESSAGES[reason], {
    reason,
    ...(reason === 'stepUpRequired' ? { maxAgeSeconds: STEP_UP_MAX_AGE_MS / 1000 } : {}),
  });
}

/** What D1 says about the caller's second factor, read with the session (fresh-caller.ts). */
export interface SecondFactorState {
  /** the user has at least one second factor */
  enrolled: boolean;
  /** when this session last confirmed one (null: never) */
  confirmedAt: number | null;
}

/**
 * The caller's second-factor verdict for a call: null (pass) or the reason to refuse.
 * - A power needs, under the policy, an enrolled factor this session confirmed (at sign-in,
 *   enrolment or a step-up): otherwise "secondFactorRequired" (nothing enrolled) or "stepUpRequired".
 * - A step-up call needs, from an enrolled user, a confirmation at most 5 minutes old; a user
 *   without any factor passes (the policy already refused their powers if it requires one).
 */
export function secondFactorVerdict(
  state: SecondFactorState,
  opts: { power: boolean; stepUp: boolean; policy: SecondFactorPolicy; now: number },
): SecondFactorReason | null {
  if (opts.power && opts.policy.required) {
    if (!state.enrolled) return 'secondFactorRequired';
    if (state.confirmedAt === null) return 'stepUpRequired';
  }
  if (opts.stepUp && state.enrolled && (state.confirmedAt === null || state.confirmedAt < opts.now - STEP_UP_MAX_AGE_MS))
    return 'stepUpRequired';
  return null;
}
