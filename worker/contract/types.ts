import type { InferContractRouterInputs, InferContractRouterOutputs } from '@orpc/contract';
import type { Contract } from './index';

/** The RPC contract's inputs and outputs by procedure, inferred (type-only: no zod in the importer's bundle). */
export type RpcInputs = InferContractRouterInputs<Contract>;
export type RpcOutputs = InferContractRouterOutputs<Contract>;
/** The signed-in user as getCurrentUser answers it. */
export type User = RpcOutputs['getCurrentUser'];
export type UserStatusFilter = NonNullable<RpcInputs['listUsers']['status']>;
