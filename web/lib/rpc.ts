import { createORPCClient } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import type { ContractRouterClient } from '@orpc/contract';
import { createTanstackQueryUtils } from '@orpc/tanstack-query';
import type { Contract } from '@contract/index';
import { lastRefreshTime, refreshSession } from './auth-http';
import { errorStatus } from './http-error';
import { queryClient } from './query-client';
import { requestEnrolment, requestStepUp, secondFactorReason } from './second-factor-prompt';
import { USER_QUERY_KEY } from './user-query-key';

/** Read procedures go out as GET (cacheable, no CSRF body needed); everything else as POST. */
const READ_PROCEDURE = /^(get|list|fetch)[A-Z]/;

const link = new RPCLink({
  url: () => `${window.location.origin}/api/rpc`,
  // GET when the URL fits in 2083 characters (docs/PRODUCT-RULES.md §5), POST otherwise (oRPC's defaults).
  method: (_options, path) => (READ_PROCEDURE.test(path.at(-1) ?? '') ? 'GET' : 'POST'),
  maxUrlLength: 2083,
  fallbackMethod: 'POST',
  interceptors: [
    // Access tokens live 10 minutes: on a 401, refresh the session once and retry the call once.
    async ({ next, path }) => {
      const startedAt = performance.now();
      try {
        return await next();
      } catch (error) {
        if (errorStatus(error) !== 401) throw error;
        // Another call already refreshed after this one left: just retry with the new cookie.
        const refreshed = lastRefreshTime() > startedAt || (await refreshSession());
        if (refreshed) return await next();
        // The session is over. getCurrentUser resolves to null by itself; others mark the user anonymous.
        if (path.at(-1) !== 'getCurrentUser') void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY, exact: true });
        throw error;
      }
    },
    // A power whose second factor is stale or missing: confirm it (then retry once) or go and add one.
    async ({ next }) => {
      try {
        return await next();
      } catch (error) {
        const reason = secondFactorReason(error);
        if (reason === 'stepUpRequired' && (await requestStepUp())) return await next();
        if (reason === 'secondFactorRequired') requestEnrolment();
        throw error;
      }
    },
  ],
});

export const rpc: ContractRouterClient<Contract> = createORPCClient(link);

/** Query and mutation options per procedure (`orpc.listUsers.queryOptions({ input })`, `.key()`). */
export const orpc = createTanstackQueryUtils(rpc);
