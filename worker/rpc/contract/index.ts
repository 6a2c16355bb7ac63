import { accountsContract } from './accounts';
import { usersContract } from './users';

/** The flat RPC contract (SPEC.md §7 names): one object per domain, merged. */
export const contract = {
  ...usersContract,
  ...accountsContract,
};

export type Contract = typeof contract;
