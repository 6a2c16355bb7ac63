import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '~/features/security/security-page';
import { secondFactorsQuery, sessionsQuery } from '~/features/security/security-queries';
import { ensureQueries } from '~/lib/ensure-queries';
import { requireSignedIn } from '~/lib/guards';

interface SecuritySearch {
  /** signed in with a recovery code: say how to replace the lost device */
  recovered?: boolean;
  /** sent here by a power that needs a second factor */
  enrol?: boolean;
}

export const Route = createFileRoute('/account/security')({
  validateSearch: (search: Record<string, unknown>): SecuritySearch => ({
    ...(search.recovered === true || search.recovered === 'true' ? { recovered: true } : {}),
    ...(search.enrol === true || search.enrol === 'true' ? { enrol: true } : {}),
  }),
  beforeLoad: (args) => requireSignedIn(args),
  loader: ({ context }) => ensureQueries(context.queryClient, secondFactorsQuery, sessionsQuery),
  component: SecurityPage,
});
