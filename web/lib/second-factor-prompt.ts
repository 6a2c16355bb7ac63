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
/** Step-ups asked before the (lazily loaded) prompts registered: answered once they do. */
let waitingForStepUpHandler: ((handler: StepUp | null) => void)[] = [];
/** How long a refused call waits for the prompts to load before it gives up and fails. */
const HANDLER_WAIT_MS = 10_000;

export function onStepUpRequest(handler: StepUp) {
  stepUpHandler = handler;
  const waiting = waitingForStepUpHandler;
  waitingForStepUpHandler = [];
  for (const deliver of waiting) deliver(handler);
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

function stepUpHandlerSoon(): Promise<StepUp | null> {
  if (stepUpHandler) return Promise.resolve(stepUpHandler);
  return new Promise((resolve) => {
    const deliver = (handler: StepUp | null) => {
      clearTimeout(timer);
      resolve(handler);
    };
    const timer = setTimeout(() => {
      waitingForStepUpHandler = waitingForStepUpHandler.filter((d) => d !== deliver);
      resolve(null);
    }, HANDLER_WAIT_MS);
    waitingForStepUpHandler.push(deliver);
  });
}

/**
 * Opens the step-up dialog once for every call that needs it; true when the factor was confirmed.
 * A page's first calls can be refused before the prompts' module has loaded: they wait for it.
 */
export function requestStepUp(): Promise<boolean> {
  inFlight ??= stepUpHandlerSoon()
    .then((handler) => (handler ? handler() : false))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

let enrolHandler: (() => void) | null = null;
/** An enrolment asked before the prompts registered (a page's first calls): delivered when they do. */
let enrolPendingSince: number | null = null;

export function onEnrolRequest(handler: () => void) {
  enrolHandler = handler;
  if (enrolPendingSince !== null && Date.now() - enrolPendingSince < HANDLER_WAIT_MS) handler();
  enrolPendingSince = null;
  return () => {
    if (enrolHandler === handler) enrolHandler = null;
  };
}

/** Leads to the security page to add a second factor (once per burst of refused calls). */
export function requestEnrolment() {
  if (enrolHandler) enrolHandler();
  else enrolPendingSince = Date.now();
}
