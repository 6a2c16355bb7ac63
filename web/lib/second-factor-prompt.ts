import type { SecondFactorReason } from '@contract/enums';

/**
 * What the SPA does when a call answers 403 because of the second factor (data.reason): a stale
 * confirmation opens the step-up dialog and the call is tried again once it is confirmed; a missing
 * factor leads to the security page to add one. The dialog and the navigation register themselves
 * here (features/security/second-factor-prompts.tsx); the RPC link asks (lib/rpc.ts).
 */
export function secondFactorReason(error: unknown): SecondFactorReason | undefined {
  const data = (error as { status?: unknown; data?: { reason?: unknown } } | null)?.data;
  const reason = data?.reason;
  return (error as { status?: unknown } | null)?.status === 403 &&
    (reason === 'stepUpRequired' || reason === 'secondFactorRequired')
    ? reason
    : undefined;
}

type StepUp = () => Promise<boolean>;
let stepUpHandler: StepUp | null = null;
let inFlight: Promise<boolean> | null = null;

export function onStepUpRequest(handler: StepUp) {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

/** Opens the step-up dialog once for every call that needs it; true when the factor was confirmed. */
export function requestStepUp(): Promise<boolean> {
  if (!stepUpHandler) return Promise.resolve(false);
  inFlight ??= stepUpHandler().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

let enrolHandler: (() => void) | null = null;

export function onEnrolRequest(handler: () => void) {
  enrolHandler = handler;
  return () => {
    if (enrolHandler === handler) enrolHandler = null;
  };
}

/** Leads to the security page to add a second factor (once per burst of refused calls). */
export function requestEnrolment() {
  enrolHandler?.();
}
