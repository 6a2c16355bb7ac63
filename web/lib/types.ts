import type { InferContractRouterInputs, InferContractRouterOutputs } from '@orpc/contract';
import type { Contract } from '../../worker/contract';

/** Types inferred from the server contract (type-only: zod never reaches the client bundle). */
export type RpcInputs = InferContractRouterInputs<Contract>;
export type RpcOutputs = InferContractRouterOutputs<Contract>;
export type User = RpcOutputs['getCurrentUser'];
export type Role = User['role'];
export type UserStatusFilter = NonNullable<RpcInputs['listUsers']['status']>;
