import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { PageHeader } from '~/components/layout/page';
import { Alert } from '~/components/ui/alert';
import { secondFactorsQuery } from './security-queries';
import { SecondFactorsSection } from './second-factors-section';
import { SessionsSection } from './sessions-section';

/**
 * /account/security: the signed-in user's second factors and recovery codes, and the sessions they
 * are signed in with. Where a refused power (403 secondFactorRequired) and a sign-in with a
 * recovery code lead.
 */
export function SecurityPage() {
  const search = useSearch({ from: '/account/security' });
  const { data } = useQuery(secondFactorsQuery);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8">
      <PageHeader title="Security" description="Your second factors and the places you are signed in." className="mb-0" />
      {search.recovered ? (
        <Alert tone="warning" data-testid="recovered-notice">
          You signed in with a recovery code
          {data ? ` (${data.recoveryCodesLeft} left)` : ''}. If you lost a device, add a new authenticator app or passkey and
          remove the lost one.
        </Alert>
      ) : null}
      {search.enrol ? (
        <Alert tone="info" data-testid="enrol-notice">
          Add a second factor to use your terminal, risk-team or admin access.
        </Alert>
      ) : null}
      <SecondFactorsSection />
      <SessionsSection />
    </div>
  );
}
