import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { User } from '@contract/types';
import { permissions, userQuery } from './user-query';

/**
 * Route guards for the pathless layout routes (docs/PRODUCT-RULES.md §3). They are convenience only: every
 * procedure checks access on the server too (docs/PRODUCT-RULES.md §3).
 */
interface GuardArgs {
  context: { queryClient: QueryClient };
  location: ParsedLocation;
}

type Requirement = 'approved' | 'riskTeam' | 'admin' | 'terminal';

async function loadUser(context: GuardArgs['context']): Promise<User | null> {
  return context.queryClient.ensureQueryData(userQuery);
}

/** Anonymous or unapproved → /login?redirect=…; approved but lacking the role or flag → /. */
export async function requireAccess(requirement: Requirement, { context, location }: GuardArgs) {
  const user = await loadUser(context);
  const can = permissions(user);
  if (!can.approved) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
  if (requirement !== 'approved' && !can[requirement]) throw redirect({ to: '/' });
  return { user: user! };
}

/** Anyone signed in, approved or not (their own security page): anonymous → /login?redirect=…. */
export async function requireSignedIn({ context, location }: GuardArgs) {
  const user = await loadUser(context);
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  return { user };
}
