import { accountsContract } from './accounts';
import { alertsContract } from './alerts';
import { newsContract } from './news';
import { newsMappingsContract } from './news-mappings';
import { pricesContract } from './prices';
import { usersContract } from './users';
import { todoContract } from './todo';
import { riskContract } from './risk';
import { systemContract } from './system';
import { ordersContract } from './orders';
import { securityContract } from './security';
import { auditContract } from './audit';
import { watchlistsContract } from './watchlists';
import { performanceContract } from './performance';
import { pushContract } from './push';
import { newsTradesContract } from './news-trades';

/** The flat RPC contract (docs/PRODUCT-RULES.md §5 names): one object per domain, merged. */
export const contract = {
  ...usersContract,
  ...accountsContract,
  ...alertsContract,
  ...newsContract,
  ...newsMappingsContract,
  ...todoContract,
  ...riskContract,
  ...pricesContract,
  ...systemContract,
  ...ordersContract,
  ...securityContract,
  ...auditContract,
  ...watchlistsContract,
  ...performanceContract,
  ...pushContract,
  ...newsTradesContract,
};

export type Contract = typeof contract;
