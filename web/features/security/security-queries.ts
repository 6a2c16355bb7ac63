import { orpc } from '~/lib/rpc';

/** The caller's second factors, recovery codes left, and whether the policy requires one of them. */
export const secondFactorsQuery = orpc.getSecondFactors.queryOptions();
/** Where the caller is signed in. */
export const sessionsQuery = orpc.listSessions.queryOptions();
