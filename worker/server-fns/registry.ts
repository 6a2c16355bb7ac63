import * as auth from './auth';
import type { ServerFn } from './define';
import * as newsMappings from './news-mappings';
import * as newsRules from './news-rules';
import * as newsSettings from './news-settings';
import * as newsSources from './news-sources';
import * as newsTelegram from './news-telegram';
import * as newsThresholds from './news-thresholds';
import * as newsTwitter from './news-twitter';

/** Every server function by name (SPEC.md §7). Domains add their file's exports here. */
export const serverFns: Record<string, ServerFn> = {
  ...auth,
  ...newsSettings,
  ...newsMappings,
  ...newsRules,
  ...newsSources,
  ...newsTelegram,
  ...newsThresholds,
  ...newsTwitter,
};
