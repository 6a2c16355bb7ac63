import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { onEnrolRequest, onStepUpRequest } from '~/lib/second-factor-prompt';
import { StepUpDialog } from './step-up-dialog';

/**
 * Answers the RPC link's second-factor refusals (lib/second-factor-prompt.ts) for a signed-in user:
 * the step-up dialog for a stale confirmation, and the security page for a missing factor.
 */
export function SecondFactorPrompts() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      onStepUpRequest(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setOpen(true);
          }),
      ),
    [],
  );

  useEffect(() => {
    let last = 0;
    return onEnrolRequest(() => {
      // One toast and one navigation for a burst of refused calls (a page's queries fail together).
      if (Date.now() - last < 3_000) return;
      last = Date.now();
      if (router.state.location.pathname !== '/account/security') {
        toast.warning('Add a second factor to use this', { id: 'second-factor-required' });
        void router.navigate({ to: '/account/security', search: { enrol: true } });
      }
    });
  }, [router]);

  return (
    <StepUpDialog
      open={open}
      onDone={(confirmed) => {
        setOpen(false);
        settle.current?.(confirmed);
        settle.current = null;
      }}
    />
  );
}
