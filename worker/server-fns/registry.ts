import type { ServerFnContract } from '../contract/server-fns';
import { authFns } from './auth';
import type { ServerFnImpls } from './define';
import { newsMappingsFns } from './news-mappings';
import { newsRulesFns } from './news-rules';
import { newsSettingsFns } from './news-settings';
import { newsSourcesFns } from './news-sources';
import { newsTelegramFns } from './news-telegram';
import { newsThresholdsFns } from './news-thresholds';
import { newsTwitterFns } from './news-twitter';

/** Every server function of the contract with its implementation (a missing one does not compile). */
export const serverFns: ServerFnImpls<ServerFnContract> = {
  ...authFns,
  ...newsSettingsFns,
  ...newsMappingsFns,
  ...newsRulesFns,
  ...newsSourcesFns,
  ...newsTelegramFns,
  ...newsThresholdsFns,
  ...newsTwitterFns,
};
