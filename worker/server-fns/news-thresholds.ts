import { newsThresholdsServerFns } from '../contract/server-fns/news-thresholds';
import {
  createPerformanceThreshold,
  deletePerformanceThreshold,
  readPerformanceThresholds,
} from '../domains/news/settings/performance-thresholds';
import { adminFn, approvedFn, implementServerFns } from './define';

export const newsThresholdsFns = implementServerFns(newsThresholdsServerFns, {
  getPerformanceThresholds: approvedFn(({ ctx }) => readPerformanceThresholds(ctx.db)),
  createPerformanceThreshold: adminFn(({ input, ctx }) => createPerformanceThreshold(ctx.db, input)),
  deletePerformanceThreshold: adminFn(({ input, ctx }) => deletePerformanceThreshold(ctx.db, input.id)),
});
