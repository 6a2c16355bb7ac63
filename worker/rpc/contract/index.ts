import { accountsContract } from './accounts';
import { alertsContract } from './alerts';
import { newsContract } from './news';
import { usersContract } from './users';

/** The flat RPC contract (SPEC.md §7 names): one object per domain, merged. */
export const contract = {
  ...usersContract,
  ...accountsContract,
  ...alertsContract,
  ...newsContract,
};

export type Contract = typeof contract;
