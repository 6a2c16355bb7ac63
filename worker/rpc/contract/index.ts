import { accountsContract } from './accounts';
import { alertsContract } from './alerts';
import { usersContract } from './users';

/** The flat RPC contract (SPEC.md §7 names): one object per domain, merged. */
export const contract = {
  ...usersContract,
  ...accountsContract,
  ...alertsContract,
};

export type Contract = typeof contract;
