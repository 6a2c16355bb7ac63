import { usersContract } from './users';

/** The flat RPC contract (SPEC.md §7 names): one object per domain, merged. */
export const contract = {
  ...usersContract,
};

export type Contract = typeof contract;
