import type { Session } from '../domains/auth/access';
import type { Bindings } from '../env';

export interface AppVariables {
  requestId: string;
  /** ms since epoch when the request reached the Worker */
  receivedAt: number;
  session: Session | null;
}

/** The Hono app's environment: the Worker's bindings and what the middleware sets per request. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: AppVariables;
}
